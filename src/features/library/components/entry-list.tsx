import { useRouter } from '@tanstack/react-router'
import { elementScroll, type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { GripVertical, Search } from 'lucide-react'
import {
  type ChangeEvent,
  type ComponentProps,
  type DragEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import { Input, Select } from '~/components/ui/field'
import { relativeTimeParts } from '~/features/groups/components/activity-text'
import { type GlyphHref, GroupGlyph, useGlyphSprite } from '~/features/groups/components/group-icon'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { usePlural } from '~/lib/i18n/use-plural'
import { whenIdle } from '~/lib/when-idle'
import type { GroupChipInfo } from '../library.schemas'
import {
  type AiringLine,
  airingLine,
  buildSearchKeys,
  compactNumberFormat,
  dropAfterId,
  type EntryRow,
  type EntrySort,
  filterRows,
  handleText,
  hasNewEpisode,
  selectRange,
  setAll,
  sortRows,
  stepAfterId,
  subscriberText,
  visibleCheckState,
} from './entry-list-model'

const ROW_HEIGHT = 60
const OVERSCAN = 8
/**
 * Rows are keyed by slot (index modulo this), not by entry: a keystroke that
 * changes which entries are in view rewrites the same row elements instead of
 * unmounting them and building new ones, and a scroll by one row moves one.
 */
const ROW_SLOTS = 256
const OVERSCAN_WITHIN_MS = 300
/** Rendered before the first measurement (and on the server), so rows paint with the HTML. */
const INITIAL_RECT = { width: 1024, height: 640 }

/**
 * The scroll box's size from a ResizeObserver only. The library's default also
 * reads it at once, which forces a layout of the whole new screen in the middle
 * of React's commit; the observer reports after the browser's own layout, in
 * the same frame, and `INITIAL_RECT` stands in until then.
 */
function observeRectAfterLayout(
  instance: Virtualizer<HTMLTableSectionElement, Element>,
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

/** Scroll boxes the virtualiser has attached to. */
const attached = new WeakSet<Element>()

/**
 * Scrolls the box, except for the virtualiser's first write when it attaches:
 * offset 0 to a box that is new and so already at the top. That write would
 * force the same mid-commit layout.
 */
function scrollAfterAttach(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLTableSectionElement, Element>,
) {
  const element = instance.scrollElement
  if (element && !attached.has(element)) {
    attached.add(element)
    if (offset + (options.adjustments ?? 0) === 0) return
  }
  elementScroll(offset, options, instance)
}

export const SORT_LABELS: Record<EntrySort, MessageKey> = {
  manual: 'library.sort.manual',
  name: 'library.sort.name',
  added: 'library.sort.added',
  subscribers: 'library.sort.subscribers',
}

type Formatters = {
  compact: Intl.NumberFormat
  date: Intl.DateTimeFormat
  relative: Intl.RelativeTimeFormat
}

export type RowActionsProps = { row: EntryRow; tabIndex: number }

export type EntryListProps = {
  rows: readonly EntryRow[]
  /** Accessible name of the table ("Channels in Reviews"). */
  label: string
  /** Channels show subscriber counts; animes do not have them. */
  kind: 'channel' | 'anime'
  sort: EntrySort
  onSortChange: (sort: EntrySort) => void
  /** The sorts offered; `manual` belongs to a group's own order. */
  sorts: readonly EntrySort[]
  selected: ReadonlySet<string>
  onSelectedChange: (next: ReadonlySet<string>) => void
  /** Library screens: the groups each entry sits in, as chips (the user's defaults applied). */
  groups?: ReadonlyMap<string, GroupChipInfo>
  /** More controls next to search and sort (e.g. the library's group filter). */
  toolbar?: ReactNode
  rowActions?: (props: RowActionsProps) => ReactNode
  /** Manual order: enables the drag handle and Alt+Up/Down while sorted manually. */
  onReorder?: (entryId: string, afterId: string | null) => void
  /** Shown instead of the table when there are no rows at all. */
  empty: ReactNode
  /** Max height of the scrolling area (CSS length). */
  maxHeight?: string
  /**
   * `rows` is only the first screen of `total` while the rest loads: sorting
   * and select-all wait for the whole list, search works on what is there.
   */
  partial?: { total: number; failed: boolean; onRetry: () => void }
}

/**
 * One virtualised table for the library screens and a group's items: search
 * that filters as you type (keys built once per data change), sort, checkbox
 * selection with shift ranges and keyboard, and manual reordering.
 */
export function EntryList(props: EntryListProps) {
  const { rows, sort, selected, onSelectedChange, onReorder, partial } = props
  const { t, locale, formatNumber } = useI18n()
  const plural = usePlural()
  const searchId = useId()
  const sortId = useId()
  const hintId = useId()
  const [query, setQuery] = useState('')

  const tag = LOCALE_TAGS[locale]
  const formatters = useMemo<Formatters>(
    () => ({
      compact: compactNumberFormat(tag),
      date: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }),
      relative: new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }),
    }),
    [tag],
  )
  const collator = useMemo(
    () => new Intl.Collator(tag, { sensitivity: 'base', numeric: true }),
    [tag],
  )
  // Sorting and search keys are per data change; each keystroke only scans strings.
  const sorted = useMemo(() => sortRows(rows, sort, collator), [rows, sort, collator])
  const keys = useMemo(() => buildSearchKeys(sorted), [sorted])
  const visible = useMemo(() => filterRows(sorted, keys, query), [sorted, keys, query])
  const order = useMemo(() => visible.map((row) => row.id), [visible])
  const canReorder = Boolean(onReorder) && sort === 'manual' && query.trim() === ''
  const showReorder = Boolean(onReorder) && sort === 'manual'

  const scrollRef = useRef<HTMLTableSectionElement>(null)
  // The first paint draws only the rows in view; the rows around them follow when the
  // browser is idle, so they never hold up that paint or the input that comes after it.
  // (A scroll before then draws the rows it reaches, as always.)
  const [overscan, setOverscan] = useState(0)
  useEffect(() => whenIdle(() => setOverscan(OVERSCAN), OVERSCAN_WITHIN_MS), [])
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollAfterAttach,
    // No per-entry item key: rows are one fixed height, and a key function made
    // afresh each render would rebuild every row's measurement on every render.
  })
  const items = virtualizer.getVirtualItems()
  // Never fewer slots than rows in the window, so slot keys stay unique.
  const slots = Math.max(ROW_SLOTS, items.length)

  // Roving focus: one row's controls are in the tab order; arrows move between rows.
  const [activeId, setActiveId] = useState<string | null>(null)
  const anchorRef = useRef<string | null>(null)
  const focusRef = useRef<{ id: string; target: 'select' | 'handle' } | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const renderedIds = items.map((item) => visible[item.index]?.id)
  const tabbableId =
    activeId !== null && renderedIds.includes(activeId) ? activeId : (renderedIds[0] ?? null)
  // The chips' glyphs in view, drawn once for all rows.
  const { sprite, glyphHref } = useGlyphSprite(
    items.flatMap((item) =>
      shownChips(visible[item.index]?.groupIds ?? [], props.groups).shown.map((chip) => chip.icon),
    ),
  )

  useEffect(() => {
    const pending = focusRef.current
    if (!pending) return
    const element = scrollRef.current?.querySelector<HTMLElement>(
      `[data-row-id="${CSS.escape(pending.id)}"] [data-focus="${pending.target}"]`,
    )
    if (element) {
      element.focus()
      focusRef.current = null
    }
  })

  const focusRow = (index: number, target: 'select' | 'handle') => {
    const row = visible[index]
    if (!row) return
    setActiveId(row.id)
    focusRef.current = { id: row.id, target }
    virtualizer.scrollToIndex(index)
  }

  const toggle = (id: string, checked: boolean, range: boolean) => {
    onSelectedChange(
      range
        ? selectRange(order, selected, anchorRef.current, id, checked)
        : selectRange(order, selected, null, id, checked),
    )
    anchorRef.current = id
    setActiveId(id)
  }

  const reorder = (id: string, afterId: string | null, title: string, index: number) => {
    onReorder?.(id, afterId)
    setAnnouncement(t('library.list.moved', { title, position: index + 1, total: visible.length }))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!(event.target instanceof HTMLElement)) return
    const id = event.target.closest<HTMLElement>('[data-row-id]')?.dataset.rowId
    if (!id) return
    const index = order.indexOf(id)
    const target = event.target.dataset.focus === 'handle' ? 'handle' : 'select'
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      if (!canReorder) return
      event.preventDefault()
      const direction = event.key === 'ArrowUp' ? -1 : 1
      const afterId = stepAfterId(order, id, direction)
      const row = visible[index]
      if (afterId === undefined || !row) return
      reorder(id, afterId, row.title, index + direction)
      focusRef.current = { id, target }
      virtualizer.scrollToIndex(index + direction)
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
        // Shift+arrows extend the selection from where it started (the anchor).
        anchorRef.current ??= id
        onSelectedChange(selectRange(order, selected, anchorRef.current, nextRow.id, true))
      }
      focusRow(next, target)
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

  // Native drag and drop on the handle; the drop point picks before/after the target row.
  const [dragId, setDragId] = useState<string | null>(null)
  const [dropMark, setDropMark] = useState<{ id: string; placement: 'before' | 'after' } | null>(
    null,
  )
  const dragHandlers = canReorder
    ? {
        onDragStart: (event: DragEvent<HTMLElement>, id: string) => {
          setDragId(id)
          event.dataTransfer.effectAllowed = 'move'
          event.dataTransfer.setData('text/plain', id)
          const rowElement = event.currentTarget.closest('[data-row-id]')
          if (rowElement) event.dataTransfer.setDragImage(rowElement, 16, ROW_HEIGHT / 2)
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
            const row = visible.find((value) => value.id === dragId)
            if (afterId !== undefined && row) {
              const others = order.filter((value) => value !== dragId)
              const landing = afterId === null ? 0 : others.indexOf(afterId) + 1
              reorder(dragId, afterId, row.title, landing)
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

  // Rows get stable callbacks that call the latest handlers, so a scroll re-renders only new rows.
  const latest = useRef({ toggle, drag: dragHandlers })
  useLayoutEffect(() => {
    latest.current = { toggle, drag: dragHandlers }
  })
  const stable = useMemo<{ toggle: RowProps['onToggle']; drag: DragHandlers }>(
    () => ({
      toggle: (id, checked, range) => latest.current.toggle(id, checked, range),
      drag: {
        onDragStart: (event, id) => latest.current.drag?.onDragStart(event, id),
        onDragOver: (event, id) => latest.current.drag?.onDragOver(event, id),
        onDrop: (event, id) => latest.current.drag?.onDrop(event, id),
        onDragEnd: () => latest.current.drag?.onDragEnd(),
      },
    }),
    [],
  )

  const checkState = visibleCheckState(order, selected)
  const headerCheckbox = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (headerCheckbox.current) headerCheckbox.current.indeterminate = checkState === 'some'
  }, [checkState])

  const showGroups = Boolean(props.groups)
  const showSubscribers = props.kind === 'channel'
  const hasActions = Boolean(props.rowActions)
  const columns = useMemo<Columns>(
    () => ({ showGroups, showSubscribers, showReorder, hasActions }),
    [showGroups, showSubscribers, showReorder, hasActions],
  )

  if (rows.length === 0) return <>{props.empty}</>

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium">
            {t('library.list.search')}
          </label>
          <div className="relative">
            <Search
              aria-hidden
              size={16}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-500"
            />
            <Input
              id={searchId}
              type="search"
              value={query}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('library.list.searchPlaceholder')}
              onChange={(event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={sortId} className="text-sm font-medium">
            {t('library.list.sort')}
          </label>
          <Select
            id={sortId}
            value={sort}
            disabled={partial !== undefined}
            onChange={(event) => {
              const next = props.sorts.find((value) => value === event.target.value)
              if (next) props.onSortChange(next)
            }}
            className="w-auto min-w-40"
          >
            {props.sorts.map((value) => (
              <option key={value} value={value}>
                {t(SORT_LABELS[value])}
              </option>
            ))}
          </Select>
        </div>
        {props.toolbar}
      </div>

      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {partial ? (
          <>
            {t(partial.failed ? 'library.list.partialFailed' : 'library.list.partial', {
              shown: formatNumber(rows.length),
              total: formatNumber(partial.total),
            })}
            {partial.failed ? (
              <button
                type="button"
                onClick={partial.onRetry}
                className="ml-2 font-medium text-primary-strong underline underline-offset-2 dark:text-(--accent-300)"
              >
                {t('error.retry')}
              </button>
            ) : null}
          </>
        ) : query.trim() === '' ? (
          plural(
            { one: 'library.list.count.one', other: 'library.list.count.other' },
            visible.length,
          )
        ) : (
          t('library.list.filtered', {
            shown: formatNumber(visible.length),
            total: formatNumber(rows.length),
          })
        )}
        {showReorder ? (
          <span id={hintId} className="ml-2">
            {canReorder ? t('library.list.reorderHint') : t('library.list.reorderOff')}
          </span>
        ) : null}
      </p>

      {props.groups ? sprite : null}
      {/* Native table semantics; rows outside the scroll window are left out (aria-rowcount/rowindex). */}
      <table
        aria-label={props.label}
        aria-rowcount={visible.length + 1}
        aria-busy={partial !== undefined && !partial.failed}
        onKeyDown={onKeyDown}
        className="block w-full rounded-xl border border-zinc-200 text-sm dark:border-zinc-800"
      >
        <thead className="block">
          <tr
            aria-rowindex={1}
            className="flex h-11 items-center gap-3 border-b border-zinc-200 bg-zinc-50 px-3 text-left text-xs font-medium tracking-wide text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
          >
            <th scope="col" className="grid w-6 shrink-0 place-items-center font-medium">
              <input
                ref={headerCheckbox}
                type="checkbox"
                aria-label={t('library.list.selectAll')}
                checked={checkState === 'all'}
                disabled={visible.length === 0 || partial !== undefined}
                onChange={(event) =>
                  onSelectedChange(setAll(order, selected, event.currentTarget.checked))
                }
                className="size-4 cursor-pointer accent-primary"
              />
            </th>
            {columns.showReorder ? (
              <th scope="col" className="w-6 shrink-0 font-medium">
                <span className="sr-only">{t('library.list.col.order')}</span>
              </th>
            ) : null}
            <th scope="col" className="min-w-0 flex-1 font-medium">
              {t('library.list.col.name')}
            </th>
            {columns.showSubscribers ? (
              <th scope="col" className="hidden w-24 shrink-0 text-right font-medium sm:block">
                {t('library.list.col.subscribers')}
              </th>
            ) : null}
            {columns.showGroups ? (
              <th scope="col" className="hidden w-56 shrink-0 font-medium lg:block">
                {t('library.list.col.groups')}
              </th>
            ) : null}
            <th scope="col" className="hidden w-40 shrink-0 font-medium xl:block">
              {t('library.list.col.tags')}
            </th>
            <th scope="col" className="hidden w-32 shrink-0 font-medium md:block">
              {t('library.list.col.added')}
            </th>
            {columns.hasActions ? (
              <th scope="col" className="w-20 shrink-0 font-medium">
                <span className="sr-only">{t('library.list.col.actions')}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody
          ref={scrollRef}
          className="block overflow-y-auto overscroll-contain"
          style={{ maxHeight: props.maxHeight ?? 'min(70vh, 48rem)' }}
        >
          {/* Rows not rendered are stood in for by spacers inside the scroll box, so the
              scrollbar is true. (Padding on the box itself would grow it past its max height.) */}
          <Spacer height={items[0]?.start ?? 0} />
          {visible.length === 0 ? (
            <tr aria-rowindex={2} className="block px-3 py-8 text-center">
              <td className="block text-zinc-600 dark:text-zinc-400">
                {t('library.list.noMatches', { query: query.trim() })}
              </td>
            </tr>
          ) : (
            items.map((item) => {
              const row = visible[item.index]
              if (!row) return null
              return (
                <EntryListRow
                  key={item.index % slots}
                  row={row}
                  index={item.index}
                  checked={selected.has(row.id)}
                  tabbable={row.id === tabbableId}
                  columns={columns}
                  groups={props.groups}
                  glyphHref={glyphHref}
                  formatters={formatters}
                  onToggle={stable.toggle}
                  onFocusRow={setActiveId}
                  rowActions={props.rowActions}
                  canReorder={canReorder}
                  hintId={hintId}
                  dragging={dragId === row.id}
                  dropMark={dropMark?.id === row.id ? dropMark.placement : null}
                  drag={canReorder ? stable.drag : null}
                />
              )
            })
          )}
          <Spacer height={virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)} />
        </tbody>
      </table>
      <p className="sr-only" aria-live="assertive">
        {announcement}
      </p>
    </div>
  )
}

function Spacer(props: { height: number }) {
  if (props.height <= 0) return null
  return <tr aria-hidden className="block" style={{ height: props.height }} />
}

type Columns = {
  showGroups: boolean
  showSubscribers: boolean
  showReorder: boolean
  hasActions: boolean
}

type DragHandlers = {
  onDragStart: (event: DragEvent<HTMLElement>, id: string) => void
  onDragOver: (event: DragEvent<HTMLElement>, id: string) => void
  onDrop: (event: DragEvent<HTMLElement>, id: string) => void
  onDragEnd: () => void
}

type RowProps = {
  row: EntryRow
  index: number
  checked: boolean
  tabbable: boolean
  columns: Columns
  groups: ReadonlyMap<string, GroupChipInfo> | undefined
  glyphHref: GlyphHref
  formatters: Formatters
  onToggle: (id: string, checked: boolean, range: boolean) => void
  onFocusRow: (id: string) => void
  rowActions: ((props: RowActionsProps) => ReactNode) | undefined
  canReorder: boolean
  hintId: string
  dragging: boolean
  dropMark: 'before' | 'after' | null
  drag: DragHandlers | null
}

const EntryListRow = memo(function EntryListRow(props: RowProps) {
  const { t } = useI18n()
  const { row, columns, formatters, drag } = props
  const tabIndex = props.tabbable ? 0 : -1
  const subscribers = subscriberText(row, formatters.compact, t('library.list.subscribersHidden'))
  const secondary = [
    row.title !== row.originalTitle ? row.originalTitle : null,
    row.kind === 'channel'
      ? row.handle
        ? handleText(row.handle)
        : row.sourceId
      : row.year
        ? String(row.year)
        : null,
  ].filter(Boolean)
  const now = new Date()
  const airing = airingLine(row, now)
  return (
    <tr
      aria-rowindex={props.index + 2}
      data-row-id={row.id}
      onFocus={() => props.onFocusRow(row.id)}
      onDragOver={drag ? (event) => drag.onDragOver(event, row.id) : undefined}
      onDrop={drag ? (event) => drag.onDrop(event, row.id) : undefined}
      style={{ height: ROW_HEIGHT }}
      className={cn(
        'flex w-full items-center contain-strict gap-3 border-b border-zinc-100 px-3 dark:border-zinc-800/70',
        'focus-within:bg-zinc-50 dark:focus-within:bg-zinc-900',
        props.checked && 'bg-primary-soft/60 dark:bg-zinc-800/60',
        props.dragging && 'opacity-50',
        props.dropMark === 'before' && 'shadow-[inset_0_2px_0_0_var(--color-primary)]',
        props.dropMark === 'after' && 'shadow-[inset_0_-2px_0_0_var(--color-primary)]',
      )}
    >
      <td className="grid w-6 shrink-0 place-items-center">
        <input
          type="checkbox"
          data-focus="select"
          tabIndex={tabIndex}
          aria-label={t('library.list.select', { title: row.title })}
          checked={props.checked}
          onChange={(event) => {
            const native = event.nativeEvent
            const range = native instanceof MouseEvent && native.shiftKey
            props.onToggle(row.id, event.currentTarget.checked, range)
          }}
          className="size-4 cursor-pointer accent-primary"
        />
      </td>
      {columns.showReorder ? (
        <td className="block w-6 shrink-0">
          <button
            type="button"
            data-focus="handle"
            tabIndex={tabIndex}
            disabled={!props.canReorder}
            draggable={props.canReorder}
            onDragStart={drag ? (event) => drag.onDragStart(event, row.id) : undefined}
            onDragEnd={drag?.onDragEnd}
            aria-label={t('library.list.reorder', { title: row.title })}
            aria-describedby={props.hintId}
            className="grid size-6 cursor-grab place-items-center rounded text-zinc-500 hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-zinc-800"
          >
            <GripVertical aria-hidden size={16} />
          </button>
        </td>
      ) : null}
      <td className="flex min-w-0 flex-1 items-center gap-3">
        {/* Its own element per entry: a reused <img> keeps the last picture until the new one loads. */}
        <EntryAvatar
          key={row.id}
          id={row.id}
          title={row.title}
          imageUrl={row.imageUrl}
          kind={row.kind}
        />
        <div className="grid min-w-0">
          <div className="flex min-w-0 items-center gap-2">
            {row.kind === 'channel' ? (
              // The channel page (header, growth charts): the title is the natural way in.
              <RowLink
                to="/dashboard/channels/$id/"
                id={row.id}
                tabIndex={tabIndex}
                className="truncate rounded font-medium hover:underline focus-visible:outline-2 focus-visible:outline-primary"
              >
                {row.title}
              </RowLink>
            ) : (
              <span className="truncate font-medium">{row.title}</span>
            )}
            {hasNewEpisode(row, now) ? (
              <span className="shrink-0 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
                {t('library.anime.newEpisode')}
              </span>
            ) : null}
          </div>
          {secondary.length > 0 || airing ? (
            <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">
              {secondary.join(' · ')}
              {airing ? (
                <>
                  {secondary.length > 0 ? ' · ' : null}
                  <AiringText line={airing} relative={formatters.relative} now={now} />
                </>
              ) : null}
            </span>
          ) : null}
        </div>
      </td>
      {columns.showSubscribers ? (
        <td className="hidden w-24 shrink-0 text-right text-zinc-700 tabular-nums sm:block dark:text-zinc-300">
          {subscribers ?? <span className="text-zinc-500">—</span>}
        </td>
      ) : null}
      {columns.showGroups ? (
        <td className="hidden w-56 shrink-0 lg:block">
          <GroupChips
            ids={row.groupIds}
            groups={props.groups}
            glyphHref={props.glyphHref}
            tabIndex={tabIndex}
          />
        </td>
      ) : null}
      <td className="hidden w-40 shrink-0 xl:block">
        <TagChips tags={row.tags} />
      </td>
      <td className="hidden w-32 shrink-0 truncate whitespace-nowrap text-zinc-600 md:block dark:text-zinc-400">
        {formatters.date.format(new Date(row.addedAt))}
      </td>
      {columns.hasActions ? (
        <td className="flex w-20 shrink-0 justify-end">{props.rowActions?.({ row, tabIndex })}</td>
      ) : null}
    </tr>
  )
})

/** Chips shown per row before "+N" (`GroupChips` has this many fixed places). */
const CHIPS_SHOWN = 2

type RowPath =
  | '/dashboard/groups/$id/'
  | '/dashboard/channels/$id/'
  | '/dashboard/channels/edit/$id/'
  | '/dashboard/channels/change-group/$id/'
  | '/dashboard/animes/edit/$id/'
  | '/dashboard/animes/change-group/$id/'

/**
 * A plain link for rows: the router's <Link> resolves its location on every
 * render, which adds up over a list redrawn on each keystroke. This one
 * builds the href by hand, navigates client-side and preloads on intent.
 */
export function RowLink({
  to,
  id,
  ...props
}: { to: RowPath; id: string } & Omit<ComponentProps<'a'>, 'href'>) {
  const router = useRouter()
  const params = { id }
  return (
    <a
      {...props}
      href={to.replace('$id', encodeURIComponent(id))}
      onMouseEnter={() => void router.preloadRoute({ to, params }).catch(() => undefined)}
      onClick={(event) => {
        props.onClick?.(event)
        const plain = !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        if (event.defaultPrevented || event.button !== 0 || !plain) return
        event.preventDefault()
        void router.navigate({ to, params })
      }}
    />
  )
}

const AIRING_WORDS = {
  releasing: 'library.anime.releasing',
  notYetAired: 'library.anime.notYetAired',
  hiatus: 'library.anime.hiatus',
  cancelled: 'library.anime.cancelled',
} as const satisfies Record<string, MessageKey>

/** "Episode 8 · in 3 days" (the full date as title), "Finished · 24 episodes", or the status word. */
function AiringText(props: { line: AiringLine; relative: Intl.RelativeTimeFormat; now: Date }) {
  const { t, formatNumber, formatDate } = useI18n()
  const plural = usePlural()
  const { line } = props
  switch (line.kind) {
    case 'next': {
      const at = new Date(line.at)
      const parts = relativeTimeParts(at, props.now)
      return (
        <>
          {t('library.anime.nextEpisode', { episode: formatNumber(line.episode) })}
          {' · '}
          <time dateTime={line.at} title={formatDate(at)} suppressHydrationWarning>
            {props.relative.format(parts.value, parts.unit)}
          </time>
        </>
      )
    }
    case 'finished':
      return line.episodes === null
        ? t('library.anime.finished')
        : plural(
            {
              one: 'library.anime.finishedEpisodes.one',
              other: 'library.anime.finishedEpisodes.other',
            },
            line.episodes,
          )
    default:
      return t(AIRING_WORDS[line.kind])
  }
}

/** A row's groups that the list knows: the first few as chips, the rest as "+N". */
function shownChips(
  ids: readonly string[],
  groups: ReadonlyMap<string, GroupChipInfo> | undefined,
): { shown: GroupChipInfo[]; rest: GroupChipInfo[] } {
  const known = ids.flatMap((id) => {
    const group = groups?.get(id)
    return group ? [group] : []
  })
  return { shown: known.slice(0, CHIPS_SHOWN), rest: known.slice(CHIPS_SHOWN) }
}

function GroupChips(props: {
  ids: readonly string[]
  groups: ReadonlyMap<string, GroupChipInfo> | undefined
  glyphHref: GlyphHref
  tabIndex: number
}) {
  const { t } = useI18n()
  const { shown, rest } = shownChips(props.ids, props.groups)
  const [first, second] = shown
  if (!first) {
    return <span className="text-xs text-zinc-500">{t('library.list.ungrouped')}</span>
  }
  // Chips stand in fixed places, not keyed by group: a row redrawn for another
  // entry re-points its chips instead of building new ones.
  const chip = (group: GroupChipInfo) => (
    <RowLink
      to="/dashboard/groups/$id/"
      id={group.id}
      tabIndex={props.tabIndex}
      className="inline-flex max-w-32 min-w-0 items-center gap-1 rounded-full border border-zinc-200 px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
    >
      <GroupGlyph icon={group.icon} color={group.color} size={12} glyphHref={props.glyphHref} />
      <span className="truncate">{group.name}</span>
    </RowLink>
  )
  return (
    <div className="flex min-w-0 items-center gap-1 overflow-hidden">
      {chip(first)}
      {second ? chip(second) : null}
      {rest.length > 0 ? (
        <span
          className="text-xs text-zinc-600 dark:text-zinc-400"
          title={rest.map((group) => group.name).join(', ')}
        >
          {t('library.list.more', { count: rest.length })}
        </span>
      ) : null}
    </div>
  )
}

function TagChips(props: { tags: readonly string[] }) {
  const { t } = useI18n()
  if (props.tags.length === 0) return null
  const rest = props.tags.length - CHIPS_SHOWN
  return (
    <div className="flex min-w-0 items-center gap-1 overflow-hidden">
      {props.tags.slice(0, CHIPS_SHOWN).map((tag) => (
        <span
          key={tag}
          className="max-w-24 truncate rounded-md bg-zinc-100 px-1.5 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
        >
          {tag}
        </span>
      ))}
      {rest > 0 ? (
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('library.list.more', { count: rest })}
        </span>
      ) : null}
    </div>
  )
}
