import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '~/components/ui/dialog'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useMoveGroup } from '../groups.queries'
import type { GroupNode } from '../groups.schemas'
import { previousSiblingId } from '../tree'
import { invalidParentIds } from '../tree-view-model'
import { moveGroupBack } from '../undo.queries'
import { GroupPicker, usePickerTree } from './group-picker'
import { useUndoToast } from './undo-toast'

export type MoveGroupDialogProps = {
  group: Pick<GroupNode, 'id' | 'name' | 'parentId' | 'version'>
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Called once the move is sent (it shows at once; a refusal rolls back with a toast). */
  onMoved?: (parentId: string | null) => void
  /** Shared with the reader: only the shared subtree, no "Top level" (the server refuses the rest). */
  shared?: boolean
}

/** Subtree and too-deep parents disabled; the group lands last among its new siblings. */
export function MoveGroupDialog(props: MoveGroupDialogProps) {
  const { t } = useI18n()
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open ? (
        <DialogContent className="max-w-xl">
          <DialogTitle className="text-lg font-semibold">
            {t('groups.move.title', { name: props.group.name })}
          </DialogTitle>
          <DialogDescription className="text-sm text-zinc-700 dark:text-zinc-300">
            {t('groups.move.description')}
          </DialogDescription>
          <MoveGroupBody {...props} />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function MoveGroupBody(props: MoveGroupDialogProps) {
  const { t } = useI18n()
  const { tree, isError } = usePickerTree(props.shared ? props.group.id : null)
  const move = useMoveGroup()
  const undoToast = useUndoToast()
  const queryClient = useQueryClient()
  const [target, setTarget] = useState<string | null>(props.group.parentId)
  const disabled = useMemo(
    () => (tree ? invalidParentIds(tree.groups, props.group.id, tree.maxDepth) : new Set<string>()),
    [tree, props.group.id],
  )
  if (!tree) {
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {isError ? t('groups.move.loadFailed') : t('groups.move.loading')}
      </p>
    )
  }
  const targetName = tree.groups.find((node) => node.id === target)?.name ?? ''
  const unchanged = target === props.group.parentId
  const allowed = target === null ? tree.topLevel : !disabled.has(target)
  const confirm = () => {
    const { id, name, parentId } = props.group
    const back = { id, parentId, afterId: previousSiblingId(tree.groups, id, parentId) }
    // mutateAsync: the toast is raised even though this dialog is gone by then.
    move
      .mutateAsync({ id, version: props.group.version, parentId: target })
      .then((moved) =>
        undoToast(
          target === null
            ? t('groups.move.doneTop', { name })
            : t('groups.move.done', { name, target: targetName }),
          () => moveGroupBack(queryClient, { ...back, version: moved.version }),
        ),
      )
      // A refusal is toasted by the mutation itself.
      .catch(() => {})
    props.onMoved?.(target)
    props.onOpenChange(false)
  }
  return (
    <>
      <GroupPicker
        mode="single"
        label={t('groups.move.target')}
        nodes={tree.groups}
        value={target}
        onChange={setTarget}
        topLevelLabel={tree.topLevel ? t('groups.picker.topLevel') : undefined}
        disabledIds={disabled}
      />
      {tree.root ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('shared.picker.within', { root: tree.root.name })}
        </p>
      ) : null}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t('groups.move.disabledHint', { max: tree.maxDepth })}
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">{t('groups.common.cancel')}</Button>
        </DialogClose>
        <Button onClick={confirm} disabled={unchanged || !allowed}>
          {t('groups.move.confirm')}
        </Button>
      </div>
    </>
  )
}
