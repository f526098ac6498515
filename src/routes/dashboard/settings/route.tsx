import { createFileRoute, Link, Outlet } from '@tanstack/react-router'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

/** The settings tabs, in the order they show. */
const TABS = [
  { to: '/dashboard/settings/account/', label: 'settings.nav.account' },
  { to: '/dashboard/settings/appearance/', label: 'settings.nav.appearance' },
  { to: '/dashboard/settings/groups/', label: 'groups.settings.nav' },
  { to: '/dashboard/settings/notifications/', label: 'notify.settings.nav' },
  { to: '/dashboard/settings/privacy/', label: 'transfer.privacy.nav' },
  { to: '/dashboard/settings/connections/', label: 'connect.settings.nav' },
  { to: '/dashboard/settings/billing/', label: 'billing.nav' },
] as const

export const Route = createFileRoute('/dashboard/settings')({
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'meta.title.settings') }),
  component: SettingsLayout,
})

function SettingsLayout() {
  const { t } = useI18n()
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('settings.title')}</h1>
      <nav
        aria-label={t('settings.nav.label')}
        className="border-b border-zinc-200 dark:border-zinc-800"
      >
        <ul className="flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to}
                className="-mb-px inline-block border-b-2 border-transparent px-3 py-2 text-sm font-medium text-zinc-700 hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white"
                activeProps={{
                  className: 'border-primary text-primary-strong dark:text-white',
                  'aria-current': 'page',
                }}
              >
                {t(tab.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
