import { Link, type NotFoundRouteProps } from '@tanstack/react-router'
import { UserRoundX } from 'lucide-react'
import { NotFound } from '~/components/errors/not-found'
import { Button } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { accessEndedOf } from '~/lib/load-or-not-found'

/** A former member opening a group they lost: who to ask, and the way back. */
export function AccessEnded(props: { owner: string }) {
  const { t } = useI18n()
  return (
    <div className="mx-auto grid max-w-xl place-items-center gap-6 px-2 py-16 text-center">
      <UserRoundX aria-hidden size={40} className="text-zinc-600 dark:text-zinc-400" />
      <h1 className="text-2xl font-bold">{t('sharing.accessEnded.title')}</h1>
      <p className="text-zinc-700 dark:text-zinc-300">
        {t('sharing.accessEnded.body', { owner: props.owner })}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button variant="secondary" asChild>
          <Link to="/dashboard/groups/">{t('sharing.accessEnded.shared')}</Link>
        </Button>
        <Button asChild>
          <Link to="/dashboard/">{t('sharing.accessEnded.dashboard')}</Link>
        </Button>
      </div>
    </div>
  )
}

/** A group route's not-found: the ended access when the loader said so, else the usual screen. */
export function GroupNotFound(props: NotFoundRouteProps) {
  const ended = accessEndedOf(props.data)
  return ended ? <AccessEnded owner={ended.owner} /> : <NotFound />
}
