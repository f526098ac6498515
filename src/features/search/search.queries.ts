import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { dependsOnGroups } from '~/features/groups/group-keys'
import { quickSearch } from './search.functions'

/** Under the groups' prefix: a renamed group or a changed membership refreshes open answers. */
export const searchKeys = {
  all: () => [...dependsOnGroups.tree, 'search'] as const,
  query: (query: string) => [...searchKeys.all(), query] as const,
}

export const quickSearchQuery = (query: string) =>
  queryOptions({
    queryKey: searchKeys.query(query),
    queryFn: () => quickSearch({ data: { query } }),
    enabled: query.trim() !== '',
    // The previous answer stays while the next is on its way: no flicker between keystrokes.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
