import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import {
  Clapperboard,
  FolderPlus,
  FolderTree,
  Inbox,
  MonitorPlay,
  Settings2,
  Upload,
} from 'lucide-react'
import type { ComponentType } from 'react'
import { buttonClassName } from '~/components/ui/button'
import { useI18n } from '~/lib/i18n/i18n-provider'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { overviewQuery } from '../overview.queries'

type Stat = {
  label: MessageKey
  value: number
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
  to: '/dashboard/groups/' | '/dashboard/channels/' | '/dashboard/animes/'
}

/** The overview's counts; every number links to where it comes from. */
export function OverviewCounts() {
  const { t, formatNumber } = useI18n()
  const { data } = useSuspenseQuery(overviewQuery())
  const stats: Stat[] = [
    {
      label: 'overview.stats.groups',
      value: data.groups,
      icon: FolderTree,
      to: '/dashboard/groups/',
    },
    {
      label: 'overview.stats.channels',
      value: data.channels,
      icon: MonitorPlay,
      to: '/dashboard/channels/',
    },
    {
      label: 'overview.stats.animes',
      value: data.animes,
      icon: Clapperboard,
      to: '/dashboard/animes/',
    },
    {
      label: 'overview.stats.ungrouped',
      value: data.ungrouped,
      icon: Inbox,
      to: '/dashboard/channels/',
    },
  ]
  return (
    <section aria-labelledby="overview-stats-title" className="grid gap-3">
      <h2 id="overview-stats-title" className="sr-only">
        {t('overview.stats.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {stats.map((stat) => (
          <li key={stat.label}>
            <Link
              to={stat.to}
              className="flex h-full flex-col gap-1 rounded-2xl border border-zinc-200 p-4 hover:border-primary focus-visible:outline-2 dark:border-zinc-800"
            >
              <span className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
                <stat.icon aria-hidden size={16} />
                {t(stat.label)}
              </span>
              <span className="text-3xl font-bold tabular-nums">{formatNumber(stat.value)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The overview's shortcuts to the screens a new user looks for first. */
export function QuickActions() {
  const { t } = useI18n()
  return (
    <section aria-labelledby="overview-actions-title" className="grid gap-3">
      <h2 id="overview-actions-title" className="text-lg font-semibold">
        {t('overview.actions.title')}
      </h2>
      <div className="flex flex-wrap gap-3">
        <Link to="/dashboard/groups/new/" className={buttonClassName('primary')}>
          <FolderPlus aria-hidden size={16} />
          {t('overview.actions.newGroup')}
        </Link>
        <Link to="/dashboard/groups/" className={buttonClassName('secondary')}>
          <FolderTree aria-hidden size={16} />
          {t('overview.actions.openGroups')}
        </Link>
        <Link to="/dashboard/channels/" className={buttonClassName('secondary')}>
          <MonitorPlay aria-hidden size={16} />
          {t('overview.actions.openChannels')}
        </Link>
        <Link to="/dashboard/import/" className={buttonClassName('secondary')}>
          <Upload aria-hidden size={16} />
          {t('transfer.import.overview')}
        </Link>
        <Link to="/dashboard/settings/groups/" className={buttonClassName('secondary')}>
          <Settings2 aria-hidden size={16} />
          {t('overview.actions.groupSettings')}
        </Link>
      </div>
    </section>
  )
}
