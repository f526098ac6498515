// "≈" before every figure YouTube rounded (and every change computed from one).

import type { GrowthMetric, GrowthPoint } from '../growth.schemas'

export const APPROX = '≈'

export function figureOf(point: GrowthPoint, metric: GrowthMetric): number | null {
  if (metric === 'subscribers') return point.subscribers
  if (metric === 'views') return point.views
  return point.videos
}

// A sum or difference of rounded counts is no more precise than its parts: keep 3 significant figures.
function honest(value: number, approximate: boolean): number {
  const rounded = Math.round(value)
  if (!approximate || rounded === 0) return rounded
  return Number(rounded.toPrecision(3))
}

export function formatFigure(
  value: number,
  approximate: boolean,
  format: (value: number) => string,
): string {
  const text = format(honest(value, approximate))
  return approximate ? `${APPROX} ${text}` : text
}

export function formatChange(
  value: number,
  approximate: boolean,
  format: (value: number) => string,
): string {
  const rounded = honest(value, approximate)
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±'
  const text = `${sign}${format(Math.abs(rounded))}`
  return approximate ? `${APPROX} ${text}` : text
}

/** Axis ticks: short and never more precise than 3 significant figures. */
export function compactFormatter(tag: string): (value: number) => string {
  const format = new Intl.NumberFormat(tag, { notation: 'compact', maximumSignificantDigits: 3 })
  return (value) => format.format(value)
}

/** A `YYYY-MM-DD` day, short ("Nov 22"), read in UTC like the snapshots. */
export function dayFormatter(tag: string, style: 'short' | 'long'): (day: string) => string {
  const format = new Intl.DateTimeFormat(
    tag,
    style === 'short'
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { dateStyle: 'medium', timeZone: 'UTC' },
  )
  return (day) => format.format(new Date(`${day}T00:00:00Z`))
}
