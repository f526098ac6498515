import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import { pluralCategory } from '~/lib/i18n/use-plural'
import { activityQuery } from '../groups.queries'
import type { ActivityEntry } from '../groups.schemas'
import { activitySentence, relativeTimeParts } from './activity-text'

/** A group's latest changes, newest first: who did what, and when. */
export function RecentActivity(props: { groupId: string }) {
  const { t } = useI18n()
  const activity = useQuery(activityQuery(props.groupId))
  return (
    <section aria-labelledby="activity-title" className="grid gap-3">
      <h2 id="activity-title" className="text-lg font-semibold">
        {t('library.activity.title')}
      </h2>
      {activity.isPending ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.loading')}</p>
      ) : activity.error ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.loadFailed')}</p>
      ) : activity.data.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('library.activity.empty')}</p>
      ) : (
        <ol className="grid gap-2">
          {activity.data.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  )
}

export function ActivityItem(props: { entry: ActivityEntry }) {
  const { t, locale, formatNumber, formatDate } = useI18n()
  const tag = LOCALE_TAGS[locale]
  const relative = useMemo(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }), [tag])
  const { key, params } = activitySentence(props.entry, (count) => pluralCategory(tag, count))
  const formatted = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'number' ? formatNumber(value) : value,
    ]),
  )
  const at = new Date(props.entry.createdAt)
  const parts = relativeTimeParts(at, new Date())
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-zinc-100 pb-2 text-sm dark:border-zinc-800">
      <span>{t(key, formatted)}</span>
      <time
        dateTime={props.entry.createdAt}
        title={formatDate(at)}
        suppressHydrationWarning
        className="text-xs text-zinc-600 dark:text-zinc-400"
      >
        {relative.format(parts.value, parts.unit)}
      </time>
    </li>
  )
}
