import { createFileRoute } from '@tanstack/react-router'
import { LegalPage, LegalSection } from '~/features/legal/components/legal-page'
import { LEGAL_UPDATED_AT } from '~/features/legal/legal'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/_site/privacy')({
  head: ({ match }) => ({
    meta: pageMeta(match.context.messages, 'meta.title.privacy', 'meta.description.privacy'),
  }),
  component: PrivacyPage,
})

const STORED = [
  'privacy.stored.account',
  'privacy.stored.library',
  'privacy.stored.sharing',
  'privacy.stored.sessions',
  'privacy.stored.preferences',
] as const

const NOT_DONE = [
  'privacy.notStored.ads',
  'privacy.notStored.trackers',
  'privacy.notStored.selling',
] as const

function PrivacyPage() {
  const { t, formatDate } = useI18n()
  return (
    <LegalPage
      title={t('privacy.title')}
      updated={t('privacy.updated', { date: formatDate(LEGAL_UPDATED_AT) })}
    >
      <p>{t('privacy.intro')}</p>
      <LegalSection title={t('privacy.stored.title')}>
        <ul>
          {STORED.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection title={t('privacy.notStored.title')}>
        <ul>
          {NOT_DONE.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection title={t('privacy.youtube.title')}>
        <p>{t('privacy.youtube.body')}</p>
      </LegalSection>
      <LegalSection title={t('privacy.rights.title')}>
        <p>{t('privacy.rights.body')}</p>
      </LegalSection>
      <p>{t('privacy.contact')}</p>
    </LegalPage>
  )
}
