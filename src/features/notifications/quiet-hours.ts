/*
 * Quiet hours: minutes after local midnight in the reader's zone. A range
 * whose start is after its end runs across midnight (22:00–07:00).
 */

const MINUTE_MS = 60_000

/** The minute of the day at `at` on the wall clock of `timeZone`. */
export function localMinuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 0)
  const minute = Number(parts.find((part) => part.type === 'minute')?.value ?? 0)
  return hour * 60 + minute
}

export type QuietHours = { start: number | null; end: number | null }

/** Whether a minute of the day falls in [start, end), wrapping past midnight. */
export function inQuietRange(minute: number, { start, end }: QuietHours): boolean {
  if (start === null || end === null || start === end) return false
  return start < end ? minute >= start && minute < end : minute >= start || minute < end
}

/** Whether `at` is within the reader's quiet hours. */
export function isQuiet(at: Date, timeZone: string, quiet: QuietHours): boolean {
  return inQuietRange(localMinuteOfDay(at, timeZone), quiet)
}

/**
 * When the quiet hours around `at` end (null when `at` is not quiet). Walks
 * minute by minute over at most a day, so a daylight-saving jump inside the
 * range still lands on the first minute the wall clock leaves it.
 */
export function quietUntil(at: Date, timeZone: string, quiet: QuietHours): Date | null {
  if (!isQuiet(at, timeZone, quiet)) return null
  const start = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS
  for (let step = 1; step <= 26 * 60; step += 1) {
    const next = new Date(start + step * MINUTE_MS)
    if (!isQuiet(next, timeZone, quiet)) return next
  }
  return null
}
