import { Search } from 'lucide-react'
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { Input } from '~/components/ui/field'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { GroupColor } from '../groups.schemas'
import { GROUP_COLOR_CLASSES } from './group-icon'
import { type GridHandle, IconGrid } from './icon-grid'
import {
  EMOJI_GROUPS,
  type EmojiGroup,
  type EmojiItem,
  iconLabel,
  prepareEmojis,
  searchEmojis,
  searchIconNames,
} from './icon-search'
import { LUCIDE_ICON_NAMES, type LucideIconName, useLucideIcon } from './lucide-icons'

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

/** The search above a grid: Arrow Down enters the grid, Enter takes the first result. */
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

export function LucideTab(props: {
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
        <IconGrid
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

export function EmojiTab(props: { selected: string | null; onChoose: (chars: string) => void }) {
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
        <IconGrid
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
