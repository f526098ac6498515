import { toast } from 'sonner'
import { AppError } from '~/lib/app-error'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useFoldGroup, useMoveGroup } from '../groups.queries'
import type { GroupNode } from '../groups.schemas'
import { canMove, type MoveCheck, type TreeIndex } from '../tree'
import { type MoveTarget, movePlacement } from '../tree-view-model'

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
    move.mutate({ id: node.id, version: node.version, ...target })
    openParent(target.parentId)
  }

  return { refusal, applyMove, openParent }
}
