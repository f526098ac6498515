import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { dependsOnGroups, groupKeys } from './group-keys'
import { listTrash, purgeGroup, restoreGroup } from './trash.functions'
import type { trashRefSchema } from './trash.schemas'

/* The trash: its list, restore (also the Undo of a deletion) and delete forever. */

export const trashQuery = () =>
  queryOptions({ queryKey: groupKeys.trash(), queryFn: () => listTrash() })

type TrashRefInput = z.input<typeof trashRefSchema>

/**
 * Not optimistic: the server may refuse (a name taken meanwhile, the depth
 * limit), and the caller says so in place. A restore brings back groups,
 * items, shares and activity: everything derived from groups refreshes.
 */
export function useRestoreGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TrashRefInput) => restoreGroup({ data: input }),
    onSettled: () =>
      Promise.all(
        [
          groupKeys.trash(),
          groupKeys.tree(),
          groupKeys.details(),
          groupKeys.activities(),
          dependsOnGroups.tree,
          dependsOnGroups.membership,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  })
}

/** Nothing live changes: only the trash's list refreshes. */
export function usePurgeGroup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: TrashRefInput) => purgeGroup({ data: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.trash() }),
  })
}
