import { createFileRoute } from '@tanstack/react-router'
import { NotificationSettingsScreen } from '~/features/notifications/components/notification-settings'
import {
  notificationSettingsQuery,
  pushBrowsersQuery,
} from '~/features/notifications/notifications.queries'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/dashboard/settings/notifications/')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(notificationSettingsQuery()),
      queryClient.ensureQueryData(pushBrowsersQuery()),
    ]),
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'notify.meta.settings') }),
  component: NotificationSettingsPage,
})

function NotificationSettingsPage() {
  const { t } = useI18n()
  return (
    <section aria-labelledby="notify-settings-title" className="grid gap-6">
      <div>
        <h2 id="notify-settings-title" className="text-xl font-semibold">
          {t('notify.settings.title')}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('notify.settings.subtitle')}</p>
      </div>
      <NotificationSettingsScreen />
    </section>
  )
}
