import { Link } from '@tanstack/react-router'
import { Check } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { PLANS, type Plan, TRIAL_DAYS } from '~/features/billing/plans'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { Translate } from '~/lib/i18n/translate'
import { SectionHeading } from './section-heading'

const PLAN_TEXT = {
  free: { name: 'pricing.plan.free', tagline: 'pricing.plan.free.tagline' },
  pro: { name: 'pricing.plan.pro', tagline: 'pricing.plan.pro.tagline' },
  business: { name: 'pricing.plan.business', tagline: 'pricing.plan.business.tagline' },
} as const

const FEATURE_TEXT = [
  ['importExport', 'pricing.feature.importExport'],
  ['feeds', 'pricing.feature.feeds'],
  ['growthAnalytics', 'pricing.feature.growthAnalytics'],
  ['teams', 'pricing.feature.teams'],
  ['activityLog', 'pricing.feature.activityLog'],
  ['prioritySupport', 'pricing.feature.prioritySupport'],
] as const

/** The plan's bullet list, derived from its limits and features, never typed by hand. */
export function planLines(plan: Plan, t: Translate, formatNumber: (n: number) => string) {
  const { limits } = plan
  const lines = [
    limits.groups === null
      ? t('pricing.limit.groupsUnlimited')
      : t('pricing.limit.groups', { count: formatNumber(limits.groups) }),
    t('pricing.limit.depth', { count: limits.depth }),
    limits.channels === null
      ? t('pricing.limit.channelsUnlimited')
      : t('pricing.limit.channels', { count: formatNumber(limits.channels) }),
  ]
  if (limits.shareMembers === null) lines.push(t('pricing.limit.shareUnlimited'))
  else if (limits.shareMembers > 0)
    lines.push(t('pricing.limit.share', { count: limits.shareMembers }))
  for (const [feature, key] of FEATURE_TEXT) {
    if (plan.features[feature]) lines.push(t(key))
  }
  return lines
}

/** `billing`: a payment provider is configured; without one there is no trial to start. */
export function Pricing(props: { billing: boolean }) {
  const { t, formatUsd, formatNumber } = useI18n()
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 section-y">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="pricing-title"
          title={t('pricing.title')}
          subtitle={
            props.billing
              ? t('pricing.subtitle', { days: TRIAL_DAYS })
              : t('pricing.subtitleNoTrial')
          }
        />
        <ul className="grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.id}
              className={cn(
                'relative grid content-start gap-6 rounded-2xl border p-8',
                plan.highlighted
                  ? 'border-primary shadow-lg ring-1 ring-primary'
                  : 'border-zinc-200 dark:border-zinc-800',
              )}
            >
              {plan.highlighted ? (
                <span className="absolute -top-3 left-8 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-fg">
                  {t('pricing.popular')}
                </span>
              ) : null}
              <div className="grid gap-2">
                <h3 className="text-xl font-semibold">{t(PLAN_TEXT[plan.id].name)}</h3>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {t(PLAN_TEXT[plan.id].tagline)}
                </p>
              </div>
              <div>
                <p className="flex items-baseline gap-1">
                  <span className="text-4xl font-extrabold">{formatUsd(plan.monthlyCents)}</span>
                  <span className="text-sm text-zinc-700 dark:text-zinc-300">
                    {plan.perMember ? t('pricing.perMemberMonth') : t('pricing.perMonth')}
                  </span>
                </p>
                {plan.yearlyCents ? (
                  <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
                    {t('pricing.yearly', { price: formatUsd(plan.yearlyCents) })}
                  </p>
                ) : null}
                {plan.trialDays > 0 && props.billing ? (
                  <p className="mt-1 text-sm font-medium text-primary dark:text-(--accent-300)">
                    {t('pricing.trial', { days: plan.trialDays })}
                  </p>
                ) : null}
              </div>
              <Button asChild variant={plan.highlighted ? 'primary' : 'secondary'}>
                <Link to="/register/">
                  {!props.billing
                    ? t('pricing.choose.getStarted')
                    : plan.trialDays > 0
                      ? t('pricing.choose.trial')
                      : t('pricing.choose.free')}
                </Link>
              </Button>
              <ul className="grid gap-2 text-sm">
                {planLines(plan, t, formatNumber).map((line) => (
                  <li key={line} className="flex gap-2">
                    <Check aria-hidden size={16} className="mt-0.5 shrink-0 text-primary" />
                    {line}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-sm text-zinc-700 dark:text-zinc-300">
          {t('pricing.selfHosted')}
        </p>
      </div>
    </section>
  )
}
