import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { ActivityItem } from '~/features/groups/components/group-activity'
import { activityQuery } from '~/features/groups/groups.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { overviewQuery } from '../overview.queries'

/** The latest changes across all of the user's groups, newest first. */
export function OverviewActivity() {
  const { t } = useI18n()
  const activity = useQuery(activityQuery(null))
  // Someone with groups has made a start: they are told what will show here, not to begin.
  const { data: counts } = useSuspenseQuery(overviewQuery())
  const entries = activity.data?.slice(0, 10) ?? []
  return (
    <section aria-labelledby="overview-activity-title" className="grid gap-3">
      <h2 id="overview-activity-title" className="text-lg font-semibold">
        {t('overview.activity.title')}
      </h2>
      {activity.isSuccess && entries.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t(counts.groups > 0 ? 'overview.activity.none' : 'overview.activity.empty')}
        </p>
      ) : (
        <ol className="grid gap-2">
          {entries.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  )
}
