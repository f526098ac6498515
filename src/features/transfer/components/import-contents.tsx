import { Folder, Inbox } from 'lucide-react'
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useVirtualRows } from '~/components/ui/use-virtual-rows'
import { GroupSearchBox } from '~/features/groups/components/group-search-box'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import type { Selection } from '../import-selection'
import type { ImportContents, ImportExclusions } from '../transfer.schemas'
import {
  type ContentRow,
  contentRows,
  indexContents,
  rowTick,
  toggleRow,
} from './import-contents-model'

/** One height for every row: titles are cut to one line, so a 20,000-row file scrolls evenly. */
const ROW_HEIGHT = 44
const LIST_HEIGHT = 448
/** Searching 20,000 titles on every keystroke would make typing lag. */
const SEARCH_DELAY_MS = 200

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

const controlClass =
  'size-4 shrink-0 accent-primary disabled:cursor-not-allowed focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary'

/**
 * What the import adds, group by group (nested ones by their path), to
 * untick before confirming: virtualised, and searched after a pause in typing.
 */
export function ImportContentsList(props: {
  contents: ImportContents
  exclusions: ImportExclusions
  kept: Selection
  onChange: (exclusions: ImportExclusions) => void
  disabled: boolean
}) {
  const { t } = useI18n()
  const { contents, exclusions, kept } = props
  const index = useMemo(() => indexContents(contents), [contents])
  const [query, setQuery] = useState('')
  const searched = useDebounced(query, SEARCH_DELAY_MS)
  const rows = useMemo(() => contentRows(index, searched), [index, searched])
  const [focusedIndex, setFocusedIndex] = useState<number | null>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const list = useVirtualRows({
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    scrollRef,
    keepIndex: focusedIndex,
  })

  // Checkboxes have no arrow-key movement of their own, and rows off screen are not rendered.
  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (focusedIndex === null) return
    const delta = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
    if (delta === 0) return
    event.preventDefault()
    const next = Math.max(0, Math.min(rows.length - 1, focusedIndex + delta))
    list.scrollToIndex(next)
    requestAnimationFrame(() => {
      scrollRef.current?.querySelector<HTMLInputElement>(`[data-index="${next}"] input`)?.focus()
    })
  }

  return (
    <section aria-labelledby="import-contents-title" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="import-contents-title" className="text-lg font-semibold">
          {t('transfer.contents.title')}
        </h3>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('transfer.contents.hint')}</p>
      </div>
      <GroupSearchBox
        label={t('transfer.contents.search')}
        value={query}
        onChange={setQuery}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            scrollRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus()
          }
        }}
      />
      <fieldset className="min-w-0" onKeyDown={onListKeyDown} disabled={props.disabled}>
        <legend className="sr-only">{t('transfer.contents.title')}</legend>
        <div
          ref={scrollRef}
          className="overflow-y-auto rounded-xl border border-zinc-200 dark:border-zinc-800"
          style={{ maxHeight: LIST_HEIGHT }}
        >
          <div className="relative w-full" style={{ height: list.totalSize }}>
            {list.rows.map((item) => {
              const row = rows[item.index]
              if (!row) return null
              const tick = rowTick(row, contents, exclusions, kept)
              return (
                <div
                  key={rowKey(row)}
                  data-index={item.index}
                  className="absolute top-0 left-0 flex w-full items-center px-1"
                  style={{ height: item.size, transform: `translateY(${item.start}px)` }}
                >
                  <label
                    className={cn(
                      'flex h-10 min-w-0 flex-1 items-center gap-2 rounded-md px-2 text-sm',
                      row.kind === 'channel' || row.kind === 'anime' ? 'pl-8' : 'font-medium',
                      tick.disabled
                        ? 'cursor-not-allowed text-zinc-600 dark:text-zinc-400'
                        : 'cursor-pointer hover:bg-zinc-100 dark:hover:bg-zinc-800',
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={tick.checked}
                      disabled={tick.disabled}
                      onChange={() => props.onChange(toggleRow(row, exclusions))}
                      onFocus={() => setFocusedIndex(item.index)}
                      className={controlClass}
                    />
                    <RowText row={row} contents={contents} paths={index.paths} />
                  </label>
                </div>
              )
            })}
          </div>
          {rows.length === 0 ? (
            <p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">
              {t('transfer.contents.noMatch', { query: searched.trim() })}
            </p>
          ) : null}
        </div>
      </fieldset>
    </section>
  )
}

function rowKey(row: ContentRow): string {
  switch (row.kind) {
    case 'group':
      return `g${row.group}`
    case 'ungrouped':
      return 'u'
    default:
      return `${row.kind[0]}${row.index}@${row.group ?? 'u'}`
  }
}

function RowText(props: { row: ContentRow; contents: ImportContents; paths: string[] }) {
  const { t } = useI18n()
  const plural = usePlural()
  const { row, contents, paths } = props
  const muted = 'shrink-0 text-xs font-normal text-zinc-600 dark:text-zinc-400'
  if (row.kind === 'group' || row.kind === 'ungrouped') {
    const items = row.kind === 'group' ? contents.groups[row.group] : contents.ungrouped
    const count = (items?.channels.length ?? 0) + (items?.animes.length ?? 0)
    const Icon = row.kind === 'group' ? Folder : Inbox
    return (
      <>
        <Icon aria-hidden size={16} className="shrink-0 text-zinc-600 dark:text-zinc-400" />
        <span className="min-w-0 truncate">
          {row.kind === 'group' ? paths[row.group] : t('transfer.contents.ungrouped')}
        </span>
        {/* The leading space keeps the name and the count apart for screen readers. */}
        <span className={muted}>
          {' '}
          {plural(
            {
              one: 'transfer.preview.group.items.one',
              other: 'transfer.preview.group.items.other',
            },
            count,
          )}
        </span>
      </>
    )
  }
  const channel = row.kind === 'channel' ? contents.channels[row.index] : undefined
  const title =
    row.kind === 'channel' ? (channel?.title ?? channel?.ref) : contents.animes[row.index]?.title
  const detail = row.kind === 'channel' ? (channel?.title ? channel.ref : null) : null
  const where = row.group === null ? t('transfer.contents.ungrouped') : paths[row.group]
  return (
    <>
      <span className="min-w-0 truncate">{title}</span>
      {row.kind === 'anime' ? (
        <span className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
          {t('transfer.contents.anime')}
        </span>
      ) : null}
      {detail ? <span className={cn(muted, 'min-w-0 truncate')}> {detail}</span> : null}
      <span className="sr-only"> {t('transfer.contents.pathIn', { path: where ?? '' })}</span>
    </>
  )
}

/** "Import 1,234 channels into 12 groups", from what is ticked. */
export function useConfirmLabel() {
  const { t } = useI18n()
  const plural = usePlural()
  return (kept: Selection): string => {
    const parts = [
      kept.channels > 0
        ? plural(
            {
              one: 'transfer.preview.selected.channels.one',
              other: 'transfer.preview.selected.channels.other',
            },
            kept.channels,
          )
        : null,
      kept.animes > 0
        ? plural(
            {
              one: 'transfer.preview.selected.animes.one',
              other: 'transfer.preview.selected.animes.other',
            },
            kept.animes,
          )
        : null,
    ].filter((part) => part !== null)
    const [first, second] = parts
    const items =
      first !== undefined && second !== undefined
        ? t('transfer.preview.selected.and', { first, second })
        : first
    const groups =
      kept.groups > 0
        ? plural(
            {
              one: 'transfer.preview.selected.groups.one',
              other: 'transfer.preview.selected.groups.other',
            },
            kept.groups,
          )
        : null
    if (items === undefined) {
      return groups === null
        ? t('transfer.preview.confirmNothing')
        : t('transfer.preview.confirmGroups', { groups })
    }
    return groups === null
      ? t('transfer.preview.confirmItems', { items })
      : t('transfer.preview.confirmItemsInto', { items, groups })
  }
}
