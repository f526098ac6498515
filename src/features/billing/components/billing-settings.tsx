import { useSuspenseQuery } from '@tanstack/react-query'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { getPlan, TRIAL_DAYS } from '~/features/billing/plans'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import {
  billingOverviewQuery,
  useOpenPortal,
  useStartCheckout,
  useTryBusiness,
} from '../billing.queries'
import type { BillingOverview, PriceChoiceId } from '../billing.schemas'

const PLAN_NAMES = {
  free: 'pricing.plan.free',
  pro: 'pricing.plan.pro',
  business: 'pricing.plan.business',
} as const satisfies Record<BillingOverview['plan'], MessageKey>

const USAGE_LABELS = {
  groups: 'billing.usage.groups',
  depth: 'billing.usage.depth',
  channels: 'billing.usage.channels',
  shareMembers: 'billing.usage.shareMembers',
} as const satisfies Record<keyof BillingOverview['usage'], MessageKey>

export const TRIAL_DAYS_LEFT = {
  one: 'billing.trial.daysLeft.one',
  other: 'billing.trial.daysLeft.other',
} as const

/** `/dashboard/settings/billing/`: the plan, the trial, usage against each limit, upgrade and manage. */
export function BillingSettings() {
  const { t, locale, formatNumber } = useI18n()
  const plural = usePlural()
  const errorText = useErrorText()
  const { data } = useSuspenseQuery(billingOverviewQuery())
  const checkout = useStartCheckout()
  const portal = useOpenPortal()
  const trial = useTryBusiness()
  const money = (cents: number) =>
    new Intl.NumberFormat(LOCALE_TAGS[locale], {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }).format(cents / 100)
  const pro = getPlan('pro')
  const business = getPlan('business')
  const choices: { id: PriceChoiceId; label: string }[] = [
    {
      id: 'pro-monthly',
      label: t('billing.upgrade.proMonthly', { price: money(pro.monthlyCents) }),
    },
    {
      id: 'pro-yearly',
      label: t('billing.upgrade.proYearly', { price: money(pro.yearlyCents ?? 0) }),
    },
    {
      id: 'business',
      label: t('billing.upgrade.business', { price: money(business.monthlyCents) }),
    },
  ]

  return (
    <section aria-labelledby="billing-title" className="grid gap-6">
      <h2 id="billing-title" className="text-xl font-semibold">
        {t('billing.title')}
      </h2>
      {!data.billing ? (
        <FormAlert tone="info">{t('billing.selfHosted')}</FormAlert>
      ) : (
        <>
          <div className="grid gap-1" data-testid="billing-plan">
            <p className="text-lg">{t('billing.current', { plan: t(PLAN_NAMES[data.plan]) })}</p>
            {data.trialing ? (
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                {plural(TRIAL_DAYS_LEFT, data.trialDaysLeft)}
              </p>
            ) : null}
            {data.cancelAtPeriodEnd ? (
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                {t('billing.cancelsAtPeriodEnd')}
              </p>
            ) : null}
          </div>
          <div className="grid gap-2">
            <h3 className="font-semibold">{t('billing.usage.title')}</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
              {(Object.keys(USAGE_LABELS) as (keyof typeof USAGE_LABELS)[]).map((name) => {
                const max = data.limits[name]
                const used = formatNumber(data.usage[name])
                return (
                  <div key={name} className="contents">
                    <dt>{t(USAGE_LABELS[name])}</dt>
                    <dd>
                      {max === null
                        ? t('billing.usage.unlimited', { used })
                        : t('billing.usage.of', { used, max: formatNumber(max) })}
                    </dd>
                  </div>
                )
              })}
            </dl>
          </div>
          {data.seats ? (
            <div className="grid gap-2" data-testid="billing-seats">
              <h3 className="font-semibold">{t('billing.seats.title')}</h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                <dt>{t('billing.seats.billed')}</dt>
                <dd>{formatNumber(data.seats.billed)}</dd>
                <dt>{t('billing.seats.counted')}</dt>
                <dd>{formatNumber(data.seats.counted)}</dd>
              </dl>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                {t('billing.seats.explain')}
              </p>
            </div>
          ) : null}
          <div className="grid gap-2">
            <h3 className="font-semibold">{t('billing.upgrade.title')}</h3>
            <div className="flex flex-wrap gap-3">
              {choices.map((choice) => (
                <Button
                  key={choice.id}
                  variant={choice.id === 'pro-monthly' ? 'primary' : 'secondary'}
                  disabled={checkout.isPending}
                  onClick={() => checkout.mutate(choice.id)}
                >
                  {choice.label}
                </Button>
              ))}
            </div>
            {data.canTryBusiness ? (
              <Button
                variant="secondary"
                className="justify-self-start"
                disabled={trial.isPending}
                onClick={() => trial.mutate()}
              >
                {t('billing.tryBusiness', { days: TRIAL_DAYS })}
              </Button>
            ) : null}
            {trial.error ? <FormAlert tone="error">{errorText(trial.error)}</FormAlert> : null}
            {checkout.error ? (
              <FormAlert tone="error">{errorText(checkout.error)}</FormAlert>
            ) : null}
          </div>
          {data.canManage ? (
            <div className="grid justify-items-start gap-2">
              <Button
                variant="secondary"
                disabled={portal.isPending}
                onClick={() => portal.mutate()}
              >
                {t('billing.manage')}
              </Button>
              {portal.error ? <FormAlert tone="error">{errorText(portal.error)}</FormAlert> : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
