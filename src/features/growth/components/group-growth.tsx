import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { FormAlert } from '~/components/ui/form-alert'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { usePlural } from '~/lib/i18n/use-plural'
import { useErrorText } from '~/lib/use-error-text'
import { groupGrowthQuery } from '../growth.queries'
import type { Grower, GrowthRange } from '../growth.schemas'
import { ChannelLinkRow } from './channel-link-row'
import { formatChange } from './growth-format'
import { GrowthPanel } from './growth-panel'

/**
 * The group's Growth tab (`?tab=growth`): subscribers, views and videos
 * summed over the group and its subgroups, 7/30/90-day changes and the
 * channels growing fastest. Loaded in the browser: the chart is client-only.
 */
export function GroupGrowth(props: { groupId: string }) {
  const { t } = useI18n()
  const plural = usePlural()
  const errorText = useErrorText()
  const [range, setRange] = useState<GrowthRange>(30)
  const query = useQuery(groupGrowthQuery(props.groupId, range))
  const headingId = `growth-${props.groupId}`

  return (
    <section aria-labelledby={headingId} className="grid gap-6">
      <div className="grid gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('growth.title')}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('growth.group.scope')}</p>
      </div>
      {query.error ? (
        <FormAlert tone="error">{errorText(query.error)}</FormAlert>
      ) : !query.data ? (
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('growth.chart.loading')}
        </p>
      ) : (
        <>
          <GrowthPanel
            series={query.data.series}
            deltas={query.data.deltas}
            reason={query.data.reason}
            range={range}
            onRangeChange={setRange}
            hiddenText={t('growth.reason.hiddenGroup')}
            busy={query.isPlaceholderData}
          />
          {query.data.hiddenCount > 0 || query.data.lateCount > 0 ? (
            <ul className="grid gap-1 text-sm text-zinc-700 dark:text-zinc-300">
              {query.data.hiddenCount > 0 ? (
                <li>
                  {plural(
                    { one: 'growth.group.hidden.one', other: 'growth.group.hidden.other' },
                    query.data.hiddenCount,
                  )}
                </li>
              ) : null}
              {query.data.lateCount > 0 ? (
                <li>
                  {plural(
                    { one: 'growth.group.late.one', other: 'growth.group.late.other' },
                    query.data.lateCount,
                  )}
                </li>
              ) : null}
            </ul>
          ) : null}
          {query.data.reason === null || query.data.reason === 'hidden' ? (
            <TopGrowers
              byChange={query.data.topGrowers.byChange}
              byPercent={query.data.topGrowers.byPercent}
            />
          ) : null}
        </>
      )}
    </section>
  )
}

function TopGrowers(props: { byChange: Grower[]; byPercent: Grower[] }) {
  const { t } = useI18n()
  return (
    <section aria-labelledby="growth-top-growers" className="grid gap-3">
      <h3 id="growth-top-growers" className="text-lg font-semibold">
        {t('growth.growers.title')}
      </h3>
      {props.byChange.length === 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('growth.growers.empty')}</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <GrowerList title={t('growth.growers.byChange')} growers={props.byChange} />
          <GrowerList title={t('growth.growers.byPercent')} growers={props.byPercent} />
        </div>
      )}
    </section>
  )
}

function GrowerList(props: { title: string; growers: Grower[] }) {
  const { t, formatNumber } = useI18n()
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{props.title}</h4>
      <ol className="grid gap-1">
        {props.growers.map((grower) => (
          <li key={grower.channelId}>
            <ChannelLinkRow
              entryId={grower.entryId}
              title={grower.title}
              avatarUrl={grower.avatarUrl}
            >
              {t('growth.growers.change', {
                change: formatChange(grower.change, grower.approximate, formatNumber),
              })}
              {grower.percent === null ? null : (
                <>
                  {' · '}
                  {t('growth.growers.percent', {
                    // Whole percents: the figures behind them are rounded already.
                    percent: formatChange(grower.percent, false, formatNumber),
                  })}
                </>
              )}
            </ChannelLinkRow>
          </li>
        ))}
      </ol>
    </div>
  )
}
