import { createFileRoute } from '@tanstack/react-router'
import { billingOverviewQuery } from '~/features/billing/billing.queries'
import { BillingSettings } from '~/features/billing/components/billing-settings'
import { pageMeta } from '~/lib/seo'

/** The plan, the trial, usage against each limit; upgrade through Checkout, manage through the portal. */
export const Route = createFileRoute('/dashboard/settings/billing/')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(billingOverviewQuery())
  },
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'billing.meta.title') }),
  component: BillingSettings,
})
