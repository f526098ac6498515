import type { KeyboardEvent, RefObject } from 'react'
import { type EntryRow, selectRange, setAll, stepAfterId } from './entry-list-model'

export type FocusTarget = 'select' | 'handle'

/**
 * The list's keys: arrows, Home/End and Page keys move between rows (with
 * Shift, the selection grows from its anchor), Ctrl/Cmd+A selects every row
 * shown, Escape clears, and Alt+Up/Down moves an entry in the manual order.
 */
export function useEntryKeys(options: {
  visible: readonly EntryRow[]
  order: readonly string[]
  selected: ReadonlySet<string>
  onSelectedChange: (next: ReadonlySet<string>) => void
  /** Where Shift ranges start: the last row toggled or left with Shift. */
  anchorRef: RefObject<string | null>
  canReorder: boolean
  reorder: (id: string, afterId: string | null, landing: number) => void
  /** Focuses a control of the entry's row, once it is rendered at `index`. */
  focusEntry: (id: string, target: FocusTarget, index: number) => void
}) {
  const { visible, order, selected, onSelectedChange, anchorRef } = options
  return (event: KeyboardEvent<HTMLTableElement>) => {
    if (!(event.target instanceof HTMLElement)) return
    const id = event.target.closest<HTMLElement>('[data-row-id]')?.dataset.rowId
    if (!id) return
    const index = order.indexOf(id)
    const target = event.target.dataset.focus === 'handle' ? 'handle' : 'select'
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      if (!options.canReorder) return
      event.preventDefault()
      const direction = event.key === 'ArrowUp' ? -1 : 1
      const afterId = stepAfterId(order, id, direction)
      if (afterId === undefined) return
      options.reorder(id, afterId, index + direction)
      options.focusEntry(id, target, index + direction)
      return
    }
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: visible.length - 1,
      PageDown: Math.min(visible.length - 1, index + 10),
      PageUp: Math.max(0, index - 10),
    }
    const next = moves[event.key]
    if (next !== undefined && !event.ctrlKey && !event.metaKey) {
      event.preventDefault()
      const nextRow = visible[next]
      if (!nextRow || next === index) return
      if (event.shiftKey) {
        anchorRef.current ??= id
        onSelectedChange(selectRange(order, selected, anchorRef.current, nextRow.id, true))
      }
      options.focusEntry(nextRow.id, target, next)
      return
    }
    if (event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      onSelectedChange(setAll(order, selected, true))
      return
    }
    if (event.key === 'Escape' && selected.size > 0) {
      event.preventDefault()
      onSelectedChange(new Set())
    }
  }
}
