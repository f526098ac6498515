import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { AppError } from '~/lib/app-error'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useFoldGroup, useMoveGroup } from '../groups.queries'
import type { GroupNode } from '../groups.schemas'
import { canMove, type MoveCheck, previousSiblingId, type TreeIndex } from '../tree'
import { type MoveTarget, movePlacement } from '../tree-view-model'
import { moveGroupBack } from '../undo.queries'
import { useUndoToast } from './undo-toast'

/**
 * Moving groups in the tree, by keyboard or drag: refused moves say why, and
 * a move is announced, sent (it shows at once) and opens its new parent so
 * the group stays in sight.
 */
export function useTreeMoves(options: {
  index: TreeIndex<GroupNode>
  maxDepth: number
  announce: (text: string) => void
}) {
  const { index, maxDepth, announce } = options
  const { t, formatNumber } = useI18n()
  const errorText = useErrorText()
  const fold = useFoldGroup()
  const move = useMoveGroup()
  const undoToast = useUndoToast()
  const queryClient = useQueryClient()

  const refusal = (check: MoveCheck) =>
    check === 'cycle'
      ? errorText(new AppError('GROUP_CYCLE'))
      : errorText(new AppError('GROUP_DEPTH_LIMIT', { max: maxDepth }))

  const announceMove = (node: GroupNode, target: MoveTarget) => {
    const { position, size } = movePlacement(index, node.id, target)
    const parent = target.parentId ? index.byId.get(target.parentId) : null
    announce(
      parent
        ? t('groups.tree.movedInto', {
            name: node.name,
            parent: parent.name,
            position: formatNumber(position),
            size: formatNumber(size),
          })
        : t('groups.tree.movedTop', {
            name: node.name,
            position: formatNumber(position),
            size: formatNumber(size),
          }),
    )
  }

  /** Opens a folded parent, so a group moved (or about to be) into it stays in sight. */
  const openParent = (parentId: string | null) => {
    const parent = parentId ? index.byId.get(parentId) : null
    if (parent && !parent.expanded) fold.mutate({ id: parent.id, expanded: true })
  }

  const applyMove = (node: GroupNode, target: MoveTarget) => {
    const check = canMove(index, node.id, target.parentId, maxDepth)
    if (check !== 'ok') {
      toast.error(refusal(check))
      return
    }
    announceMove(node, target)
    const back = {
      id: node.id,
      parentId: node.parentId,
      afterId: previousSiblingId(index, node.id, node.parentId),
    }
    const parent = target.parentId ? index.byId.get(target.parentId) : null
    move
      .mutateAsync({ id: node.id, version: node.version, ...target })
      .then((moved) => {
        // Reordering among the same siblings is undone by the same gesture; a new parent gets Undo.
        if (target.parentId === node.parentId) return
        undoToast(
          parent
            ? t('groups.move.done', { name: node.name, target: parent.name })
            : t('groups.move.doneTop', { name: node.name }),
          () => moveGroupBack(queryClient, { ...back, version: moved.version }),
        )
      })
      // A refusal is toasted by the mutation itself.
      .catch(() => {})
    openParent(target.parentId)
  }

  return { refusal, applyMove, openParent }
}
