import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { safeRedirect } from '~/lib/safe-redirect'
import { useConfirmEmail } from '../auth.queries'
import { textLinkClass } from './auth-card'
import { ResendConfirmation } from './resend-confirmation'

const FAILURE_TEXT = {
  used: { title: 'auth.confirm.used.title', body: 'auth.confirm.used.body' },
  expired: { title: 'auth.confirm.expired.title', body: 'auth.confirm.expired.body' },
  invalid: { title: 'auth.confirm.invalid.title', body: 'auth.confirm.invalid.body' },
} as const

/** Confirms on arrival (a POST, so link scanners that only GET cannot spend the code). */
export function ConfirmEmail(props: { code: string; next?: string }) {
  const { t } = useI18n()
  const navigate = useNavigate()
  const confirm = useConfirmEmail()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    confirm.mutate(props.code, {
      onSuccess: (result) => {
        if (result.status !== 'confirmed') return
        if (props.next) void navigate({ href: safeRedirect(props.next), replace: true })
        else void navigate({ to: '/dashboard/', search: { origin: 'confirmed' }, replace: true })
      },
    })
  }, [confirm, navigate, props.code, props.next])

  const status = confirm.data?.status
  if (!status || status === 'confirmed') {
    return (
      <p role="status" className="text-zinc-700 dark:text-zinc-300">
        {status === 'confirmed' ? t('auth.confirm.confirmed') : t('auth.confirm.checking')}
      </p>
    )
  }
  const text = FAILURE_TEXT[status]
  return (
    <div className="grid gap-4">
      <FormAlert tone="error">
        <p className="font-semibold">{t(text.title)}</p>
        <p>{t(text.body)}</p>
      </FormAlert>
      <ResendConfirmation />
      <Link to="/login/" className={textLinkClass}>
        {t('auth.forgot.back')}
      </Link>
    </div>
  )
}
