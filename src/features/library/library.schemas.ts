import { z } from 'zod'
import { ENTRY_KINDS, type EntryKind } from '~/db/schema'
import type { AnimeAiring } from '~/features/catalogue/anime-airing.schemas'
import {
  type AddResult,
  type GroupColor,
  idSchema,
  versionSchema,
} from '~/features/groups/groups.schemas'
import { entryFormSchema } from '~/features/library/entries.schemas'
import { idempotencyKeyField } from '~/lib/idempotency'

/* The contract of the library side: a user's channels and animes, and adding new ones. */

/** Lines one paste may hold in the add-channel screen. */
export const PASTE_LINES_MAX = 500

export const entryKindSchema = z.enum(ENTRY_KINDS)

export const listLibrarySchema = z.object({ kind: entryKindSchema })
export const entryRefSchema = z.object({ id: idSchema })
export const updateEntrySchema = entryFormSchema.extend({ id: idSchema, version: versionSchema })
export const removeEntriesSchema = z.object({ ids: z.array(idSchema).min(1).max(20_000) })
/** The full set of groups afterwards, and the set the form was read from (a stale one is refused). */
export const setEntryGroupsSchema = z.object({
  id: idSchema,
  groupIds: z.array(idSchema).max(10_000),
  readGroupIds: z.array(idSchema).max(10_000),
})

export const resolveChannelsSchema = z.object({
  text: z.string().max(100_000, 'library.error.pasteTooLong'),
  /** When given, lines already in this group say so. */
  groupId: idSchema.nullable(),
})
/** Step 2. `pending`: pasted lines YouTube could not be asked about, kept until it answers. */
export const addChannelsSchema = z
  .object({
    channelIds: z.array(z.string().regex(/^UC[A-Za-z0-9_-]{22}$/)).max(PASTE_LINES_MAX),
    pending: z.array(z.string().min(1).max(500)).max(PASTE_LINES_MAX).default([]),
    groupId: idSchema.nullable(),
    ...idempotencyKeyField,
  })
  .refine((input) => input.channelIds.length + input.pending.length > 0)
export const addAnimeSchema = z.object({
  url: z.string().trim().min(1, 'library.error.animeUrlRequired').max(500),
  groupId: idSchema.nullable(),
  ...idempotencyKeyField,
})
/** The anime preview before adding: the URL alone (the catalogue row may be written). */
export const resolveAnimeSchema = addAnimeSchema.pick({ url: true })
/** The stored answers of the adds, read back for a retry under the same key. */
export const addResultSchema = z.object({
  added: z.number().int(),
  alreadyThere: z.number().int(),
  pending: z.number().int().optional(),
}) satisfies z.ZodType<AddResult>
export const addAnimeResultSchema = z.object({ entryId: idSchema })

export type LibraryEntry = AnimeAiring & {
  id: string
  kind: EntryKind
  title: string
  originalTitle: string
  alias: string | null
  imageUrl: string | null
  sourceId: string
  handle: string | null
  subscriberCount: number | null
  hiddenSubscriberCount: boolean
  /** Animes: release year and AniList score (0–100) when known. */
  year: number | null
  score: number | null
  tags: string[]
  groupIds: string[]
  addedAt: string
  version: number
}

/** The first screen of a library, sent with the page; the whole list follows. */
export const LIBRARY_HEAD_SIZE = 50

/** A group as a library row's chip names it. */
export type GroupChipInfo = {
  id: string
  name: string
  icon: string | null
  color: GroupColor | null
}

export type LibraryHead = {
  entries: LibraryEntry[]
  total: number
  /** The user's own groups these entries sit in: chips paint before the tree loads. */
  groups: GroupChipInfo[]
}

export type LibraryEntryDetail = LibraryEntry & {
  notes: string
  description: string
  genres: string[]
}

export const RESOLVE_STATUSES = [
  'new',
  'inLibrary',
  'inGroup',
  'notFound',
  'notChannel',
  'duplicate',
  /** YouTube could not be asked (network, 5xx): added now, filled in when it answers. */
  'pending',
  /** A video link whose video YouTube does not have. */
  'videoNotFound',
] as const
export type ResolveStatus = (typeof RESOLVE_STATUSES)[number]

export type ResolvedChannel = {
  id: string
  title: string
  handle: string | null
  avatarUrl: string | null
  subscriberCount: number | null
  hiddenSubscriberCount: boolean
}

export type ResolvedLine = {
  line: number
  input: string
  status: ResolveStatus
  channel: ResolvedChannel | null
}

export type AnimePreview = {
  id: string
  slug: string
  title: string
  posterUrl: string | null
  year: number | null
  episodes: number | null
  genres: string[]
  score: number | null
}
