import { oneOf, type RawSearch } from '~/lib/search-params'

/*
 * What group routes validate in the route tree (search params). The route
 * tree sits in the entry chunk every page loads, the public ones included,
 * so this holds plain validators, no zod (decision 0063).
 */

/** The group page's tabs (`/dashboard/groups/{id}/?tab=`); items is the default. */
export const GROUP_TABS = ['items', 'feed', 'growth'] as const
export type GroupTab = (typeof GROUP_TABS)[number]

export function validateGroupPageSearch(search: RawSearch): { tab?: GroupTab } {
  const tab = oneOf(GROUP_TABS, search.tab)
  return tab ? { tab } : {}
}
