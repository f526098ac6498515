import { Link, useRouter } from '@tanstack/react-router'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'

/** 'Go back' returns to the previous history entry; 'Start Over' goes to /. */
export function NotFound(props: { message?: string }) {
  const { t } = useI18n()
  const router = useRouter()
  return (
    <main
      id="main"
      className="mx-auto grid max-w-xl place-items-center gap-6 px-6 py-24 text-center"
    >
      <p className="text-sm font-semibold tracking-wide text-primary uppercase dark:text-(--accent-300)">
        404
      </p>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-zinc-700 dark:text-zinc-300">{props.message ?? t('notFound.message')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" onClick={() => router.history.back()}>
          {t('notFound.goBack')}
        </Button>
        <Button asChild>
          <Link to="/">{t('notFound.startOver')}</Link>
        </Button>
      </div>
    </main>
  )
}
