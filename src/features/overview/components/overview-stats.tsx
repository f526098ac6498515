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
import { usePlural } from '~/lib/i18n/use-plural'
import { overviewQuery } from '../overview.queries'

type Stat = {
  label: MessageKey
  value: number
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
  to: '/dashboard/groups/' | '/dashboard/channels/' | '/dashboard/animes/'
}

const cardClassName =
  'flex h-full flex-col gap-1 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800'
const linkCardClassName = `${cardClassName} hover:border-primary focus-visible:outline-2`

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
  ]
  return (
    <section aria-labelledby="overview-stats-title" className="grid gap-3">
      <h2 id="overview-stats-title" className="sr-only">
        {t('overview.stats.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {stats.map((stat) => (
          <li key={stat.label} className="min-w-0">
            <Link to={stat.to} className={linkCardClassName}>
              <StatLabel icon={stat.icon} label={t(stat.label)} />
              <span className="text-3xl font-bold tabular-nums">{formatNumber(stat.value)}</span>
            </Link>
          </li>
        ))}
        <li className="min-w-0">
          <UngroupedCard channels={data.ungroupedChannels} animes={data.ungroupedAnimes} />
        </li>
      </ul>
    </section>
  )
}

function StatLabel(props: { icon: Stat['icon']; label: string }) {
  return (
    <span className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <props.icon aria-hidden size={16} />
      {props.label}
    </span>
  )
}

/**
 * "Not in any group" opens the list filtered to what it counts: the channels
 * or animes in no group, or, when there are both, one link for each kind.
 */
function UngroupedCard(props: { channels: number; animes: number }) {
  const { t, formatNumber } = useI18n()
  const plural = usePlural()
  const { channels, animes } = props
  const label = <StatLabel icon={Inbox} label={t('overview.stats.ungrouped')} />
  const value = (
    <span className="text-3xl font-bold tabular-nums">{formatNumber(channels + animes)}</span>
  )
  if (channels === 0 || animes === 0) {
    return (
      <Link
        to={animes > 0 ? '/dashboard/animes/' : '/dashboard/channels/'}
        search={{ filter: 'ungrouped' }}
        className={linkCardClassName}
      >
        {label}
        {value}
      </Link>
    )
  }
  const linkClassName =
    'rounded text-sm font-medium text-primary-strong underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-primary dark:text-(--accent-300)'
  return (
    <div className={cardClassName}>
      {label}
      {value}
      <span className="flex flex-wrap gap-x-3">
        <Link to="/dashboard/channels/" search={{ filter: 'ungrouped' }} className={linkClassName}>
          {plural(
            { one: 'library.channels.count.one', other: 'library.channels.count.other' },
            channels,
          )}
        </Link>
        <Link to="/dashboard/animes/" search={{ filter: 'ungrouped' }} className={linkClassName}>
          {plural({ one: 'library.animes.count.one', other: 'library.animes.count.other' }, animes)}
        </Link>
      </span>
    </div>
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
