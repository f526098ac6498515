import { useSuspenseQuery } from '@tanstack/react-query'
import { CardSection } from '~/components/ui/card-section'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { notificationSettingsQuery } from '../notifications.queries'
import { AccountNoticeForm } from './account-notice-form'
import { GroupNoticeTree } from './group-notice-tree'
import { PushBrowsers } from './push-browsers'

/** `/dashboard/settings/notifications/`: uploads per group, the browsers pushed to, account-wide settings. */
export function NotificationSettingsScreen() {
  const { t } = useI18n()
  const { data } = useSuspenseQuery(notificationSettingsQuery())
  return (
    <div className="grid gap-6">
      <CardSection
        id="notify-uploads-title"
        headingLevel={3}
        title={t('notify.uploads.title')}
        description={t('notify.uploads.hint')}
      >
        <GroupNoticeTree groups={data.groups} />
      </CardSection>
      <CardSection
        id="notify-browsers-title"
        headingLevel={3}
        title={t('notify.browsers.title')}
        description={t('notify.browsers.hint')}
      >
        <PushBrowsers />
      </CardSection>
      <CardSection id="notify-account-title" headingLevel={3} title={t('notify.account.title')}>
        <AccountNoticeForm preference={data.preference} />
      </CardSection>
    </div>
  )
}
