import { useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { useRequestPasswordReset } from '../auth.queries'

export const RESEND_COOLDOWN_SECONDS = 60

/** Resend with a 60 s cooldown, counted down on the button. */
export function ResendReset(props: { email: string }) {
  const { t } = useI18n()
  const request = useRequestPasswordReset()
  const errorText = useErrorText()
  const [wait, setWait] = useState(RESEND_COOLDOWN_SECONDS)
  const [resent, setResent] = useState(false)

  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => setWait((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [wait])

  const resend = () =>
    request.mutate(props.email, {
      onSuccess: () => {
        setResent(true)
        setWait(RESEND_COOLDOWN_SECONDS)
      },
    })

  return (
    <div className="grid gap-3">
      {resent ? <FormAlert tone="success">{t('auth.forgotSuccess.resent')}</FormAlert> : null}
      {request.error ? <FormAlert tone="error">{errorText(request.error)}</FormAlert> : null}
      <Button variant="secondary" disabled={wait > 0 || request.isPending} onClick={resend}>
        {request.isPending
          ? t('auth.forgot.busy')
          : wait > 0
            ? t('auth.forgotSuccess.resendIn', { seconds: wait })
            : t('auth.forgotSuccess.resend')}
      </Button>
    </div>
  )
}
