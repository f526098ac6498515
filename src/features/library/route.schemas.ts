import { z } from 'zod'

/*
 * What the library routes validate in the route tree (search params). Kept
 * apart from library.schemas.ts: the route tree sits in the entry chunk.
 */

/** The list's filter: everything, entries in no group, or one group's entries. */
export type LibraryFilter = 'all' | 'ungrouped' | `group:${string}`

const filterSchema = z.union([
  z.literal('all'),
  z.literal('ungrouped'),
  z.templateLiteral(['group:', z.uuid()]),
])

/** `/dashboard/channels/?filter=` and `/dashboard/animes/?filter=`; anything else shows all. */
export const librarySearchSchema = z.object({
  filter: filterSchema.default('all').catch('all'),
})
