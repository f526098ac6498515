import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { AccountSummary } from '~/features/auth/components/account-summary'
import { activityQuery } from '~/features/groups/groups.queries'
import { LibraryReachCards } from '~/features/growth/components/library-reach-cards'
import { libraryReachQuery } from '~/features/growth/growth.queries'
import { OriginNotice } from '~/features/overview/components/origin-notice'
import { OverviewActivity } from '~/features/overview/components/overview-activity'
import { OverviewCounts, QuickActions } from '~/features/overview/components/overview-stats'
import { overviewQuery } from '~/features/overview/overview.queries'
import { validateOverviewSearch } from '~/features/overview/overview.schemas'
import { SharedOverviewCard } from '~/features/sharing/components/shared-overview-card'
import { sharedWithMeQuery } from '~/features/sharing/sharing.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/dashboard/')({
  validateSearch: validateOverviewSearch,
  search: { middlewares: [stripSearchParams({ origin: '' })] },
  // All on the server: the overview paints complete, with no request after load.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(overviewQuery()),
      context.queryClient.ensureQueryData(libraryReachQuery()),
      context.queryClient.ensureQueryData(activityQuery(null)),
      // A failure only hides the "Shared with me" card.
      context.queryClient.ensureQueryData(sharedWithMeQuery()).catch(() => null),
    ]),
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'meta.title.dashboard') }),
  component: OverviewPage,
})

function OverviewPage() {
  const { t } = useI18n()
  const { user } = Route.useRouteContext()
  const { origin } = Route.useSearch()
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-8">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          {t('dashboard.overview.greeting', { name: user.name })}
        </h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t('dashboard.overview.subtitle')}</p>
      </header>
      <OriginNotice origin={origin} />
      <OverviewCounts />
      <LibraryReachCards />
      <QuickActions />
      <SharedOverviewCard />
      <OverviewActivity />
      <AccountSummary user={user} />
    </div>
  )
}
