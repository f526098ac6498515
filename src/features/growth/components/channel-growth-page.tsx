import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight, ExternalLink } from 'lucide-react'
import { buttonClassName } from '~/components/ui/button'
import { EntryAvatar } from '~/components/ui/entry-avatar'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { useErrorText } from '~/lib/use-error-text'
import { channelGrowthQuery } from '../growth.queries'
import type { ChannelFacts, GrowthRange } from '../growth.schemas'
import { formatFigure } from './growth-format'
import { GrowthPanel } from './growth-panel'

/**
 * `/dashboard/channels/{entryId}/`: a channel's header (avatar, title,
 * handle, counts), its growth charts and 7/30/90-day changes, and a link
 * to YouTube. The route's loader awaited the data, so it renders complete.
 */
export function ChannelGrowthPage(props: {
  entryId: string
  range: GrowthRange
  onRangeChange: (range: GrowthRange) => void
}) {
  const { t } = useI18n()
  const errorText = useErrorText()
  const query = useQuery(channelGrowthQuery(props.entryId, props.range))
  if (query.error) return <FormAlert tone="error">{errorText(query.error)}</FormAlert>
  if (!query.data) {
    return (
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
        {t('growth.chart.loading')}
      </p>
    )
  }
  const growth = query.data
  return (
    <div className="mx-auto grid max-w-5xl gap-8">
      <nav aria-label={t('library.group.breadcrumbs')}>
        <ol className="flex items-center gap-1 text-sm text-zinc-700 dark:text-zinc-300">
          <li>
            <Link
              to="/dashboard/channels/"
              className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              {t('growth.channel.back')}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight size={14} />
          </li>
          <li aria-current="page" className="truncate">
            {growth.channel.title}
          </li>
        </ol>
      </nav>
      <ChannelHeader channel={growth.channel} latestDay={growth.series.at(-1)?.day ?? null} />
      <section aria-labelledby="channel-growth-title" className="grid gap-4">
        <h2 id="channel-growth-title" className="text-xl font-semibold">
          {t('growth.title')}
        </h2>
        <GrowthPanel
          series={growth.series}
          deltas={growth.deltas}
          reason={growth.reason}
          range={props.range}
          onRangeChange={props.onRangeChange}
          hiddenText={t('growth.reason.hidden')}
          busy={query.isPlaceholderData}
        />
      </section>
    </div>
  )
}

function ChannelHeader(props: { channel: ChannelFacts; latestDay: string | null }) {
  const { t, formatNumber, formatDate } = useI18n()
  const { channel } = props
  // The last sync, else the newest snapshot (the demo's history comes without a sync).
  const synced = channel.lastSyncedAt
    ? new Date(channel.lastSyncedAt)
    : props.latestDay
      ? new Date(`${props.latestDay}T00:00:00Z`)
      : null
  const youtubeUrl = channel.handle
    ? `https://www.youtube.com/@${encodeURIComponent(channel.handle)}`
    : `https://www.youtube.com/channel/${encodeURIComponent(channel.id)}`
  const figures = [
    {
      label: t('growth.metric.subscribers'),
      value:
        channel.subscriberCount === null
          ? channel.hiddenSubscriberCount
            ? t('growth.channel.hiddenCount')
            : '—'
          : formatFigure(channel.subscriberCount, channel.subscribersApprox, formatNumber),
    },
    {
      label: t('growth.metric.views'),
      value: channel.viewCount === null ? '—' : formatNumber(channel.viewCount),
    },
    {
      label: t('growth.metric.videos'),
      value: channel.videoCount === null ? '—' : formatNumber(channel.videoCount),
    },
  ]
  return (
    <header className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
      <EntryAvatar
        id={channel.id}
        kind="channel"
        title={channel.title}
        imageUrl={channel.avatarUrl}
        size="lg"
      />
      <div className="grid gap-3">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">{channel.title}</h1>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {channel.handle ? `@${channel.handle}` : channel.id}
            {' · '}
            {synced
              ? t('growth.channel.lastSynced', { date: formatDate(synced) })
              : t('growth.channel.neverSynced')}
          </p>
        </div>
        <dl className="flex flex-wrap gap-x-8 gap-y-2">
          {figures.map((figure) => (
            <div key={figure.label} className="grid">
              <dt className="text-sm text-zinc-700 dark:text-zinc-300">{figure.label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <a
            href={youtubeUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('secondary')}
          >
            <ExternalLink aria-hidden size={16} />
            {t('growth.channel.openYoutube')}
          </a>
        </div>
      </div>
    </header>
  )
}
