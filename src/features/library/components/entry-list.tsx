import { type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useVirtualRows } from '~/components/ui/use-virtual-rows'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { GroupChipInfo } from '../library.schemas'
import { EntryListHead } from './entry-list-head'
import {
  buildSearchKeys,
  compactNumberFormat,
  type EntryRow,
  type EntrySort,
  filterRows,
  selectRange,
  setAll,
  sortRows,
  visibleCheckState,
} from './entry-list-model'
import {
  type Columns,
  ENTRY_ROW_HEIGHT,
  EntryListRow,
  type Formatters,
  type RowActionsProps,
  type RowDrag,
} from './entry-list-row'
import { EntryListStatus, EntryListToolbar } from './entry-list-toolbar'
import { useEntryDrag } from './use-entry-drag'
import { type FocusTarget, useEntryKeys } from './use-entry-keys'

export type EntryListProps = {
  rows: readonly EntryRow[]
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
  /** From the library rows are added to the dropped-on group (`fromGroupId` null); from a group, moved. */
  dragToGroups?: { fromGroupId: string | null }
  /** Manual order: enables the drag handle and Alt+Up/Down while sorted manually. */
  onReorder?: (entryId: string, afterId: string | null) => void
  empty: ReactNode
  maxHeight?: string
  /** `rows` is the first screen of `total`: sorting and select-all wait for the whole list, search does not. */
  partial?: { total: number; failed: boolean; onRetry: () => void }
}

/** One virtualised table for the library screens and a group's items. */
export function EntryList(props: EntryListProps) {
  const { rows, sort, selected, onSelectedChange, onReorder, partial } = props
  const { t, locale } = useI18n()
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

  // Roving focus: one row's controls are in the tab order; arrows move between rows.
  const [activeId, setActiveId] = useState<string | null>(null)
  const activeIndex = activeId === null ? -1 : order.indexOf(activeId)
  const scrollRef = useRef<HTMLTableSectionElement>(null)
  const list = useVirtualRows({
    count: visible.length,
    rowHeight: ENTRY_ROW_HEIGHT,
    scrollRef,
    keepIndex: activeIndex,
  })
  const tabbableId = activeIndex >= 0 ? activeId : (visible[list.rows[0]?.index ?? 0]?.id ?? null)

  const anchorRef = useRef<string | null>(null)
  const focusRef = useRef<{ id: string; target: FocusTarget } | null>(null)
  const [announcement, setAnnouncement] = useState('')
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

  const focusEntry = (id: string, target: FocusTarget, index: number) => {
    setActiveId(id)
    focusRef.current = { id, target }
    list.scrollToIndex(index)
  }

  const toggle = (id: string, checked: boolean, range: boolean) => {
    onSelectedChange(selectRange(order, selected, range ? anchorRef.current : null, id, checked))
    anchorRef.current = id
    setActiveId(id)
  }

  const reorder = (id: string, afterId: string | null, landing: number) => {
    onReorder?.(id, afterId)
    const title = visible.find((row) => row.id === id)?.title ?? ''
    setAnnouncement(
      t('library.list.moved', { title, position: landing + 1, total: visible.length }),
    )
  }

  const onKeyDown = useEntryKeys({
    visible,
    order,
    selected,
    onSelectedChange,
    anchorRef,
    canReorder,
    reorder,
    focusEntry,
  })
  const listId = useId()
  const drag = useEntryDrag({
    listId,
    canReorder,
    order,
    rowElement: (id) =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]`) ?? null,
    onReorder: reorder,
  })
  // A checked row carries the whole selection (in the order shown, hidden rows too).
  const picked = useMemo(
    () =>
      sorted
        .filter((row) => selected.has(row.id))
        .map((row) => ({ id: row.id, groupIds: row.groupIds })),
    [sorted, selected],
  )
  const { dragToGroups, kind } = props
  const rowDrag = useMemo<RowDrag | null>(
    () =>
      dragToGroups || canReorder
        ? {
            listId,
            kind,
            fromGroupId: dragToGroups?.fromGroupId ?? null,
            toGroups: Boolean(dragToGroups),
            canReorder,
            selection: picked,
          }
        : null,
    [dragToGroups, canReorder, listId, kind, picked],
  )

  // Rows get a stable callback that calls the latest handler, so a scroll re-renders only new rows.
  const latest = useRef({ toggle })
  useLayoutEffect(() => {
    latest.current = { toggle }
  })
  const stable = useMemo<{ toggle: typeof toggle }>(
    () => ({ toggle: (id, checked, range) => latest.current.toggle(id, checked, range) }),
    [],
  )

  const showGroups = Boolean(props.groups)
  const showSubscribers = props.kind === 'channel'
  const hasActions = Boolean(props.rowActions)
  const showTags = useMemo(() => rows.some((row) => row.tags.length > 0), [rows])
  const columns = useMemo<Columns>(
    () => ({ showGroups, showSubscribers, showTags, showReorder, hasActions }),
    [showGroups, showSubscribers, showTags, showReorder, hasActions],
  )

  if (rows.length === 0) return <>{props.empty}</>

  // Spacers inside the scroll box keep the scrollbar true (padding on the box would grow it past max height).
  let drawnTo = 0
  const body = list.rows.flatMap((item) => {
    const row = visible[item.index]
    if (!row) return []
    const gap = item.start - drawnTo
    drawnTo = item.end
    return [
      gap > 0 ? <Spacer key={`gap-${item.index}`} height={gap} /> : null,
      <EntryListRow
        key={row.id}
        row={row}
        index={item.index}
        checked={selected.has(row.id)}
        tabbable={row.id === tabbableId}
        columns={columns}
        groups={props.groups}
        formatters={formatters}
        onToggle={stable.toggle}
        onFocusRow={setActiveId}
        rowActions={props.rowActions}
        canReorder={canReorder}
        hintId={hintId}
        dragging={drag.draggingIds.has(row.id)}
        dropMark={drag.dropMark?.id === row.id ? drag.dropMark.placement : null}
        drag={rowDrag}
      />,
    ]
  })

  return (
    <div className="grid gap-3">
      <EntryListToolbar
        query={query}
        onQueryChange={setQuery}
        sort={sort}
        sorts={props.sorts}
        onSortChange={props.onSortChange}
        partial={partial !== undefined}
        extra={props.toolbar}
      />
      <EntryListStatus
        shown={visible.length}
        loaded={rows.length}
        filtered={query.trim() !== ''}
        partial={partial}
        reorder={showReorder ? { hintId, on: canReorder } : null}
      />
      {/* Native table semantics; rows outside the scroll window are left out (aria-rowcount/rowindex). */}
      <table
        aria-label={props.label}
        aria-rowcount={visible.length + 1}
        aria-busy={partial !== undefined && !partial.failed}
        onKeyDown={onKeyDown}
        className="@container block w-full rounded-xl border border-zinc-200 text-sm dark:border-zinc-800"
      >
        <EntryListHead
          columns={columns}
          checkState={visibleCheckState(order, selected)}
          selectAllDisabled={visible.length === 0 || partial !== undefined}
          onSelectAll={(checked) => onSelectedChange(setAll(order, selected, checked))}
        />
        <tbody
          ref={scrollRef}
          className="block overflow-y-auto overscroll-contain"
          style={{ maxHeight: props.maxHeight ?? 'min(70vh, 48rem)' }}
        >
          {visible.length === 0 ? (
            <tr aria-rowindex={2} className="block px-3 py-8 text-center">
              <td className="block text-zinc-600 dark:text-zinc-400">
                {t('library.list.noMatches', { query: query.trim() })}
              </td>
            </tr>
          ) : (
            body
          )}
          <Spacer height={list.totalSize - drawnTo} />
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
