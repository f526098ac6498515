import { type Active, type Over, useDndMonitor } from '@dnd-kit/core'
import { useMemo, useRef, useState } from 'react'
import { useDragPointer } from '~/features/groups/components/group-drag-provider'
import { dragDataOf, dropDataOf, rowPlacement } from '~/features/groups/drag-data'
import { dropAfterId } from './entry-list-model'

export type DropMark = { id: string; placement: 'before' | 'after' }

/**
 * A list's side of the dashboard's drag context (dnd-kit): which of its rows
 * are being dragged (to a group, or to reorder), and in the manual order,
 * where one row lands among the others (before or after the row under the
 * pointer). Drops on a group are the context's.
 */
export function useEntryDrag(options: {
  listId: string
  canReorder: boolean
  /** The entry ids in the order shown. */
  order: readonly string[]
  rowElement: (id: string) => HTMLElement | null
  onReorder: (id: string, afterId: string | null, landing: number) => void
}) {
  const pointer = useDragPointer()
  const [draggingIds, setDraggingIds] = useState<ReadonlySet<string>>(new Set())
  const [dropMark, setDropMark] = useState<DropMark | null>(null)
  const latest = useRef(options)
  latest.current = options

  const listener = useMemo(() => {
    /** Reordering: one row of this list over another of its rows. */
    const markOf = (active: Active, over: Over | null): DropMark | null => {
      const { listId, canReorder, rowElement } = latest.current
      const drag = dragDataOf(active.data.current)
      const target = dropDataOf(over?.data.current)
      if (!canReorder || drag?.type !== 'entries' || drag.listId !== listId) return null
      if (drag.entries.length !== 1 || target?.type !== 'entry-target') return null
      if (target.listId !== listId || target.entryId === drag.entries[0]?.id) return null
      const element = rowElement(target.entryId)
      if (!element || !pointer.current) return null
      const placement = rowPlacement(pointer.current.y, element.getBoundingClientRect())
      return { id: target.entryId, placement }
    }
    const update = (event: { active: Active; over: Over | null }) => {
      const next = markOf(event.active, event.over)
      setDropMark((current) =>
        current?.id === next?.id && current?.placement === next?.placement ? current : next,
      )
    }
    const reset = () => {
      setDraggingIds(new Set())
      setDropMark(null)
    }
    return {
      onDragStart: ({ active }: { active: Active }) => {
        const drag = dragDataOf(active.data.current)
        if (drag?.type === 'entries' && drag.listId === latest.current.listId)
          setDraggingIds(new Set(drag.entries.map((entry) => entry.id)))
      },
      onDragMove: update,
      onDragOver: update,
      onDragEnd: ({ active, over }: { active: Active; over: Over | null }) => {
        const mark = markOf(active, over)
        const drag = dragDataOf(active.data.current)
        reset()
        const entryId = drag?.type === 'entries' ? drag.entries[0]?.id : undefined
        if (!mark || !entryId) return
        const { order, onReorder } = latest.current
        const afterId = dropAfterId(order, entryId, mark.id, mark.placement)
        if (afterId === undefined) return
        const others = order.filter((value) => value !== entryId)
        const landing = afterId === null ? 0 : others.indexOf(afterId) + 1
        onReorder(entryId, afterId, landing)
      },
      onDragCancel: reset,
    }
  }, [pointer])
  useDndMonitor(listener)

  return { draggingIds, dropMark }
}
