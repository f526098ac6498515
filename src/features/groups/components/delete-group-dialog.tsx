import { useQuery, useQueryClient } from '@tanstack/react-query'
import { RotateCw } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog'
import { FormAlert } from '~/components/ui/form-alert'
import { errorCodeOf } from '~/lib/app-error'
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
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open ? (
        <DialogContent role="alertdialog">
          <DialogTitle className="text-lg font-semibold">
            {t('groups.delete.title', { name: props.group.name })}
          </DialogTitle>
          <DeleteGroupBody {...props} />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function DeleteGroupBody(props: DeleteGroupDialogProps) {
  const { t } = useI18n()
  const plural = usePlural()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const preview = useQuery(deletePreviewQuery(props.group.id))
  const remove = useDeleteGroup()
  const undoToast = useUndoToast()
  const stale = remove.error ? errorCodeOf(remove.error).code === 'STALE_VERSION' : false

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
          props.onOpenChange(false)
          props.onDeleted?.()
        },
      },
    )

  const counts = preview.data
  return (
    <>
      <DialogDescription asChild>
        <div className="grid gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          {counts ? (
            <>
              <p>
                {counts.subgroups > 0
                  ? plural(
                      {
                        one: 'groups.delete.subgroups.one',
                        other: 'groups.delete.subgroups.other',
                      },
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
          )}
        </div>
      </DialogDescription>
      {stale ? (
        <FormAlert tone="error">
          <p>{errorText(remove.error)}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={reload}>
            <RotateCw aria-hidden size={14} />
            {t('groups.form.reload')}
          </Button>
        </FormAlert>
      ) : remove.error ? (
        <FormAlert tone="error">{errorText(remove.error)}</FormAlert>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">{t('groups.common.cancel')}</Button>
        </DialogClose>
        <Button variant="danger" onClick={confirm} disabled={!counts || remove.isPending || stale}>
          {remove.isPending ? t('groups.delete.deleting') : t('groups.delete.confirm')}
        </Button>
      </div>
    </>
  )
}
