import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { useAddItems, useMoveItems } from '../groups.queries'
import { putItemsBackAndRefresh, takeAddedOutAndRefresh } from '../undo.queries'
import { useUndoToast } from './undo-toast'

/** The bulk bar's "Move to" and a drop from a group's list on another group, with the 10 s Undo. */
export function useMoveItemsWithUndo() {
  const plural = usePlural()
  const moveItems = useMoveItems()
  const undoToast = useUndoToast()
  const queryClient = useQueryClient()
  return (input: { fromGroupId: string; toGroupId: string; entryIds: string[] }) => {
    moveItems
      .mutateAsync(input)
      .then((result) => {
        if (result.placements.length === 0) return
        undoToast(
          plural(
            { one: 'library.bulk.movedItems.one', other: 'library.bulk.movedItems.other' },
            result.placements.length,
          ),
          () =>
            putItemsBackAndRefresh(queryClient, {
              groupId: input.fromGroupId,
              items: result.placements,
              from: { groupId: input.toGroupId, entryIds: result.added },
            }),
        )
      })
      // A refusal is toasted by the mutation itself.
      .catch(() => {})
  }
}

/** Drops from a library screen, "Add to group", "Copy to"; Undo takes out exactly what this add put there. */
export function useAddItemsWithUndo() {
  const { t } = useI18n()
  const plural = usePlural()
  const addItems = useAddItems()
  const undoToast = useUndoToast()
  const queryClient = useQueryClient()
  return (input: { groupId: string; groupName: string; entryIds: string[] }) => {
    const { groupId, entryIds, groupName: group } = input
    addItems
      .mutateAsync({ groupId, entryIds })
      .then((result) => {
        if (result.addedIds.length === 0) {
          toast(t('groups.drop.alreadyThere', { group }))
          return
        }
        undoToast(
          plural({ one: 'groups.drop.added.one', other: 'groups.drop.added.other' }, result.added, {
            group,
          }),
          () => takeAddedOutAndRefresh(queryClient, { groupId, entryIds: result.addedIds }),
        )
      })
      // A refusal is toasted by the mutation itself.
      .catch(() => {})
  }
}
