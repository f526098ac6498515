import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useVirtualRows } from '~/components/ui/use-virtual-rows'
import { cn } from '~/lib/cn'

const CELL = 44
const TITLE_HEIGHT = 32

export type GridHandle = { focus: () => void }
type Section<T> = { key: string; title: string | null; items: readonly T[] }
type GridRow = { kind: 'title'; title: string } | { kind: 'cells'; first: number; count: number }

/** Rows of a sectioned grid: a title row per titled section, then rows of `columns` cells. */
function gridRows<T>(sections: readonly Section<T>[], columns: number) {
  const rows: GridRow[] = []
  const items: T[] = []
  const rowOfItem: number[] = []
  for (const section of sections) {
    if (section.title) rows.push({ kind: 'title', title: section.title })
    for (let start = 0; start < section.items.length; start += columns) {
      const count = Math.min(columns, section.items.length - start)
      for (let i = 0; i < count; i++) rowOfItem.push(rows.length)
      rows.push({ kind: 'cells', first: items.length + start, count })
    }
    items.push(...section.items)
  }
  return { rows, items, rowOfItem }
}

/** The index of the option an event happened in, or -1. */
function optionAt(target: EventTarget): number {
  const option = target instanceof Element ? target.closest<HTMLElement>('[data-option]') : null
  return option ? Number(option.dataset.option) : -1
}

/**
 * A listbox as a grid: one tab stop, arrows move in two dimensions. Only visible rows render, but the
 * active option always does, for aria-activedescendant.
 */
export function IconGrid<T>(props: {
  ref: Ref<GridHandle>
  label: string
  sections: readonly Section<T>[]
  itemKey: (item: T) => string
  itemLabel: (item: T) => string
  isSelected: (item: T) => boolean
  onChoose: (item: T) => void
  renderItem: (item: T) => ReactNode
}) {
  const id = useId()
  const scrollRef = useRef<HTMLDivElement>(null)
  const [columns, setColumns] = useState(8)
  const { rows, items, rowOfItem } = useMemo(
    () => gridRows(props.sections, columns),
    [props.sections, columns],
  )
  const selectedIndex = items.findIndex(props.isSelected)
  const [active, setActive] = useState(Math.max(0, selectedIndex))
  const activeIndex = Math.min(active, items.length - 1)
  const activeRow = rowOfItem[activeIndex] ?? 0

  // A new search starts at the first result.
  const sectionsRef = useRef(props.sections)
  useEffect(() => {
    if (sectionsRef.current !== props.sections) {
      sectionsRef.current = props.sections
      setActive(0)
    }
  }, [props.sections])

  const rowHeight = useCallback(
    (index: number) => (rows[index]?.kind === 'title' ? TITLE_HEIGHT : CELL),
    [rows],
  )
  // The active option stays rendered: aria-activedescendant must point at an element.
  const list = useVirtualRows({
    count: rows.length,
    rowHeight,
    scrollRef,
    keepIndex: activeRow,
  })
  const { scrollToIndex } = list

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const observer = new ResizeObserver(() => {
      setColumns(Math.max(4, Math.floor(element.clientWidth / CELL)))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useImperativeHandle(props.ref, () => ({ focus: () => scrollRef.current?.focus() }), [])

  // Keep the selected icon in view when the dialog opens.
  const didScroll = useRef(false)
  useEffect(() => {
    if (didScroll.current || selectedIndex < 0) return
    didScroll.current = true
    scrollToIndex(rowOfItem[selectedIndex] ?? 0, 'center')
  }, [selectedIndex, rowOfItem, scrollToIndex])

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index))
    setActive(next)
    scrollToIndex(rowOfItem[next] ?? 0)
  }

  /** The item in the nearest row with cells above (-1) or below (+1), same column if possible. */
  const verticalNeighbour = (direction: -1 | 1) => {
    const row = rows[activeRow]
    if (row?.kind !== 'cells') return activeIndex
    const column = activeIndex - row.first
    for (let r = activeRow + direction; r >= 0 && r < rows.length; r += direction) {
      const candidate = rows[r]
      if (candidate?.kind === 'cells')
        return candidate.first + Math.min(column, candidate.count - 1)
    }
    return activeIndex
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 0) / CELL))
    const chosen = items[activeIndex]
    switch (event.key) {
      case 'ArrowRight':
        moveTo(activeIndex + 1)
        break
      case 'ArrowLeft':
        moveTo(activeIndex - 1)
        break
      case 'ArrowDown':
        moveTo(verticalNeighbour(1))
        break
      case 'ArrowUp':
        moveTo(verticalNeighbour(-1))
        break
      case 'PageDown':
        moveTo(activeIndex + columns * pageRows)
        break
      case 'PageUp':
        moveTo(activeIndex - columns * pageRows)
        break
      case 'Home':
        moveTo(0)
        break
      case 'End':
        moveTo(items.length - 1)
        break
      case 'Enter':
      case ' ':
        if (chosen !== undefined) props.onChoose(chosen)
        break
      default:
        return
    }
    event.preventDefault()
  }

  const optionId = (index: number) => `${id}-option-${index}`
  return (
    <div
      ref={scrollRef}
      role="listbox"
      aria-label={props.label}
      aria-activedescendant={items.length > 0 ? optionId(activeIndex) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      // Options take the pointer through the listbox, which owns the keyboard (aria-activedescendant).
      onClick={(event) => {
        const chosen = items[optionAt(event.target)]
        if (chosen !== undefined) props.onChoose(chosen)
      }}
      onMouseMove={(event) => {
        const index = optionAt(event.target)
        if (index >= 0 && index !== activeIndex) setActive(index)
      }}
      className="h-72 overflow-y-auto rounded-lg border border-zinc-200 outline-none focus-visible:ring-2 focus-visible:ring-primary dark:border-zinc-800"
    >
      <div className="relative w-full" style={{ height: list.totalSize }}>
        {list.rows.map((virtualRow) => {
          const row = rows[virtualRow.index]
          if (!row) return null
          return (
            <div
              key={virtualRow.key}
              className="absolute top-0 left-0 flex w-full"
              style={{ height: virtualRow.size, transform: `translateY(${virtualRow.start}px)` }}
            >
              {row.kind === 'title' ? (
                <div
                  aria-hidden
                  className="flex items-end px-2 pb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
                >
                  {row.title}
                </div>
              ) : (
                Array.from({ length: row.count }, (_, offset) => {
                  const index = row.first + offset
                  const item = items[index]
                  if (item === undefined) return null
                  const selected = props.isSelected(item)
                  return (
                    <div
                      key={props.itemKey(item)}
                      id={optionId(index)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={selected}
                      aria-label={props.itemLabel(item)}
                      title={props.itemLabel(item)}
                      data-option={index}
                      className={cn(
                        'grid cursor-pointer place-items-center rounded-md',
                        index === activeIndex && 'bg-zinc-100 dark:bg-zinc-800',
                        selected && 'ring-2 ring-primary ring-inset',
                      )}
                      style={{ width: CELL, height: CELL }}
                    >
                      {props.renderItem(item)}
                    </div>
                  )
                })
              )}
            </div>
          )
        })}
      </div>
    </div>
  )
}
