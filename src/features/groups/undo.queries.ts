import type { QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { dependsOnGroups, groupKeys } from './group-keys'
import { moveGroup, removeItems } from './groups.functions'
import type { moveGroupSchema } from './groups.schemas'
import { putItemsBack } from './item-undo.functions'
import type { putItemsBackSchema } from './item-undo.schemas'

/*
 * The Undo of a toast: plain functions (not hooks), because the toast
 * outlives the screen or dialog that raised it. Each asks the server, which
 * refuses a stale undo (STALE_VERSION), then refreshes what it touched.
 */

function refresh(queryClient: QueryClient, keys: readonly (readonly unknown[])[]) {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** What an undo of items touches: the groups' counts and lists, and every channel's groups. */
const ITEMS_UNDONE = [
  groupKeys.tree(),
  groupKeys.details(),
  groupKeys.activities(),
  dependsOnGroups.tree,
  dependsOnGroups.membership,
] as const

/** Moves a group back where it was, from the version the move left it at. */
export async function moveGroupBack(
  queryClient: QueryClient,
  input: z.input<typeof moveGroupSchema>,
): Promise<void> {
  try {
    await moveGroup({ data: input })
  } finally {
    await refresh(queryClient, [
      groupKeys.tree(),
      groupKeys.details(),
      groupKeys.activities(),
      dependsOnGroups.tree,
    ])
  }
}

/** Puts removed or moved items back at their old positions. */
export async function putItemsBackAndRefresh(
  queryClient: QueryClient,
  input: z.input<typeof putItemsBackSchema>,
): Promise<void> {
  try {
    await putItemsBack({ data: input })
  } finally {
    await refresh(queryClient, ITEMS_UNDONE)
  }
}

/** Takes out of a group the entries an add (a drop from the library) put there. */
export async function takeAddedOutAndRefresh(
  queryClient: QueryClient,
  input: { groupId: string; entryIds: string[] },
): Promise<void> {
  try {
    await removeItems({ data: input })
  } finally {
    await refresh(queryClient, ITEMS_UNDONE)
  }
}
