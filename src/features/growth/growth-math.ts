// Pure: shared by growth.server.ts, the seed's factory and the charts.

import type { DeltaSpan, GrowthDelta, GrowthPoint } from './growth.schemas'

/** YouTube shows subscriber counts of 1,000 and more rounded to 3 significant figures. */
export const ROUNDED_FROM = 1000

export function isRoundedCount(count: number | null): boolean {
  return count !== null && Math.abs(count) >= ROUNDED_FROM
}

/** A count as the public API gives it: 3 significant figures from 1,000 up, floored like YouTube. */
export function roundLikeYoutube(count: number): number {
  if (count < ROUNDED_FROM) return Math.max(0, Math.floor(count))
  const step = 10 ** (Math.floor(Math.log10(count)) - 2)
  return Math.floor(count / step) * step
}

const DAY_MS = 86_400_000

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10)
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))
}

function at(series: readonly GrowthPoint[], day: string): GrowthPoint | undefined {
  return series.find((point) => point.day === day)
}

function difference(end: number | null, start: number | null): number | null {
  return end === null || start === null ? null : end - start
}

/** From the snapshot exactly `days` before the last: none that day gives null, not a change over another span. */
export function deltasOf(
  series: readonly GrowthPoint[],
  spans: readonly DeltaSpan[],
): GrowthDelta[] {
  const last = series.at(-1)
  return spans.map((days) => {
    const start = last ? at(series, addDays(last.day, -days)) : undefined
    if (!last || !start) {
      return { days, subscribers: null, subscribersApprox: false, views: null, videos: null }
    }
    const subscribers = difference(last.subscribers, start.subscribers)
    return {
      days,
      subscribers,
      subscribersApprox:
        subscribers !== null && (last.subscribersApprox || start.subscribersApprox),
      views: difference(last.views, start.views),
      videos: difference(last.videos, start.videos),
    }
  })
}

export function lastDays(series: readonly GrowthPoint[], range: number): GrowthPoint[] {
  const last = series.at(-1)
  if (!last) return []
  const from = addDays(last.day, -range)
  return series.filter((point) => point.day >= from)
}

/** Percent change, or null from 0 (no meaningful ratio). */
export function percentChange(from: number, to: number): number | null {
  return from === 0 ? null : ((to - from) / from) * 100
}
