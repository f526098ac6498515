import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { dependsOnGroups, groupKeys } from './group-keys'
import { listTrash, purgeGroup, restoreGroup } from './trash.functions'
import type { RestoredGroup, trashRefSchema } from './trash.schemas'

/* The trash: its list, restore (also the Undo of a deletion) and delete forever. */

export const trashQuery = () =>
  queryOptions({ queryKey: groupKeys.trash(), queryFn: () => listTrash() })

type TrashRefInput = z.input<typeof trashRefSchema>

/**
 * Restores on the server, then refreshes what a restore brings back (groups,
 * items, shares, activity). A plain function so a toast's Undo can call it
 * after the dialog that raised the toast is gone.
 */
export async function restoreFromTrash(
  queryClient: QueryClient,
  input: TrashRefInput,
): Promise<RestoredGroup> {
  try {
    return await restoreGroup({ data: input })
  } finally {
    await Promise.all(
      [
        groupKeys.trash(),
        groupKeys.tree(),
        groupKeys.details(),
        groupKeys.activities(),
        dependsOnGroups.tree,
        dependsOnGroups.membership,
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
  }
}

/** Not optimistic: the server may refuse (a name taken meanwhile, the depth limit). */
export function useRestoreGroup() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: (input: TrashRefInput) => restoreFromTrash(queryClient, input) })
}

/** Nothing live changes: only the trash's list refreshes. */
export function usePurgeGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TrashRefInput) => purgeGroup({ data: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.trash() }),
  })
}
