import { Link } from '@tanstack/react-router'
import { CheckCircle2, CircleAlert, Palette, UserRound } from 'lucide-react'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { SessionUser } from '../session.functions'

/** The overview's account card: the address, whether it is confirmed, and the ways to settings. */
export function AccountSummary(props: { user: SessionUser }) {
  const { t } = useI18n()
  const { user } = props
  return (
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
  )
}
