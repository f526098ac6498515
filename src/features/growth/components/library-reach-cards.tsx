import { useSuspenseQuery } from '@tanstack/react-query'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { libraryReachQuery } from '../growth.queries'
import type { OverviewReach, TopChannel } from '../growth.schemas'
import { ChannelLinkRow } from './channel-link-row'
import { formatFigure } from './growth-format'

/** The overview's growth cards: the library's reach and its biggest channels. */
export function LibraryReachCards() {
  const { data } = useSuspenseQuery(libraryReachQuery())
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
      <ReachCard reach={data.reach} />
      <TopChannelsCard channels={data.topChannels} />
    </div>
  )
}

/** Subscribers of the library's channels, each counted once; hidden counts are left out and said so. */
function ReachCard(props: { reach: OverviewReach }) {
  const { t, formatNumber } = useI18n()
  const plural = usePlural()
  return (
    <section
      aria-labelledby="overview-reach-title"
      className="grid content-start gap-1 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h2 id="overview-reach-title" className="text-sm text-zinc-700 dark:text-zinc-300">
        {t('growth.overview.reach')}
      </h2>
      <p className="text-3xl font-bold tabular-nums">
        {formatFigure(props.reach.subscribers, props.reach.approximate, formatNumber)}
      </p>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('growth.overview.reachHint')}</p>
      {props.reach.hiddenCount > 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {plural(
            { one: 'growth.overview.hidden.one', other: 'growth.overview.hidden.other' },
            props.reach.hiddenCount,
          )}
        </p>
      ) : null}
    </section>
  )
}

function TopChannelsCard(props: { channels: TopChannel[] }) {
  const { t, formatNumber } = useI18n()
  return (
    <section
      aria-labelledby="overview-top-title"
      className="grid grid-cols-1 content-start gap-2 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h2 id="overview-top-title" className="text-sm text-zinc-700 dark:text-zinc-300">
        {t('growth.overview.top')}
      </h2>
      {props.channels.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('growth.overview.topEmpty')}</p>
      ) : (
        <ol className="grid grid-cols-1 gap-1">
          {props.channels.map((channel) => (
            <li key={channel.entryId}>
              <ChannelLinkRow
                entryId={channel.entryId}
                title={channel.title}
                avatarUrl={channel.avatarUrl}
              >
                {formatFigure(channel.subscriberCount, channel.approximate, formatNumber)}
              </ChannelLinkRow>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
