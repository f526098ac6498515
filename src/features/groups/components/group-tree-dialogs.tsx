import type { GroupNode } from '../groups.schemas'
import { DeleteGroupDialog } from './delete-group-dialog'
import { MoveGroupDialog } from './move-group-dialog'

export type TreeDialog = { kind: 'move' | 'delete'; group: GroupNode } | null

/** The tree's "Move to…" or "Delete" dialog for one group, when one is open. */
export function GroupTreeDialogs(props: {
  dialog: TreeDialog
  onClose: () => void
  /** After a move is sent: the tree opens the new parent. */
  onMoved: (parentId: string | null) => void
}) {
  const { dialog } = props
  if (!dialog) return null
  const onOpenChange = (open: boolean) => (open ? null : props.onClose())
  return dialog.kind === 'move' ? (
    <MoveGroupDialog
      group={dialog.group}
      open
      onOpenChange={onOpenChange}
      onMoved={props.onMoved}
    />
  ) : (
    <DeleteGroupDialog group={dialog.group} open onOpenChange={onOpenChange} />
  )
}
