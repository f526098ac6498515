import { useMemo } from 'react'
import {
  CartesianGrid,
  Line,
  LineChart,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts'
import { useI18n } from '~/lib/i18n/i18n-provider'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import type { GrowthMetric, GrowthPoint } from '../growth.schemas'
import { compactFormatter, dayFormatter, figureOf, formatFigure } from './growth-format'

// Loaded on demand so other pages never download recharts. The accent's 600 shade on white and
// 300 shade on dark both keep more than 3:1 against the page, as graphics need.

type Props = {
  series: readonly GrowthPoint[]
  metric: GrowthMetric
  /** The visible title above the chart, also the SVG's accessible name. */
  title: string
  /** The figures in words, for screen readers. */
  summary: string
}

type Row = { day: string; value: number | null; approximate: boolean }

export function GrowthChart(props: Props) {
  const { locale, formatNumber } = useI18n()
  const tag = LOCALE_TAGS[locale]
  const rows = useMemo<Row[]>(
    () =>
      props.series.map((point) => ({
        day: point.day,
        value: figureOf(point, props.metric),
        approximate: props.metric === 'subscribers' && point.subscribersApprox,
      })),
    [props.series, props.metric],
  )
  const compact = useMemo(() => compactFormatter(tag), [tag])
  const shortDay = useMemo(() => dayFormatter(tag, 'short'), [tag])
  const longDay = useMemo(() => dayFormatter(tag, 'long'), [tag])
  const byDay = useMemo(() => new Map(rows.map((row) => [row.day, row])), [rows])

  const renderTooltip = (tooltip: TooltipContentProps) => {
    const row = typeof tooltip.label === 'string' ? byDay.get(tooltip.label) : undefined
    if (!tooltip.active || !row || row.value === null) return null
    return (
      <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 text-sm shadow-md dark:border-zinc-700 dark:bg-zinc-900">
        <p className="text-zinc-700 dark:text-zinc-300">{longDay(row.day)}</p>
        <p className="font-semibold tabular-nums text-zinc-950 dark:text-white">
          {formatFigure(row.value, row.approximate, formatNumber)}
        </p>
      </div>
    )
  }

  return (
    <div
      className="h-72 w-full text-zinc-600 [--chart-grid:var(--color-zinc-200)] [--chart-line:var(--accent-600)] dark:text-zinc-400 dark:[--chart-grid:var(--color-zinc-800)] dark:[--chart-line:var(--accent-300)]"
      data-testid="growth-chart"
    >
      <LineChart
        accessibilityLayer
        responsive
        data={rows}
        title={props.title}
        desc={props.summary}
        style={{ width: '100%', height: '100%' }}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
      >
        <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
        <XAxis
          dataKey="day"
          tickFormatter={shortDay}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          minTickGap={24}
        />
        <YAxis
          tickFormatter={compact}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          stroke="currentColor"
          allowDecimals={false}
          domain={['auto', 'auto']}
          width={56}
        />
        <Tooltip content={renderTooltip} />
        <Line
          dataKey="value"
          name={props.title}
          // Subscriber figures move in YouTube's rounding steps: drawn as steps, never as slopes.
          type={props.metric === 'views' ? 'linear' : 'stepAfter'}
          stroke="var(--chart-line)"
          strokeWidth={2}
          dot={false}
          connectNulls={false}
          isAnimationActive={false}
        />
      </LineChart>
    </div>
  )
}

export default GrowthChart
