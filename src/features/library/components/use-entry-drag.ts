import { type DragEvent, useState } from 'react'
import { dropAfterId } from './entry-list-model'
import type { DragHandlers } from './entry-list-row'

/**
 * Native drag and drop on a row's handle, in the manual order: the drop point
 * picks before or after the target row. Null handlers when reordering is off.
 */
export function useEntryDrag(options: {
  enabled: boolean
  /** The entry ids in the order shown. */
  order: readonly string[]
  rowHeight: number
  onReorder: (id: string, afterId: string | null, landing: number) => void
}) {
  const { order } = options
  const [dragId, setDragId] = useState<string | null>(null)
  const [dropMark, setDropMark] = useState<{ id: string; placement: 'before' | 'after' } | null>(
    null,
  )
  const handlers: DragHandlers | null = options.enabled
    ? {
        onDragStart: (event: DragEvent<HTMLElement>, id: string) => {
          setDragId(id)
          event.dataTransfer.effectAllowed = 'move'
          event.dataTransfer.setData('text/plain', id)
          const rowElement = event.currentTarget.closest('[data-row-id]')
          if (rowElement) event.dataTransfer.setDragImage(rowElement, 16, options.rowHeight / 2)
        },
        onDragOver: (event: DragEvent<HTMLElement>, id: string) => {
          if (!dragId) return
          event.preventDefault()
          const rect = event.currentTarget.getBoundingClientRect()
          const placement = event.clientY < rect.top + rect.height / 2 ? 'before' : 'after'
          if (dropMark?.id !== id || dropMark.placement !== placement) {
            setDropMark({ id, placement })
          }
        },
        onDrop: (event: DragEvent<HTMLElement>, id: string) => {
          event.preventDefault()
          const placement = dropMark?.id === id ? dropMark.placement : 'after'
          if (dragId) {
            const afterId = dropAfterId(order, dragId, id, placement)
            if (afterId !== undefined) {
              const others = order.filter((value) => value !== dragId)
              const landing = afterId === null ? 0 : others.indexOf(afterId) + 1
              options.onReorder(dragId, afterId, landing)
            }
          }
          setDragId(null)
          setDropMark(null)
        },
        onDragEnd: () => {
          setDragId(null)
          setDropMark(null)
        },
      }
    : null
  return { dragId, dropMark, handlers }
}
