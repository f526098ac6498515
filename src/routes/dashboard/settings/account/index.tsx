import { createFileRoute } from '@tanstack/react-router'
import { activeSessionsQuery } from '~/features/auth/auth.queries'
import { AccountSettings } from '~/features/auth/components/account-settings'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { RawSearch } from '~/lib/search-params'

export const Route = createFileRoute('/dashboard/settings/account/')({
  validateSearch: (search: RawSearch): { emailChanged?: true } =>
    search.emailChanged === true ? { emailChanged: true } : {},
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(activeSessionsQuery())
  },
  component: AccountSettingsPage,
})

function AccountSettingsPage() {
  const { t } = useI18n()
  const { user } = Route.useRouteContext()
  const { emailChanged } = Route.useSearch()
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">{t('settings.account.title')}</h2>
      <AccountSettings
        user={user}
        currentSessionId={user.sessionId}
        emailChanged={Boolean(emailChanged)}
      />
    </div>
  )
}
