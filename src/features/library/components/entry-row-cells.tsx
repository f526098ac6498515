import { relativeTimeParts } from '~/features/groups/components/activity-text'
import { GroupGlyph } from '~/features/groups/components/group-icon'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { usePlural } from '~/lib/i18n/use-plural'
import type { GroupChipInfo } from '../library.schemas'
import type { AiringLine } from './entry-list-model'
import { RowLink } from './row-link'

/** Chips shown per row before "+N". */
const CHIPS_SHOWN = 2

const AIRING_WORDS = {
  releasing: 'library.anime.releasing',
  notYetAired: 'library.anime.notYetAired',
  hiatus: 'library.anime.hiatus',
  cancelled: 'library.anime.cancelled',
} as const satisfies Record<string, MessageKey>

/** "Episode 8 · in 3 days" (the full date as title), "Finished · 24 episodes", or the status word. */
export function AiringText(props: {
  line: AiringLine
  relative: Intl.RelativeTimeFormat
  now: Date
}) {
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

/** A row's groups as chips linking to them (the first two), then "+N". */
export function GroupChips(props: {
  ids: readonly string[]
  groups: ReadonlyMap<string, GroupChipInfo> | undefined
  tabIndex: number
}) {
  const { t } = useI18n()
  const { shown, rest } = shownChips(props.ids, props.groups)
  const [first, second] = shown
  if (!first) {
    return <span className="text-xs text-zinc-500">{t('library.list.ungrouped')}</span>
  }
  const chip = (group: GroupChipInfo) => (
    <RowLink
      to="/dashboard/groups/$id/"
      id={group.id}
      tabIndex={props.tabIndex}
      className="inline-flex max-w-32 min-w-0 items-center gap-1 rounded-full border border-zinc-200 px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
    >
      <GroupGlyph icon={group.icon} color={group.color} size={12} />
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

/** A row's tags: the first two, then "+N". */
export function TagChips(props: { tags: readonly string[] }) {
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
