import { useDraggable, useDroppable } from '@dnd-kit/core'
import { GripVertical } from 'lucide-react'
import { memo, type ReactNode, useCallback } from 'react'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import type { EntriesDrag, EntryTarget } from '~/features/groups/drag-data'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { GroupChipInfo } from '../library.schemas'
import {
  airingLine,
  type EntryRow,
  handleText,
  hasNewEpisode,
  subscriberText,
} from './entry-list-model'
import { AiringText, GroupChips, TagChips } from './entry-row-cells'
import { RowLink } from './row-link'

export const ENTRY_ROW_HEIGHT = 60

export type Formatters = {
  compact: Intl.NumberFormat
  date: Intl.DateTimeFormat
  relative: Intl.RelativeTimeFormat
}

export type RowActionsProps = { row: EntryRow; tabIndex: number }

export type Columns = {
  showGroups: boolean
  showSubscribers: boolean
  /** Only when some row has tags: an empty column would take the name's room. */
  showTags: boolean
  showReorder: boolean
  hasActions: boolean
}

/** Shown as the list (an `@container`), not the window, grows: the name keeps ~14rem at every width. */
export const COLUMN_CLASS = {
  subscribers: 'hidden w-24 shrink-0 @xl:block',
  added: 'hidden w-32 shrink-0 @2xl:block',
  groups: 'hidden w-56 shrink-0 @4xl:block',
  tags: 'hidden w-40 shrink-0 @6xl:block',
} as const

/** What a row needs to be dragged (null: it is not): the list's part of its drag data. */
export type RowDrag = {
  listId: string
  kind: 'channel' | 'anime'
  fromGroupId: string | null
  toGroups: boolean
  /** Rows are drop targets too, to reorder. */
  canReorder: boolean
  /** The checked entries, which a checked row carries along. */
  selection: EntriesDrag['entries']
}

type RowProps = {
  row: EntryRow
  index: number
  checked: boolean
  tabbable: boolean
  columns: Columns
  groups: ReadonlyMap<string, GroupChipInfo> | undefined
  formatters: Formatters
  onToggle: (id: string, checked: boolean, range: boolean) => void
  onFocusRow: (id: string) => void
  rowActions: ((props: RowActionsProps) => ReactNode) | undefined
  canReorder: boolean
  hintId: string
  dragging: boolean
  dropMark: 'before' | 'after' | null
  drag: RowDrag | null
}

export const EntryListRow = memo(function EntryListRow(props: RowProps) {
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
  const dragData: EntriesDrag | null = drag
    ? {
        type: 'entries',
        listId: drag.listId,
        kind: drag.kind,
        entries: props.checked ? drag.selection : [{ id: row.id, groupIds: row.groupIds }],
        fromGroupId: drag.fromGroupId,
        toGroups: drag.toGroups,
      }
    : null
  const dropData: EntryTarget | null = drag
    ? { type: 'entry-target', listId: drag.listId, entryId: row.id }
    : null
  const draggable = useDraggable({
    id: `entry:${drag?.listId}:${row.id}`,
    data: { drag: dragData },
    disabled: !drag,
  })
  const droppable = useDroppable({
    id: `entry-row:${drag?.listId}:${row.id}`,
    data: { drop: dropData },
    disabled: !drag?.canReorder,
  })
  const { setNodeRef: setDragRef } = draggable
  const { setNodeRef: setDropRef } = droppable
  const setNodeRef = useCallback(
    (element: HTMLTableRowElement | null) => {
      setDragRef(element)
      setDropRef(element)
    },
    [setDragRef, setDropRef],
  )
  return (
    <tr
      aria-rowindex={props.index + 2}
      data-row-id={row.id}
      ref={setNodeRef}
      onFocus={() => props.onFocusRow(row.id)}
      {...draggable.listeners}
      // One fixed height, so a change inside a row is laid out inside it (contain: strict).
      style={{ height: ENTRY_ROW_HEIGHT }}
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
            aria-label={t('library.list.reorder', { title: row.title })}
            aria-describedby={props.hintId}
            className="grid size-6 cursor-grab place-items-center rounded text-zinc-500 hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-40 dark:hover:bg-zinc-800"
          >
            <GripVertical aria-hidden size={16} />
          </button>
        </td>
      ) : null}
      <td className="flex min-w-0 flex-1 items-center gap-3">
        <EntryAvatar id={row.id} title={row.title} imageUrl={row.imageUrl} kind={row.kind} />
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
        <td
          className={cn(
            COLUMN_CLASS.subscribers,
            'text-right text-zinc-700 tabular-nums dark:text-zinc-300',
          )}
        >
          {subscribers ?? <span className="text-zinc-500">—</span>}
        </td>
      ) : null}
      {columns.showGroups ? (
        <td className={COLUMN_CLASS.groups}>
          <GroupChips ids={row.groupIds} groups={props.groups} tabIndex={tabIndex} />
        </td>
      ) : null}
      {columns.showTags ? (
        <td className={COLUMN_CLASS.tags}>
          <TagChips tags={row.tags} />
        </td>
      ) : null}
      <td
        className={cn(
          COLUMN_CLASS.added,
          'truncate whitespace-nowrap text-zinc-600 dark:text-zinc-400',
        )}
      >
        {formatters.date.format(new Date(row.addedAt))}
      </td>
      {columns.hasActions ? (
        <td className="flex w-20 shrink-0 justify-end">{props.rowActions?.({ row, tabIndex })}</td>
      ) : null}
    </tr>
  )
})
