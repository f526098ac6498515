import { z } from 'zod'
import type { GroupColor } from '~/features/groups/groups.schemas'

// Client-safe.

export const SEARCH_QUERY_MAX = 100
/** Hits per kind: the dialog is a jump list, not a results page. */
export const SEARCH_LIMIT_PER_KIND = 5

export const searchSchema = z.object({
  query: z.string().trim().min(1, 'errors.validation').max(SEARCH_QUERY_MAX, 'errors.validation'),
})
export type SearchInput = z.input<typeof searchSchema>

export type GroupHit = {
  id: string
  name: string
  /** Names of the ancestors the user sees, top first (a member's view starts at the shared group). */
  path: string[]
  icon: string | null
  color: GroupColor | null
  shared: boolean
}

export type EntryHit = {
  /** The library entry: the owner's own, or one in a group shared with the user. */
  entryId: string
  kind: 'channel' | 'anime'
  /** The owner's alias when it is their own entry, else the catalogue title. */
  title: string
  imageUrl: string | null
  sharedGroupId: string | null
}

export type SearchResults = { groups: GroupHit[]; channels: EntryHit[]; animes: EntryHit[] }
