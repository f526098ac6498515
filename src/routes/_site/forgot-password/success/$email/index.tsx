import { createFileRoute, Link } from '@tanstack/react-router'
import { AuthCard, textLinkClass } from '~/features/auth/components/auth-card'
import { ResendReset } from '~/features/auth/components/resend-reset'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/_site/forgot-password/success/$email/')({
  head: ({ match }) => ({
    meta: [
      ...pageMeta(match.context.messages, 'meta.title.forgot'),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: ForgotPasswordSuccessPage,
})

function ForgotPasswordSuccessPage() {
  const { t } = useI18n()
  const { email } = Route.useParams()
  return (
    <AuthCard
      title={t('auth.forgotSuccess.title')}
      footer={
        <Link to="/login/" className={textLinkClass}>
          {t('auth.forgot.back')}
        </Link>
      }
    >
      <p>{t('auth.forgotSuccess.body', { email })}</p>
      <ResendReset email={email} />
    </AuthCard>
  )
}
