import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { safeRedirect } from '~/lib/safe-redirect'
import { authClient } from '../auth-client'

/** Shown only when the operator configured Google; links to an existing account only for a verified address. */
export function GoogleSignIn(props: { redirect?: string }) {
  const { t } = useI18n()
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const start = async () => {
    setBusy(true)
    const result = await authClient.signIn.social({
      provider: 'google',
      callbackURL: safeRedirect(props.redirect),
    })
    if (result.error) {
      setFailed(true)
      setBusy(false)
    }
  }
  return (
    <div className="grid gap-3">
      <Button variant="secondary" disabled={busy} onClick={() => void start()}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
          <path
            fill="#4285F4"
            d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
          />
          <path
            fill="#34A853"
            d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3a7.2 7.2 0 0 1-10.7-3.8h-4v3.1A12 12 0 0 0 12 24z"
          />
          <path fill="#FBBC05" d="M5.4 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
          <path
            fill="#EA4335"
            d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z"
          />
        </svg>
        {t('auth.google')}
      </Button>
      {failed ? <FormAlert tone="error">{t('errors.internal')}</FormAlert> : null}
      <div className="flex items-center gap-3 text-xs text-zinc-600 uppercase dark:text-zinc-400">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </div>
  )
}
