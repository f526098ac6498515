import { createFileRoute, useLoaderData } from '@tanstack/react-router'
import { PrivacySettings } from '~/features/transfer/components/privacy-settings'
import { pageMeta } from '~/lib/seo'

/** Export all data, the way to delete the account, and the analytics opt-out. */
export const Route = createFileRoute('/dashboard/settings/privacy/')({
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'transfer.meta.privacy') }),
  component: PrivacySettingsPage,
})

function PrivacySettingsPage() {
  // The root loader already knows whether this instance runs analytics.
  const config = useLoaderData({ from: '__root__' })
  return <PrivacySettings analyticsConfigured={config.posthog !== null} />
}
