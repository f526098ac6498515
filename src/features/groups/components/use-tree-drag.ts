import { type DragEvent, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { GroupNode } from '../groups.schemas'
import { canMove, type MoveCheck, type TreeIndex } from '../tree'
import {
  type DropPosition,
  dropMoveTarget,
  dropPositionAt,
  type MoveTarget,
} from '../tree-view-model'
import type { TreeRowData } from './group-tree-row'

const DRAG_TYPE = 'application/x-tubefold-group'

/**
 * Drag and drop (mouse) in the tree: a row lands before, inside or after
 * another. A drop the tree would refuse shows "not allowed" while dragging,
 * and its reason when the drag ends.
 */
export function useTreeDrag(options: {
  index: TreeIndex<GroupNode>
  maxDepth: number
  /** No dragging while a search hides part of the tree. */
  disabled: boolean
  refusal: (check: MoveCheck) => string
  onMove: (node: GroupNode, target: MoveTarget) => void
}) {
  const { index, maxDepth } = options
  const dragId = useRef<string | null>(null)
  const lastRefusal = useRef<MoveCheck | null>(null)
  const dropped = useRef(false)
  const [drop, setDrop] = useState<{ id: string; position: DropPosition } | null>(null)
  const [draggingId, setDraggingId] = useState<string | null>(null)

  const dropAt = (event: DragEvent<HTMLDivElement>, row: TreeRowData) => {
    const id = dragId.current
    if (!id) return null
    const rect = event.currentTarget.getBoundingClientRect()
    const position = dropPositionAt(event.clientY - rect.top, rect.height)
    const target = dropMoveTarget(
      index,
      id,
      { id: row.node.id, expanded: row.expanded, hasChildren: row.hasChildren },
      position,
    )
    return {
      position,
      target,
      check: target ? canMove(index, id, target.parentId, maxDepth) : null,
    }
  }

  const onDragStart = (event: DragEvent<HTMLDivElement>, row: TreeRowData) => {
    if (options.disabled) {
      event.preventDefault()
      return
    }
    dragId.current = row.node.id
    dropped.current = false
    lastRefusal.current = null
    event.dataTransfer.effectAllowed = 'move'
    event.dataTransfer.setData(DRAG_TYPE, row.node.id)
    event.dataTransfer.setData('text/plain', row.node.name)
    setDraggingId(row.node.id)
  }

  const onDragOver = (event: DragEvent<HTMLDivElement>, row: TreeRowData) => {
    const result = dropAt(event, row)
    if (!result) return
    if (!result.target) {
      lastRefusal.current = null
      if (drop) setDrop(null)
      return
    }
    if (result.check !== 'ok') {
      // Not calling preventDefault refuses the drop: the pointer shows "not allowed".
      lastRefusal.current = result.check
      if (drop) setDrop(null)
      return
    }
    lastRefusal.current = null
    event.preventDefault()
    event.dataTransfer.dropEffect = 'move'
    if (drop?.id !== row.node.id || drop.position !== result.position)
      setDrop({ id: row.node.id, position: result.position })
  }

  const onDrop = (event: DragEvent<HTMLDivElement>, row: TreeRowData) => {
    const result = dropAt(event, row)
    const node = dragId.current ? index.byId.get(dragId.current) : undefined
    setDrop(null)
    if (!result?.target || !node) return
    event.preventDefault()
    dropped.current = true
    options.onMove(node, result.target)
  }

  const onDragEnd = () => {
    if (!dropped.current && lastRefusal.current) toast.error(options.refusal(lastRefusal.current))
    dragId.current = null
    lastRefusal.current = null
    setDrop(null)
    setDraggingId(null)
  }

  /** On the tree: leaving it clears the drop mark. */
  const onTreeDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // relatedTarget is often null during a drag: judge by where the pointer is.
    const rect = event.currentTarget.getBoundingClientRect()
    const { clientX: x, clientY: y } = event
    if (x <= rect.left || x >= rect.right || y <= rect.top || y >= rect.bottom) {
      setDrop(null)
      lastRefusal.current = null
    }
  }

  return { drop, draggingId, onDragStart, onDragOver, onDrop, onDragEnd, onTreeDragLeave }
}
