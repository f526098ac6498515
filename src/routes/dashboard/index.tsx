import {
  createFileRoute,
  Link,
  type SearchSchemaInput,
  stripSearchParams,
} from '@tanstack/react-router'
import { CheckCircle2, CircleAlert, Palette, UserRound } from 'lucide-react'
import { FormAlert } from '~/components/ui/form-alert'
import { activityQuery } from '~/features/groups/groups.queries'
import { OverviewActivity } from '~/features/overview/components/overview-activity'
import { OverviewStats } from '~/features/overview/components/overview-stats'
import { overviewQuery } from '~/features/overview/overview.queries'
import { SharedOverviewCard } from '~/features/sharing/components/shared-overview-card'
import { sharedWithMeQuery } from '~/features/sharing/sharing.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

/** Known `origin` values get a welcome line; anything else is ignored (seed: empty on invalid). */
const ORIGINS = {
  import: 'dashboard.overview.origin.import',
  extension: 'dashboard.overview.origin.extension',
  confirmed: 'dashboard.overview.origin.confirmed',
} as const

function isOrigin(value: string): value is keyof typeof ORIGINS {
  return value in ORIGINS
}

export const Route = createFileRoute('/dashboard/')({
  validateSearch: (search: { origin?: unknown } & SearchSchemaInput): { origin: string } => ({
    origin: typeof search.origin === 'string' ? search.origin : '',
  }),
  search: { middlewares: [stripSearchParams({ origin: '' })] },
  // Both on the server: the overview paints complete, with no request after load.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(overviewQuery()),
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
    <div className="mx-auto grid max-w-5xl gap-8">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">
          {t('dashboard.overview.greeting', { name: user.name })}
        </h1>
        <p className="text-zinc-700 dark:text-zinc-300">{t('dashboard.overview.subtitle')}</p>
      </header>
      {isOrigin(origin) ? <FormAlert tone="success">{t(ORIGINS[origin])}</FormAlert> : null}
      <OverviewStats />
      <SharedOverviewCard />
      <OverviewActivity />
      <section
        aria-labelledby="account-title"
        className="grid gap-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800"
      >
        <h2 id="account-title" className="text-lg font-semibold">
          {t('dashboard.overview.account')}
        </h2>
        <p className="flex items-center gap-2 text-sm">
          {user.emailVerified ? (
            <CheckCircle2 aria-hidden size={16} className="text-green-700 dark:text-green-400" />
          ) : (
            <CircleAlert aria-hidden size={16} className="text-amber-700 dark:text-amber-400" />
          )}
          {user.email} ·{' '}
          {user.emailVerified
            ? t('dashboard.overview.emailConfirmed')
            : t('dashboard.overview.emailPending')}
        </p>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link
            to="/dashboard/settings/account/"
            className="inline-flex items-center gap-2 rounded-lg border border-zinc-300 px-3 py-2 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            <UserRound aria-hidden size={16} />
            {t('dashboard.overview.settingsLink')}
          </Link>
          <Link
            to="/dashboard/settings/appearance/"
            className="inline-flex items-center gap-2 rounded-lg border border-zinc-300 px-3 py-2 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            <Palette aria-hidden size={16} />
            {t('dashboard.overview.appearanceLink')}
          </Link>
        </div>
      </section>
    </div>
  )
}
