import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { billingOverviewQuery } from '../billing.queries'

const TRIAL_ENDS = { one: 'billing.banner.trial.one', other: 'billing.banner.trial.other' } as const

/** Above every dashboard screen while the trial runs: the days left and the way to a plan. */
export function TrialBanner() {
  const { t } = useI18n()
  const plural = usePlural()
  const { data } = useQuery(billingOverviewQuery())
  if (!data?.billing || !data.trialing) return null
  return (
    <div
      role="status"
      data-testid="trial-banner"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-primary-soft px-4 py-2 text-sm text-primary-strong dark:bg-zinc-800 dark:text-zinc-100"
    >
      <span>{plural(TRIAL_ENDS, data.trialDaysLeft)}</span>
      <Link to="/dashboard/settings/billing/" className="font-medium underline underline-offset-2">
        {t('billing.banner.cta')}
      </Link>
    </div>
  )
}
