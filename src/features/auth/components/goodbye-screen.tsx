import { Link } from '@tanstack/react-router'
import { HeartHandshake } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'

/** Where a deleted account lands: what happened, that a mail confirms it, and the ways on. */
export function GoodbyeScreen() {
  const { t } = useI18n()
  return (
    <main
      id="main"
      className="mx-auto grid max-w-xl place-items-center gap-6 px-6 py-24 text-center"
    >
      <HeartHandshake aria-hidden size={40} className="text-primary dark:text-(--accent-300)" />
      <h1 className="text-3xl font-bold">{t('goodbye.title')}</h1>
      <p className="text-zinc-700 dark:text-zinc-300">{t('goodbye.body')}</p>
      <p className="text-zinc-700 dark:text-zinc-300">{t('goodbye.thanks')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" asChild>
          <Link to="/register/">{t('goodbye.register')}</Link>
        </Button>
        <Button asChild>
          <Link to="/">{t('goodbye.home')}</Link>
        </Button>
      </div>
    </main>
  )
}
