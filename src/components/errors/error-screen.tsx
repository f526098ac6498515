import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'

export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const { t } = useI18n()
  const router = useRouter()
  const [shown, setShown] = useState(false)
  const message = error instanceof Error ? error.message : String(error)
  return (
    <main id="main" role="alert" className="mx-auto grid max-w-xl gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">{t('error.title')}</h1>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" aria-expanded={shown} onClick={() => setShown((v) => !v)}>
          {shown ? t('error.hide') : t('error.show')}
        </Button>
        <Button
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          {t('error.retry')}
        </Button>
      </div>
      {shown ? (
        <pre className="overflow-auto rounded-lg border border-red-300 bg-red-50 p-4 text-left text-sm whitespace-pre-wrap text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {message}
        </pre>
      ) : null}
    </main>
  )
}
