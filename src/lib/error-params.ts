import type { ErrorParams } from '~/lib/app-error'

/**
 * Error params as the reader should see them. `at` crosses the wire as an
 * ISO instant (the server knows no reader's time zone) and is shown here as
 * a date and time in the reader's language and zone.
 */
export function displayParams(params: ErrorParams, localeTag: string, timeZone?: string) {
  const at = params.at
  if (typeof at !== 'string') return params
  const instant = new Date(at)
  if (Number.isNaN(instant.getTime())) return params
  const format = new Intl.DateTimeFormat(localeTag, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  })
  return { ...params, at: format.format(instant) }
}
