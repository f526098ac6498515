import { createFileRoute } from '@tanstack/react-router'
import { AuthCard } from '~/features/auth/components/auth-card'
import { ConfirmEmail } from '~/features/auth/components/confirm-email'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { definedParams, optionalText, type RawSearch } from '~/lib/search-params'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/_site/subscriptions/confirm/$code')({
  validateSearch: (search: RawSearch) => definedParams({ next: optionalText(search.next) }),
  head: ({ match }) => ({
    meta: [
      ...pageMeta(match.context.messages, 'meta.title.confirm'),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: ConfirmPage,
})

function ConfirmPage() {
  const { t } = useI18n()
  const { code } = Route.useParams()
  const { next } = Route.useSearch()
  return (
    <AuthCard title={t('meta.title.confirm')}>
      <ConfirmEmail code={code} next={next} />
    </AuthCard>
  )
}
