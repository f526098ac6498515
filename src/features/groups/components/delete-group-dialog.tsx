import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import { groupKeys } from '../group-keys'
import { deletePreviewQuery, useDeleteGroup } from '../groups.queries'
import type { GroupNode } from '../groups.schemas'
import { restoreFromTrash } from '../trash.queries'
import { TRASH_KEEP_DAYS } from '../trash.schemas'
import { useUndoToast } from './undo-toast'

export type DeleteGroupDialogProps = {
  /** The group to delete and the version it was read at. */
  group: Pick<GroupNode, 'id' | 'name' | 'version'>
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Called after the server confirmed the deletion (e.g. to leave the group's page). */
  onDeleted?: () => void
}

/**
 * Confirms a deletion after saying what goes with it (subgroups, items in
 * groups) and what stays (the library). Waits for the server, so a stale
 * version is explained here with a way to reload, not after the fact.
 */
export function DeleteGroupDialog(props: DeleteGroupDialogProps) {
  const { t } = useI18n()
  const plural = usePlural()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const preview = useQuery({ ...deletePreviewQuery(props.group.id), enabled: props.open })
  const remove = useDeleteGroup()
  const undoToast = useUndoToast()

  const openChange = (open: boolean) => {
    if (!open) remove.reset()
    props.onOpenChange(open)
  }
  const reload = async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: groupKeys.tree() }),
      queryClient.refetchQueries({ queryKey: groupKeys.detail(props.group.id) }),
      preview.refetch(),
    ])
    remove.reset()
  }

  const confirm = () =>
    remove.mutate(
      { id: props.group.id, version: props.group.version },
      {
        onSuccess: () => {
          const { id, name } = props.group
          // Undo restores from the trash on the server; the toast outlives this dialog.
          undoToast(
            t('groups.delete.done', { name }),
            () => restoreFromTrash(queryClient, { id }),
            (restored) =>
              t(restored.movedToTop ? 'groups.trash.restoredTop' : 'groups.trash.restored', {
                name,
              }),
          )
          openChange(false)
          props.onDeleted?.()
        },
      },
    )

  const counts = preview.data
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={openChange}
      title={t('groups.delete.title', { name: props.group.name })}
      description={
        counts ? (
          <>
            <p>
              {counts.subgroups > 0
                ? plural(
                    { one: 'groups.delete.subgroups.one', other: 'groups.delete.subgroups.other' },
                    counts.subgroups,
                  )
                : t('groups.delete.noSubgroups')}{' '}
              {counts.items > 0
                ? plural(
                    { one: 'groups.delete.items.one', other: 'groups.delete.items.other' },
                    counts.items,
                  )
                : null}
            </p>
            <p>{t('groups.delete.libraryStays')}</p>
            <p>{t('groups.delete.trashNote', { days: TRASH_KEEP_DAYS })}</p>
          </>
        ) : preview.isError ? (
          <p>{errorText(preview.error)}</p>
        ) : (
          <p role="status">{t('groups.delete.counting')}</p>
        )
      }
      confirmLabel={t('groups.delete.confirm')}
      pendingLabel={t('groups.delete.deleting')}
      pending={remove.isPending}
      confirmDisabled={!counts}
      error={remove.error}
      onConfirm={confirm}
      onReload={reload}
    />
  )
}
