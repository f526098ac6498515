import { useQuery } from '@tanstack/react-query'
import { TvMinimalPlay } from 'lucide-react'
import { useId } from 'react'
import { buttonClassName } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { youtubeConnectionQuery } from '../youtube-connect.queries'
import { CONNECT_ERROR_MESSAGES, type ConnectError, connectHref } from '../youtube-connect.schemas'

/**
 * "From your YouTube account": a plain link (the OAuth round trip is a
 * server route, not an app page), or why it is unavailable here.
 */
export function YoutubeImportSource(props: {
  parentId: string | null
  connectError: ConnectError | null
}) {
  const { t } = useI18n()
  const titleId = useId()
  const status = useQuery(youtubeConnectionQuery())
  // Until the answer arrives the link is offered: the route itself explains a missing setup.
  const configured = status.data?.configured ?? true
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800"
    >
      <div className="flex items-center gap-3">
        <TvMinimalPlay aria-hidden size={28} className="shrink-0 text-primary" />
        <h3 id={titleId} className="text-lg font-semibold">
          {t('connect.source.title')}
        </h3>
      </div>
      <p className="max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
        {t('connect.source.description')}
      </p>
      {configured ? (
        <a
          href={connectHref(props.parentId)}
          className={`${buttonClassName('primary')} justify-self-start`}
        >
          {t('connect.source.action')}
        </a>
      ) : (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('connect.source.unavailable')}
        </p>
      )}
      {props.connectError ? (
        <FormAlert tone="error">{t(CONNECT_ERROR_MESSAGES[props.connectError])}</FormAlert>
      ) : null}
    </section>
  )
}
