import { createFileRoute } from '@tanstack/react-router'
import { AuthCard } from '~/features/auth/components/auth-card'
import { ResetPasswordForm } from '~/features/auth/components/reset-password-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/_site/reset-password/$token/')({
  head: ({ match }) => ({
    meta: [
      ...pageMeta(match.context.messages, 'meta.title.reset'),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { t } = useI18n()
  const { token } = Route.useParams()
  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      <ResetPasswordForm token={token} />
    </AuthCard>
  )
}
