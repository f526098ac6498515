import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useResendConfirmation } from '../auth.queries'
import type { SessionUser } from '../session.functions'

/** Unconfirmed users may use Tubefold; this reminds them, with a one-click resend. */
export function UnverifiedBanner(props: { user: SessionUser }) {
  const { t } = useI18n()
  const resend = useResendConfirmation()
  const errorText = useErrorText()
  if (props.user.emailVerified) return null
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{t('auth.banner.unverified', { email: props.user.email })}</p>
      {resend.isSuccess ? (
        <p className="font-medium">{t('auth.banner.sent')}</p>
      ) : (
        <button
          type="button"
          disabled={resend.isPending}
          onClick={() => resend.mutate(props.user.email)}
          className="font-semibold underline underline-offset-4"
        >
          {t('auth.banner.resend')}
        </button>
      )}
      {resend.error ? <p role="alert">{errorText(resend.error)}</p> : null}
    </div>
  )
}
