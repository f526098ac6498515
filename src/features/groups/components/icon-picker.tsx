import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual'
import { Search } from 'lucide-react'
import { Tabs } from 'radix-ui'
import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog'
import { Input } from '~/components/ui/field'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { GroupColor } from '../groups.schemas'
import { GROUP_COLOR_CLASSES, GroupIcon } from './group-icon'
import {
  EMOJI_GROUPS,
  type EmojiGroup,
  type EmojiItem,
  iconLabel,
  prepareEmojis,
  searchEmojis,
  searchIconNames,
} from './icon-search'
import { LUCIDE_ICON_NAMES, type LucideIconName, parseIcon, useLucideIcon } from './lucide-icons'

const EMOJI_GROUP_LABELS = {
  0: 'groups.emoji.group.smileys',
  1: 'groups.emoji.group.people',
  3: 'groups.emoji.group.nature',
  4: 'groups.emoji.group.food',
  5: 'groups.emoji.group.travel',
  6: 'groups.emoji.group.activities',
  7: 'groups.emoji.group.objects',
  8: 'groups.emoji.group.symbols',
  9: 'groups.emoji.group.flags',
} as const satisfies Record<EmojiGroup, string>

const CELL = 44

export type IconPickerProps = {
  /** Whether the dialog is open (controlled). */
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The current stored value (`lucide:<name>` / `emoji:<char>`), or null. */
  value: string | null
  /** Called with `lucide:<name>` or `emoji:<char>`; the dialog then closes. */
  onChange: (value: string) => void
  /** Colour used to preview the icons. */
  color?: GroupColor | null
}

/**
 * Chooses a group icon: every bundled lucide icon (searchable, virtualised,
 * each glyph loaded as its cell appears) or an emoji (the emoji data loads
 * only when its tab is opened).
 */
export function IconPicker(props: IconPickerProps) {
  const { t } = useI18n()
  const current = parseIcon(props.value)
  const [tab, setTab] = useState<'icons' | 'emoji'>(current?.kind === 'emoji' ? 'emoji' : 'icons')
  const choose = (value: string) => {
    props.onChange(value)
    props.onOpenChange(false)
  }
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogTitle className="text-lg font-semibold">{t('groups.iconPicker.title')}</DialogTitle>
        <DialogDescription className="sr-only">
          {t('groups.iconPicker.description')}
        </DialogDescription>
        <Tabs.Root
          value={tab}
          onValueChange={(next) => setTab(next === 'emoji' ? 'emoji' : 'icons')}
          className="grid gap-3"
        >
          <Tabs.List
            aria-label={t('groups.iconPicker.tabs')}
            className="flex rounded-lg border border-zinc-200 p-1 dark:border-zinc-800"
          >
            {(['icons', 'emoji'] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="flex-1 rounded-md px-3 py-1.5 text-sm text-zinc-700 data-[state=active]:bg-primary-soft data-[state=active]:font-medium data-[state=active]:text-primary-strong dark:text-zinc-300 dark:data-[state=active]:bg-zinc-800 dark:data-[state=active]:text-white"
              >
                {value === 'icons' ? t('groups.iconPicker.icons') : t('groups.iconPicker.emoji')}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="icons" className="outline-none">
            <LucideTab
              selected={current?.kind === 'lucide' ? current.name : null}
              color={props.color ?? null}
              onChoose={(name) => choose(`lucide:${name}`)}
            />
          </Tabs.Content>
          <Tabs.Content value="emoji" className="outline-none">
            <EmojiTab
              selected={current?.kind === 'emoji' ? current.chars : null}
              onChoose={(chars) => choose(`emoji:${chars}`)}
            />
          </Tabs.Content>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  )
}

function SearchBox(props: {
  label: string
  value: string
  onChange: (value: string) => void
  onArrowDown: () => void
  onEnter: () => void
}) {
  return (
    <div className="relative">
      <Search
        aria-hidden
        size={16}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-zinc-500"
      />
      <Input
        type="search"
        aria-label={props.label}
        placeholder={props.label}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            props.onArrowDown()
          } else if (event.key === 'Enter') {
            event.preventDefault()
            props.onEnter()
          }
        }}
        className="pl-9"
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  )
}

function LucideTab(props: {
  selected: LucideIconName | null
  color: GroupColor | null
  onChoose: (name: LucideIconName) => void
}) {
  const { t, formatNumber } = useI18n()
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const names = useMemo(() => searchIconNames(LUCIDE_ICON_NAMES, deferred), [deferred])
  const gridRef = useRef<GridHandle>(null)
  return (
    <div className="grid gap-3">
      <SearchBox
        label={t('groups.iconPicker.searchIcons')}
        value={query}
        onChange={setQuery}
        onArrowDown={() => gridRef.current?.focus()}
        onEnter={() => {
          const first = names[0]
          if (first) props.onChoose(first)
        }}
      />
      <p className="sr-only" aria-live="polite">
        {t('groups.iconPicker.results', { count: formatNumber(names.length) })}
      </p>
      {names.length === 0 ? (
        <p className="grid h-72 place-items-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('groups.iconPicker.noIcons')}
        </p>
      ) : (
        <VirtualGrid
          ref={gridRef}
          label={t('groups.iconPicker.icons')}
          sections={[{ key: 'all', title: null, items: names }]}
          itemKey={(name) => name}
          itemLabel={iconLabel}
          isSelected={(name) => name === props.selected}
          onChoose={props.onChoose}
          renderItem={(name) => <LucideCell name={name} color={props.color} />}
        />
      )}
    </div>
  )
}

function LucideCell(props: { name: LucideIconName; color: GroupColor | null }) {
  const Icon = useLucideIcon(props.name)
  return (
    <span className={GROUP_COLOR_CLASSES[props.color ?? 'slate'].text}>
      {Icon ? <Icon aria-hidden size={22} /> : <span className="block size-[22px]" />}
    </span>
  )
}

function EmojiTab(props: { selected: string | null; onChoose: (chars: string) => void }) {
  const { t, formatNumber } = useI18n()
  const [items, setItems] = useState<EmojiItem[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const gridRef = useRef<GridHandle>(null)
  useEffect(() => {
    let alive = true
    // Only now, when the tab opens: ~70 KB of emoji names stay out of every other screen.
    import('emojibase-data/en/compact.json')
      .then((module) => {
        if (alive) setItems(prepareEmojis(module.default))
      })
      .catch(() => {
        if (alive) setFailed(true)
      })
    return () => {
      alive = false
    }
  }, [])
  const results = useMemo(() => (items ? searchEmojis(items, deferred) : []), [items, deferred])
  const sections = useMemo(() => {
    if (deferred.trim()) return [{ key: 'results', title: null, items: results }]
    return EMOJI_GROUPS.map((group) => ({
      key: String(group),
      title: t(EMOJI_GROUP_LABELS[group]),
      items: results.filter((item) => item.group === group),
    })).filter((section) => section.items.length > 0)
  }, [results, deferred, t])
  return (
    <div className="grid gap-3">
      <SearchBox
        label={t('groups.iconPicker.searchEmoji')}
        value={query}
        onChange={setQuery}
        onArrowDown={() => gridRef.current?.focus()}
        onEnter={() => {
          const first = results[0]
          if (first) props.onChoose(first.unicode)
        }}
      />
      {items ? (
        <p className="sr-only" aria-live="polite">
          {t('groups.iconPicker.results', { count: formatNumber(results.length) })}
        </p>
      ) : null}
      {failed ? (
        <p className="grid h-72 place-items-center text-sm text-red-700 dark:text-red-400">
          {t('groups.iconPicker.emojiFailed')}
        </p>
      ) : !items ? (
        <p
          role="status"
          className="grid h-72 place-items-center text-sm text-zinc-600 dark:text-zinc-400"
        >
          {t('groups.iconPicker.loadingEmoji')}
        </p>
      ) : results.length === 0 ? (
        <p className="grid h-72 place-items-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('groups.iconPicker.noEmoji')}
        </p>
      ) : (
        <VirtualGrid
          ref={gridRef}
          label={t('groups.iconPicker.emoji')}
          sections={sections}
          itemKey={(item) => item.unicode}
          itemLabel={(item) => item.label}
          isSelected={(item) => item.unicode === props.selected}
          onChoose={(item) => props.onChoose(item.unicode)}
          renderItem={(item) => (
            <span className="text-2xl leading-none" aria-hidden>
              {item.unicode}
            </span>
          )}
        />
      )}
    </div>
  )
}

type GridHandle = { focus: () => void }
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

/**
 * A listbox laid out as a grid: one tab stop, arrow keys move in two
 * dimensions, Enter or Space chooses. Only visible rows are rendered; the
 * active option is always kept rendered for aria-activedescendant.
 */
function VirtualGrid<T>(props: {
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

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const observer = new ResizeObserver(() => {
      setColumns(Math.max(4, Math.floor(element.clientWidth / CELL)))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // A new search starts at the first result.
  const sectionsRef = useRef(props.sections)
  useEffect(() => {
    if (sectionsRef.current !== props.sections) {
      sectionsRef.current = props.sections
      setActive(0)
    }
  }, [props.sections])

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'title' ? 32 : CELL),
    overscan: 4,
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range)
      return indexes.includes(activeRow) ? indexes : [...indexes, activeRow].sort((a, b) => a - b)
    },
  })

  useImperativeHandle(props.ref, () => ({ focus: () => scrollRef.current?.focus() }), [])

  // Keep the selected icon in view when the dialog opens.
  const didScroll = useRef(false)
  useEffect(() => {
    if (didScroll.current || selectedIndex < 0) return
    didScroll.current = true
    virtualizer.scrollToIndex(rowOfItem[selectedIndex] ?? 0, { align: 'center' })
  }, [selectedIndex, rowOfItem, virtualizer])

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index))
    setActive(next)
    virtualizer.scrollToIndex(rowOfItem[next] ?? 0)
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
      className="h-72 overflow-y-auto rounded-lg border border-zinc-200 outline-none focus-visible:ring-2 focus-visible:ring-primary dark:border-zinc-800"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((virtualRow) => {
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
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox owns the keyboard (aria-activedescendant)
                    <div
                      key={props.itemKey(item)}
                      id={optionId(index)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={selected}
                      aria-label={props.itemLabel(item)}
                      title={props.itemLabel(item)}
                      onClick={() => props.onChoose(item)}
                      onMouseMove={() => {
                        if (index !== activeIndex) setActive(index)
                      }}
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

/** The trigger used by forms: the current icon, and a button opening the picker. */
export function IconField(props: {
  label: string
  value: string | null
  color: GroupColor | null
  defaultIcon?: string | null
  defaultColor?: GroupColor | null
  /** Offer "Use default" (null); off where a value is required (the settings' default icon). */
  allowDefault?: boolean
  onChange: (value: string | null) => void
}) {
  const allowDefault = props.allowDefault ?? true
  const { t } = useI18n()
  const [open, setOpen] = useState(false)
  const labelId = useId()
  return (
    <div className="grid gap-1.5">
      <span id={labelId} className="text-sm font-medium">
        {props.label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <GroupIcon
          icon={props.value}
          color={props.color}
          defaultIcon={props.defaultIcon}
          defaultColor={props.defaultColor}
          size={24}
          variant="tile"
          className="size-10"
        />
        <Button variant="secondary" aria-describedby={labelId} onClick={() => setOpen(true)}>
          {t('groups.iconPicker.open')}
        </Button>
        {!allowDefault ? null : props.value ? (
          <Button variant="ghost" onClick={() => props.onChange(null)}>
            {t('groups.iconPicker.useDefault')}
          </Button>
        ) : (
          <span className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('groups.iconPicker.usingDefault')}
          </span>
        )}
      </div>
      {open ? (
        <IconPicker
          open={open}
          onOpenChange={setOpen}
          value={props.value}
          color={props.color ?? props.defaultColor ?? null}
          onChange={props.onChange}
        />
      ) : null}
    </div>
  )
}
