import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button, buttonClassName } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import {
  useDisconnectYoutube,
  useImportYoutubeSubscriptions,
  youtubeConnectionQuery,
} from '../youtube-connect.queries'
import { connectHref, type YoutubeConnection } from '../youtube-connect.schemas'

/** `/dashboard/settings/connections/`: the connected YouTube account, import again, disconnect. */
export function YoutubeConnectionSettings() {
  const { t } = useI18n()
  const { data } = useSuspenseQuery(youtubeConnectionQuery())
  return (
    <section aria-labelledby="youtube-connection-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="youtube-connection-title" className="text-xl font-semibold">
          {t('connect.settings.title')}
        </h2>
        <p className="max-w-prose text-sm text-zinc-700 dark:text-zinc-300">
          {t('connect.settings.description')}
        </p>
      </div>
      {data.connection ? (
        <Connected connection={data.connection} />
      ) : data.configured ? (
        <div className="grid gap-3">
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {t('connect.error.notConnected')}
          </p>
          <a href={connectHref()} className={`${buttonClassName('primary')} justify-self-start`}>
            {t('connect.source.action')}
          </a>
        </div>
      ) : (
        <FormAlert tone="info">{t('connect.source.unavailable')}</FormAlert>
      )}
    </section>
  )
}

function Connected(props: { connection: YoutubeConnection }) {
  const { t, formatDate } = useI18n()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const importAgain = useImportYoutubeSubscriptions()
  const disconnect = useDisconnectYoutube()
  const [confirming, setConfirming] = useState(false)
  const { connection } = props
  const error = importAgain.error ?? disconnect.error

  return (
    <div className="grid gap-4 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-medium text-zinc-700 dark:text-zinc-300">
          {t('connect.settings.account')}
        </dt>
        <dd>{connection.channelTitle ?? t('connect.settings.noChannel')}</dd>
        <dt className="font-medium text-zinc-700 dark:text-zinc-300">
          {t('connect.settings.connectedAt')}
        </dt>
        <dd>{formatDate(new Date(connection.connectedAt))}</dd>
        <dt className="font-medium text-zinc-700 dark:text-zinc-300">
          {t('connect.settings.lastImport')}
        </dt>
        <dd>
          {connection.lastImportAt
            ? formatDate(new Date(connection.lastImportAt))
            : t('connect.settings.never')}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={importAgain.isPending || disconnect.isPending}
          onClick={() =>
            importAgain.mutate(undefined, {
              onSuccess: ({ importId }) =>
                // The import screen reads `importId` as Connect YouTube's callback sets it.
                navigate({ href: `/dashboard/import/?importId=${encodeURIComponent(importId)}` }),
            })
          }
        >
          {importAgain.isPending
            ? t('connect.settings.importing')
            : t('connect.settings.importAgain')}
        </Button>
        <Button
          variant="secondary"
          disabled={importAgain.isPending || disconnect.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('connect.settings.disconnect')}
        </Button>
      </div>
      {importAgain.isPending ? (
        <p role="status" className="sr-only">
          {t('connect.settings.importing')}
        </p>
      ) : null}
      {error ? <FormAlert tone="error">{errorText(error)}</FormAlert> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('connect.disconnect.title')}
        description={t('connect.disconnect.body')}
        cancelLabel={t('connect.disconnect.cancel')}
        confirmLabel={t('connect.settings.disconnect')}
        pendingLabel={t('connect.disconnect.busy')}
        pending={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false)
              toast.success(t('connect.disconnect.done'))
            },
          })
        }
      />
    </div>
  )
}
