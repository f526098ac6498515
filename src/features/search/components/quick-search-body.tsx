import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { CirclePlay, Film, Folder, Search, Settings } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { readRecent, rememberRecent } from '../recent-items'
import { SEARCH_SCREENS } from '../screens'
import { quickSearchQuery } from '../search.queries'
import { SEARCH_LIMIT_PER_KIND } from '../search.schemas'
import {
  entryOption,
  flatten,
  groupOption,
  type SearchOption,
  type SearchSection,
  type SectionKey,
} from '../search-options'
import { rankMatches } from '../search-ranking'

const DEBOUNCE_MS = 150

const SECTION_TITLES = {
  recent: 'search.section.recent',
  groups: 'search.section.groups',
  channels: 'search.section.channels',
  animes: 'search.section.animes',
  screens: 'search.section.screens',
} as const satisfies Record<SectionKey, string>

// Icons no public page uses: a shared one would split into a chunk the landing page loads too.
const KIND_ICONS = {
  group: Folder,
  channel: CirclePlay,
  anime: Film,
  screen: Settings,
} as const

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return debounced
}

/** Loaded when the dialog first opens: none of this is in a page's first bytes. */
export default function QuickSearchBody(props: { userId: string; close: () => void }) {
  const { t } = useI18n()
  const plural = usePlural()
  const navigate = useNavigate()
  const ids = useId()
  const [query, setQuery] = useState('')
  const input = useRef<HTMLInputElement>(null)
  // The dialog opened before this code arrived: focus moves here once it has.
  useEffect(() => input.current?.focus(), [])
  const [activeKey, setActiveKey] = useState<string | null>(null)
  const [recent] = useState(() => readRecent(props.userId))
  const debounced = useDebounced(query.trim(), DEBOUNCE_MS)
  const searching = debounced !== ''
  const answer = useQuery(quickSearchQuery(debounced))

  const screens = useMemo(
    () =>
      SEARCH_SCREENS.map((screen) => ({
        item: {
          key: `screen:${screen.href}`,
          kind: 'screen' as const,
          label: t(screen.label),
          detail: '',
          href: screen.href,
          shared: false,
        },
        name: t(screen.label),
        context: t(screen.keywords).split(' '),
      })),
    [t],
  )

  const sections = useMemo((): SearchSection[] => {
    if (!searching) {
      return recent.length > 0
        ? [{ key: 'recent', options: recent.map((item) => ({ ...item, shared: false })) }]
        : [{ key: 'screens', options: screens.map((screen) => screen.item) }]
    }
    const data = answer.data
    const list: SearchSection[] = [
      { key: 'groups', options: data?.groups.map(groupOption) ?? [] },
      { key: 'channels', options: data?.channels.map(entryOption) ?? [] },
      { key: 'animes', options: data?.animes.map(entryOption) ?? [] },
      { key: 'screens', options: rankMatches(debounced, screens, SEARCH_LIMIT_PER_KIND) },
    ]
    return list.filter((section) => section.options.length > 0)
  }, [searching, recent, screens, answer.data, debounced])
  const options = useMemo(() => flatten(sections), [sections])

  // A new list keeps the active option while it is in it, else starts at the first.
  const active = Math.max(
    0,
    options.findIndex((option) => option.key === activeKey),
  )
  const activeOption = options[active]
  const optionId = (option: SearchOption) => `${ids}-${option.key}`
  useEffect(() => {
    if (!activeOption) return
    document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' })
  })

  function open(option: SearchOption) {
    const { shared: _shared, ...item } = option
    rememberRecent(props.userId, item)
    props.close()
    void navigate({ href: option.href })
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault()
      setActiveKey(options[(active + 1) % count]?.key ?? null)
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault()
      setActiveKey(options[(active - 1 + count) % count]?.key ?? null)
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault()
      open(activeOption)
    }
  }

  const waiting = searching && (answer.isPending || (answer.isFetching && answer.isPlaceholderData))
  const status = answer.isError
    ? t('search.failed')
    : waiting && options.length === 0
      ? t('search.searching')
      : searching && options.length === 0
        ? t('search.empty', { query: debounced })
        : searching
          ? plural({ one: 'search.count.one', other: 'search.count.other' }, options.length)
          : recent.length === 0
            ? t('search.noRecent')
            : ''
  const listId = `${ids}-list`

  return (
    <>
      <div className="flex items-center gap-3 border-b border-zinc-200 px-4 dark:border-zinc-800">
        <Search aria-hidden size={18} className="shrink-0 text-zinc-600 dark:text-zinc-400" />
        <input
          ref={input}
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-label={t('search.label')}
          aria-busy={waiting}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-zinc-900 outline-none placeholder:text-zinc-600 dark:text-zinc-100 dark:placeholder:text-zinc-400"
        />
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={t('search.results')}
        className="min-h-0 flex-1 overflow-y-auto p-2"
      >
        {sections.map((section) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's sections are ARIA groups; a fieldset is for form fields.
          <div
            key={section.key}
            role="group"
            aria-labelledby={`${ids}-${section.key}`}
            className="grid gap-0.5 py-1"
          >
            <div
              id={`${ids}-${section.key}`}
              role="presentation"
              className="px-3 py-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400"
            >
              {t(SECTION_TITLES[section.key])}
            </div>
            {section.options.map((option) => (
              <OptionRow
                key={option.key}
                id={optionId(option)}
                option={option}
                active={option === activeOption}
                sharedLabel={t('search.shared')}
                onPoint={() => setActiveKey(option.key)}
                onOpen={() => open(option)}
              />
            ))}
          </div>
        ))}
      </div>
      <p
        role="status"
        className={`px-5 text-sm text-zinc-700 dark:text-zinc-300 ${
          status !== '' && options.length === 0 ? 'py-4' : 'sr-only'
        }`}
      >
        {status}
      </p>
    </>
  )
}

function OptionRow(props: {
  id: string
  option: SearchOption
  active: boolean
  sharedLabel: string
  onPoint: () => void
  onOpen: () => void
}) {
  const { option } = props
  const Icon = KIND_ICONS[option.kind]
  return (
    // The input keeps focus (aria-activedescendant); a click opens, as Enter does.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
    <div
      id={props.id}
      role="option"
      aria-selected={props.active}
      tabIndex={-1}
      onMouseMove={props.active ? undefined : props.onPoint}
      onMouseDown={(event) => event.preventDefault()}
      onClick={props.onOpen}
      className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ${
        props.active
          ? 'bg-primary-soft text-primary-strong dark:bg-zinc-800 dark:text-white'
          : 'text-zinc-800 dark:text-zinc-200'
      }`}
    >
      <Icon aria-hidden size={18} className="shrink-0" />
      <span className="grid min-w-0 flex-1">
        <span className="truncate font-medium">{option.label}</span>
        {option.detail !== '' && (
          <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">{option.detail}</span>
        )}
      </span>
      {option.shared && (
        <span className="shrink-0 rounded-full border border-zinc-300 px-2 py-0.5 text-xs text-zinc-700 dark:border-zinc-600 dark:text-zinc-300">
          {props.sharedLabel}
        </span>
      )}
    </div>
  )
}
