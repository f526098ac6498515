import { oneOf, type RawSearch } from '~/lib/search-params'

/*
 * What the channel page validates in the route tree (`?range=`): a plain
 * validator, no zod, since the route tree sits in the entry chunk (decision
 * 0063). growth.schemas.ts builds its contract on these values.
 */

export const GROWTH_RANGES = [7, 30, 90, 365] as const
export type GrowthRange = (typeof GROWTH_RANGES)[number]
export const DEFAULT_GROWTH_RANGE: GrowthRange = 30

/** `/dashboard/channels/{entryId}/?range=`: anything else falls back to the default. */
export function validateChannelPageSearch(search: RawSearch): { range?: GrowthRange } {
  const range = oneOf(GROWTH_RANGES, search.range)
  return range ? { range } : {}
}
