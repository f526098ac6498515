import { createFileRoute, Link } from '@tanstack/react-router'
import { AuthCard, textLinkClass } from '~/features/auth/components/auth-card'
import { ForgotPasswordForm } from '~/features/auth/components/forgot-password-form'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { pageMeta } from '~/lib/seo'

export const Route = createFileRoute('/_site/forgot-password/')({
  head: ({ match }) => ({ meta: pageMeta(match.context.messages, 'meta.title.forgot') }),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const { t } = useI18n()
  return (
    <AuthCard
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Link to="/login/" className={textLinkClass}>
          {t('auth.forgot.back')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  )
}
