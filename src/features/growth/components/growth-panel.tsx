import { ClientOnly } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react'
import { ChoiceGroup } from '~/components/ui/choice-group'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { MessageKey } from '~/lib/i18n/messages/en'
import {
  GROWTH_METRICS,
  GROWTH_RANGES,
  type GrowthDelta,
  type GrowthMetric,
  type GrowthPoint,
  type GrowthRange,
  type GrowthReason,
} from '../growth.schemas'
import { dayFormatter, figureOf, formatChange, formatFigure } from './growth-format'

// recharts is only downloaded where a chart is drawn.
const LazyGrowthChart = lazy(() => import('./growth-chart'))

const RANGE_LABELS: Record<GrowthRange, MessageKey> = {
  7: 'growth.range.7',
  30: 'growth.range.30',
  90: 'growth.range.90',
  365: 'growth.range.365',
}
const METRIC_LABELS: Record<GrowthMetric, MessageKey> = {
  subscribers: 'growth.metric.subscribers',
  views: 'growth.metric.views',
  videos: 'growth.metric.videos',
}
const REASONS: Record<GrowthReason, MessageKey> = {
  noApiKey: 'growth.reason.noApiKey',
  notYetSynced: 'growth.reason.notYetSynced',
  hidden: 'growth.reason.hidden',
  noChannels: 'growth.reason.noChannels',
}

function rangeOf(value: string): GrowthRange {
  return GROWTH_RANGES.find((range) => String(range) === value) ?? 30
}

function metricOf(value: string): GrowthMetric {
  return GROWTH_METRICS.find((metric) => metric === value) ?? 'subscribers'
}

function deltaOf(delta: GrowthDelta, metric: GrowthMetric): number | null {
  if (metric === 'subscribers') return delta.subscribers
  if (metric === 'views') return delta.views
  return delta.videos
}

export function GrowthEmpty(props: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-zinc-300 p-6 text-sm text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
      {props.children}
    </p>
  )
}

type Props = {
  series: readonly GrowthPoint[]
  deltas: readonly GrowthDelta[]
  reason: GrowthReason | null
  range: GrowthRange
  onRangeChange: (range: GrowthRange) => void
  /** The text for 'hidden' (a channel's or a whole group's). */
  hiddenText: string
  /** A request for another range is in flight: the old figures stay, dimmed. */
  busy?: boolean
}

/** Shared by the group Growth tab and the channel page. */
export function GrowthPanel(props: Props) {
  const { t, locale, formatNumber } = useI18n()
  const tag = LOCALE_TAGS[locale]
  const [metric, setMetric] = useState<GrowthMetric>(
    props.reason === 'hidden' ? 'views' : 'subscribers',
  )
  const titleId = useId()
  const longDay = useMemo(() => dayFormatter(tag, 'long'), [tag])
  const metricLabel = t(METRIC_LABELS[metric])
  const title = t('growth.chart.title', {
    metric: metricLabel,
    period: t(RANGE_LABELS[props.range]),
  })
  const points = props.series.flatMap((point) => {
    const value = figureOf(point, metric)
    return value === null
      ? []
      : [
          {
            day: point.day,
            value,
            approximate: metric === 'subscribers' && point.subscribersApprox,
          },
        ]
  })
  const first = points[0]
  const last = points.at(-1)
  const summary =
    first && last
      ? t('growth.chart.summary', {
          metric: metricLabel,
          from: formatFigure(first.value, first.approximate, formatNumber),
          start: longDay(first.day),
          to: formatFigure(last.value, last.approximate, formatNumber),
          end: longDay(last.day),
        })
      : t('growth.chart.noFigures')
  const empty = props.reason !== null && props.reason !== 'hidden'
  const hiddenMetric = metric === 'subscribers' && props.reason === 'hidden'
  const approximate =
    metric === 'subscribers' &&
    (points.some((point) => point.approximate) ||
      props.deltas.some((delta) => delta.subscribersApprox))

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-6">
        <div className="w-full whitespace-nowrap sm:w-96">
          <ChoiceGroup
            label={t('growth.range.label')}
            value={String(props.range)}
            choices={GROWTH_RANGES.map((range) => ({
              value: String(range),
              label: t(RANGE_LABELS[range]),
            }))}
            onChange={(value) => props.onRangeChange(rangeOf(value))}
          />
        </div>
        <div className="w-full whitespace-nowrap sm:w-96">
          <ChoiceGroup
            label={t('growth.metric.label')}
            value={metric}
            choices={GROWTH_METRICS.map((value) => ({ value, label: t(METRIC_LABELS[value]) }))}
            onChange={(value) => setMetric(metricOf(value))}
          />
        </div>
      </div>

      {empty && props.reason ? (
        <GrowthEmpty>{t(REASONS[props.reason])}</GrowthEmpty>
      ) : hiddenMetric ? (
        <GrowthEmpty>{props.hiddenText}</GrowthEmpty>
      ) : (
        <>
          <section aria-label={t('growth.deltas.title')}>
            <ul className="grid gap-3 sm:grid-cols-3">
              {props.deltas.map((delta) => {
                const value = deltaOf(delta, metric)
                return (
                  <li
                    key={delta.days}
                    data-testid="growth-delta"
                    className="grid gap-1 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800"
                  >
                    <span className="text-sm text-zinc-700 dark:text-zinc-300">
                      {t('growth.delta.label', { days: delta.days })}
                    </span>
                    {value === null ? (
                      <span className="text-sm text-zinc-700 dark:text-zinc-300">
                        {t('growth.delta.none')}
                      </span>
                    ) : (
                      <span className="text-2xl font-bold tabular-nums">
                        {formatChange(
                          value,
                          metric === 'subscribers' && delta.subscribersApprox,
                          formatNumber,
                        )}
                      </span>
                    )}
                  </li>
                )
              })}
            </ul>
          </section>

          <figure
            aria-labelledby={titleId}
            className={props.busy ? 'grid gap-3 opacity-60 transition-opacity' : 'grid gap-3'}
          >
            <figcaption id={titleId} className="text-lg font-semibold">
              {title}
            </figcaption>
            <p className="sr-only">{summary}</p>
            {points.length === 0 ? (
              <GrowthEmpty>{t('growth.chart.noFigures')}</GrowthEmpty>
            ) : (
              <ClientOnly fallback={<ChartPlaceholder />}>
                <Suspense fallback={<ChartPlaceholder />}>
                  <LazyGrowthChart
                    series={props.series}
                    metric={metric}
                    title={title}
                    summary={summary}
                  />
                </Suspense>
              </ClientOnly>
            )}
            {points.length > 0 ? (
              <details className="text-sm">
                <summary className="cursor-pointer rounded text-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:text-zinc-300">
                  {t('growth.table.show')}
                </summary>
                {/* Scrolls on its own: focusable so keyboard users can scroll it too. */}
                <section
                  aria-label={title}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
                  tabIndex={0}
                  className="mt-2 max-h-80 overflow-auto rounded-lg border border-zinc-200 focus-visible:outline-2 focus-visible:outline-primary dark:border-zinc-800"
                >
                  <table className="w-full text-left">
                    <caption className="sr-only">{title}</caption>
                    <thead className="bg-zinc-50 dark:bg-zinc-900">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">
                          {t('growth.table.day')}
                        </th>
                        <th scope="col" className="px-3 py-2 text-right font-medium">
                          {metricLabel}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {points.map((point) => (
                        <tr
                          key={point.day}
                          className="border-t border-zinc-200 dark:border-zinc-800"
                        >
                          <td className="px-3 py-1.5">{longDay(point.day)}</td>
                          <td className="px-3 py-1.5 text-right tabular-nums">
                            {formatFigure(point.value, point.approximate, formatNumber)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
              </details>
            ) : null}
          </figure>
          {approximate ? (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('growth.approx.note')}</p>
          ) : null}
        </>
      )}
    </div>
  )
}

function ChartPlaceholder() {
  const { t } = useI18n()
  return (
    <div className="grid h-72 place-items-center rounded-2xl bg-zinc-50 text-sm text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
      {t('growth.chart.loading')}
    </div>
  )
}
