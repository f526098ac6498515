import {
  defaultRangeExtractor,
  elementScroll,
  type Range,
  type Rect,
  useVirtualizer,
  useWindowVirtualizer,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { type RefObject, useCallback, useLayoutEffect, useState } from 'react'
import { usePainted } from '~/lib/use-painted'

/** The height a list assumes before it is measured, and on the server, so rows come with the HTML. */
const INITIAL_RECT = { width: 1024, height: 800 }
/** Rows drawn beyond the view once the list is on screen; its first paint draws only the view. */
const OVERSCAN = 8
const indexKey = (index: number): VirtualItem['key'] => index

export type VirtualRowsOptions = {
  count: number
  /** One height for every row, or one per index (an estimate when rows are measured). */
  rowHeight: number | ((index: number) => number)
  /** A row kept rendered while scrolled away (the focused one), so focus is never lost. */
  keepIndex?: number | null
  /** Keys measured rows so a move keeps their heights; keep it stable or every row re-measures. */
  getItemKey?: (index: number) => VirtualItem['key']
} & (
  | {
      scrollRef: RefObject<HTMLElement | null>
      listRef?: undefined
    }
  | {
      listRef: RefObject<HTMLElement | null>
      scrollRef?: undefined
    }
)

export type VirtualRow = {
  index: number
  key: VirtualItem['key']
  start: number
  end: number
  size: number
}

// Measured by a ResizeObserver after the browser's layout, skipping the first scroll write: the library's
// defaults measure and scroll synchronously during commit, forcing a layout before first paint.
function observeBoxAfterLayout(
  instance: Virtualizer<HTMLElement, Element>,
  report: (rect: Rect) => void,
) {
  const element = instance.scrollElement
  if (!element || typeof ResizeObserver === 'undefined') return
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize[0]
    if (box) report({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) })
  })
  observer.observe(element, { box: 'border-box' })
  return () => observer.disconnect()
}

const attached = new WeakSet<Element>()

function scrollAfterAttach(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLElement, Element>,
) {
  const element = instance.scrollElement
  if (element && !attached.has(element)) {
    attached.add(element)
    if (offset + (options.adjustments ?? 0) === 0) return
  }
  elementScroll(offset, options, instance)
}

export function withKeptIndex(indexes: number[], keep: number | null, count: number): number[] {
  if (keep === null || keep < 0 || keep >= count || indexes.includes(keep)) return indexes
  return [...indexes, keep].sort((a, b) => a - b)
}

/** Scrolls in a box (`scrollRef`) or with the page (`listRef`), which must not change while mounted. */
export function useVirtualRows(options: VirtualRowsOptions) {
  const { count, rowHeight, getItemKey, scrollRef, listRef } = options
  const inWindow = listRef !== undefined
  const keep = options.keepIndex ?? null
  const scrollMargin = usePageOffset(listRef)
  const estimateSize = useCallback(
    (index: number) => (typeof rowHeight === 'number' ? rowHeight : rowHeight(index)),
    [rowHeight],
  )
  const rangeExtractor = useCallback(
    (range: Range) => withKeptIndex(defaultRangeExtractor(range), keep, range.count),
    [keep],
  )
  const painted = usePainted()
  const shared = {
    estimateSize,
    rangeExtractor,
    getItemKey: getItemKey ?? indexKey,
    overscan: painted ? OVERSCAN : 0,
    initialRect: INITIAL_RECT,
  }
  const boxed = useVirtualizer<HTMLElement, Element>({
    ...shared,
    count: inWindow ? 0 : count,
    enabled: !inWindow,
    getScrollElement: () => scrollRef?.current ?? null,
    observeElementRect: observeBoxAfterLayout,
    scrollToFn: scrollAfterAttach,
  })
  const paged = useWindowVirtualizer<Element>({
    ...shared,
    count: inWindow ? count : 0,
    enabled: inWindow,
    scrollMargin,
  })
  const active = inWindow ? paged : boxed
  const scrollToIndex = useCallback(
    (index: number, align: 'auto' | 'center' = 'auto') => active.scrollToIndex(index, { align }),
    [active],
  )
  const margin = inWindow ? scrollMargin : 0
  const rows: VirtualRow[] = active.getVirtualItems().map((item) => ({
    index: item.index,
    key: item.key,
    start: item.start - margin,
    end: item.end - margin,
    size: item.size,
  }))
  return {
    rows,
    totalSize: active.getTotalSize(),
    scrollToIndex,
    /** For rows of measured height: their ref (stable), with `data-index` on the element. */
    measureElement: active.measureElement,
  }
}

function usePageOffset(listRef: RefObject<HTMLElement | null> | undefined): number {
  const [offset, setOffset] = useState(0)
  useLayoutEffect(() => {
    const element = listRef?.current
    if (!element) return
    const measure = () => setOffset(element.getBoundingClientRect().top + window.scrollY)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [listRef])
  return offset
}
