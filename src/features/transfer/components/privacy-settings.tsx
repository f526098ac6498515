import { Link } from '@tanstack/react-router'
import { ArrowRight, Download, Upload } from 'lucide-react'
import { setAnalyticsOptOut, useAnalyticsOptOut } from '~/components/layout/analytics'
import { buttonClassName } from '~/components/ui/button'
import { CardSection } from '~/components/ui/card-section'
import { SwitchField } from '~/components/ui/switch'
import { cn } from '~/lib/cn'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { ExportLinks } from './export-menu'
import { exportHref } from './import-export-model'

/**
 * `/dashboard/settings/privacy/`: take everything out, leave for good, and
 * (when this instance measures usage at all) say no to it.
 */
export function PrivacySettings(props: { analyticsConfigured: boolean }) {
  const { t } = useI18n()
  return (
    <section aria-labelledby="privacy-title" className="grid gap-6">
      <div>
        <h2 id="privacy-title" className="text-xl font-semibold">
          {t('transfer.privacy.title')}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('transfer.privacy.subtitle')}</p>
      </div>
      <CardSection
        headingLevel={3}
        id="privacy-export-title"
        title={t('transfer.privacy.export.title')}
        description={t('transfer.privacy.export.hint')}
      >
        <div className="flex flex-wrap gap-3">
          <a href={exportHref('tubefold', null)} download className={buttonClassName('primary')}>
            <Download aria-hidden size={16} />
            {t('transfer.privacy.export.backup')}
          </a>
          {/* Settings, browsers and notices: not importable, so not in the backup (decision 0065). */}
          <a href="/api/notifications/export" download className={buttonClassName('secondary')}>
            <Download aria-hidden size={16} />
            {t('transfer.privacy.export.notifications')}
          </a>
          <Link to="/dashboard/import/" className={buttonClassName('secondary')}>
            <Upload aria-hidden size={16} />
            {t('transfer.privacy.import')}
          </Link>
        </div>
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">{t('transfer.privacy.export.others')}</h4>
          <ExportLinks groupId={null} />
        </div>
      </CardSection>
      {props.analyticsConfigured ? <AnalyticsChoice /> : null}
      <CardSection
        headingLevel={3}
        id="privacy-delete-title"
        title={t('transfer.privacy.delete.title')}
        description={t('transfer.privacy.delete.hint')}
        danger
      >
        <Link
          to="/dashboard/settings/account/"
          hash="delete-title"
          className={cn(buttonClassName('secondary'), 'justify-self-start')}
        >
          {t('transfer.privacy.delete.link')}
          <ArrowRight aria-hidden size={16} />
        </Link>
      </CardSection>
    </section>
  )
}

function AnalyticsChoice() {
  const { t } = useI18n()
  const optedOut = useAnalyticsOptOut()
  return (
    <CardSection
      headingLevel={3}
      id="privacy-analytics-title"
      title={t('transfer.privacy.analytics.title')}
    >
      <SwitchField
        label={t('transfer.privacy.analytics.label')}
        hint={t('transfer.privacy.analytics.hint')}
        checked={!optedOut}
        onCheckedChange={(allowed) => setAnalyticsOptOut(!allowed)}
      />
    </CardSection>
  )
}
