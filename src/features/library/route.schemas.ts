import type { SearchSchemaInput } from '@tanstack/react-router'
import { isUuid } from '~/lib/search-params'

/*
 * What the library routes validate in the route tree (search params): plain
 * validators, no zod, since the route tree sits in the entry chunk (decision
 * 0063). Kept apart from library.schemas.ts and its contract.
 */

/** The list's filter: everything, entries in no group, or one group's entries. */
export type LibraryFilter = 'all' | 'ungrouped' | `group:${string}`

export function toLibraryFilter(value: unknown): LibraryFilter {
  if (value === 'ungrouped') return value
  if (typeof value === 'string' && value.startsWith('group:') && isUuid(value.slice(6))) {
    return `group:${value.slice(6)}`
  }
  return 'all'
}

/** `/dashboard/channels/?filter=` and `/dashboard/animes/?filter=`; anything else shows all. */
export function validateLibrarySearch(search: { filter?: LibraryFilter } & SearchSchemaInput): {
  filter: LibraryFilter
} {
  return { filter: toLibraryFilter(search.filter) }
}
