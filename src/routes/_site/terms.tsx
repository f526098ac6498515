import { createFileRoute } from '@tanstack/react-router'
import { TRIAL_DAYS } from '~/features/billing/plans'
import { LegalPage, LegalSection } from '~/features/legal/components/legal-page'
import { LEGAL_UPDATED_AT } from '~/features/legal/legal'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/_site/terms')({
  head: ({ match }) => ({
    meta: pageMeta(match.context.messages, 'meta.title.terms', 'meta.description.terms'),
  }),
  component: TermsPage,
})

function TermsPage() {
  const { t, formatDate } = useI18n()
  const sections = [
    ['terms.account.title', t('terms.account.body')],
    ['terms.content.title', t('terms.content.body')],
    ['terms.use.title', t('terms.use.body')],
    ['terms.plans.title', t('terms.plans.body', { days: TRIAL_DAYS })],
    ['terms.thirdParty.title', t('terms.thirdParty.body')],
    ['terms.liability.title', t('terms.liability.body')],
    ['terms.changes.title', t('terms.changes.body')],
  ] as const
  return (
    <LegalPage
      title={t('terms.title')}
      updated={t('terms.updated', { date: formatDate(LEGAL_UPDATED_AT) })}
    >
      <p>{t('terms.intro')}</p>
      {sections.map(([title, body]) => (
        <LegalSection key={title} title={t(title)}>
          <p>{body}</p>
        </LegalSection>
      ))}
      <p>{t('terms.contact')}</p>
    </LegalPage>
  )
}
