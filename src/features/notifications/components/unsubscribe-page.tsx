import { MailX } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { TEAM_EVENT_LABEL } from '../notice-text'
import { tokenKind } from '../unsubscribe.schemas'

/**
 * The question and a plain form: the button posts to the one-click endpoint
 * (no script needed, no session), which sends the reader back with the outcome.
 */
export function UnsubscribePage({ token, result }: { token: string; result?: 'done' | 'invalid' }) {
  const { t } = useI18n()
  const kind = tokenKind(token)
  const message =
    result === 'done'
      ? t('notifyMail.unsubscribePage.done')
      : result === 'invalid' || kind === null
        ? t('notifyMail.unsubscribePage.invalid')
        : kind === 'digest'
          ? t('notifyMail.unsubscribePage.digest')
          : t('notifyMail.unsubscribePage.event', { event: t(TEAM_EVENT_LABEL[kind]) })
  const ask = !result && kind !== null
  return (
    <main
      id="main"
      className="mx-auto grid max-w-xl place-items-center gap-6 px-6 py-24 text-center"
    >
      <MailX aria-hidden size={40} className="text-primary dark:text-(--accent-300)" />
      <h1 className="text-3xl font-bold">{t('notifyMail.unsubscribePage.title')}</h1>
      <p role={result ? 'status' : undefined} className="text-zinc-700 dark:text-zinc-300">
        {message}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {ask ? (
          <form
            method="post"
            action={`/api/unsubscribe?token=${encodeURIComponent(token)}&from=page`}
          >
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit">{t('notifyMail.unsubscribePage.confirm')}</Button>
          </form>
        ) : null}
        <Button variant="secondary" asChild>
          {/* A document link: the settings screen asks for a session first. */}
          <a href="/dashboard/settings/notifications/">
            {t('notifyMail.unsubscribePage.settings')}
          </a>
        </Button>
      </div>
    </main>
  )
}
