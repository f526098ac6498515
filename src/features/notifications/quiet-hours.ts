/*
 * Quiet hours: minutes after local midnight in the reader's zone. A range
 * whose start is after its end runs across midnight (22:00–07:00).
 */

const clocks = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone: a push run asks for the same few zones many times. */
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone)
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    clocks.set(timeZone, clock)
  }
  return clock
}

/** The minute of the day at `at` on the wall clock of `timeZone`. */
export function localMinuteOfDay(at: Date, timeZone: string): number {
  const parts = clockOf(timeZone).formatToParts(at)
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
