import { type Active, type Over, useDndMonitor } from '@dnd-kit/core'
import { useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { dragDataOf, dropDataOf } from '../drag-data'
import type { GroupNode } from '../groups.schemas'
import { canMove, type MoveCheck, type TreeIndex } from '../tree'
import {
  type DropPosition,
  dropMoveTarget,
  dropPositionAt,
  type MoveTarget,
} from '../tree-view-model'
import { useDragPointer } from './group-drag-provider'

/**
 * Dragging groups in the tree (dnd-kit, in the dashboard's drag context): a
 * row lands before, inside or after another, by where the pointer is on it.
 * A drop the tree would refuse shows no mark, and its reason when the drag ends.
 */
export function useTreeDrag(options: {
  index: TreeIndex<GroupNode>
  maxDepth: number
  /** The row element of a group, to read where the pointer is on it. */
  rowElement: (id: string) => HTMLElement | null
  refusal: (check: MoveCheck) => string
  onMove: (node: GroupNode, target: MoveTarget) => void
}) {
  const pointer = useDragPointer()
  const [drop, setDrop] = useState<{ id: string; position: DropPosition } | null>(null)
  const [draggingId, setDraggingId] = useState<string | null>(null)
  const lastRefusal = useRef<MoveCheck | null>(null)
  const latest = useRef(options)
  latest.current = options

  const listener = useMemo(() => {
    const evaluate = (active: Active, over: Over | null) => {
      const { index, maxDepth, rowElement } = latest.current
      const drag = dragDataOf(active.data.current)
      const target = dropDataOf(over?.data.current)
      if (drag?.type !== 'group' || target?.type !== 'group-target' || target.place !== 'tree')
        return null
      const element = rowElement(target.groupId)
      const node = index.byId.get(target.groupId)
      if (!element || !node || !pointer.current) return null
      const rect = element.getBoundingClientRect()
      const position = dropPositionAt(pointer.current.y - rect.top, rect.height)
      const hasChildren = (index.children.get(node.id)?.length ?? 0) > 0
      const moveTarget = dropMoveTarget(
        index,
        drag.groupId,
        { id: node.id, expanded: node.expanded, hasChildren },
        position,
      )
      return {
        id: node.id,
        position,
        node: index.byId.get(drag.groupId),
        target: moveTarget,
        check: moveTarget ? canMove(index, drag.groupId, moveTarget.parentId, maxDepth) : null,
      }
    }
    const update = (event: { active: Active; over: Over | null }) => {
      const result = evaluate(event.active, event.over)
      lastRefusal.current = result?.check && result.check !== 'ok' ? result.check : null
      const next = result?.check === 'ok' ? { id: result.id, position: result.position } : null
      setDrop((current) =>
        current?.id === next?.id && current?.position === next?.position ? current : next,
      )
    }
    const reset = () => {
      lastRefusal.current = null
      setDrop(null)
      setDraggingId(null)
    }
    return {
      onDragStart: ({ active }: { active: Active }) => {
        const drag = dragDataOf(active.data.current)
        lastRefusal.current = null
        if (drag?.type === 'group') setDraggingId(drag.groupId)
      },
      onDragMove: update,
      onDragOver: update,
      onDragEnd: ({ active, over }: { active: Active; over: Over | null }) => {
        const result = evaluate(active, over)
        const refused = lastRefusal.current
        reset()
        if (result?.node && result.target && result.check === 'ok') {
          latest.current.onMove(result.node, result.target)
        } else if (refused) {
          toast.error(latest.current.refusal(refused))
        }
      },
      onDragCancel: reset,
    }
  }, [pointer])
  useDndMonitor(listener)

  return { drop, draggingId }
}
