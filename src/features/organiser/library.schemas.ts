import { z } from 'zod'
import { ENTRY_KINDS, type EntryKind } from '~/db/schema'
import { type GroupColor, idSchema, versionSchema } from './groups.schemas'

/*
 * The contract of the library side: a user's channels and animes, their
 * aliases, notes and tags, and adding new ones from pasted text or URLs.
 */

export const ALIAS_MAX = 100
export const NOTES_MAX = 2000
export const TAG_MAX = 30
export const TAGS_MAX = 20
/** Lines one paste may hold in the add-channel screen. */
export const PASTE_LINES_MAX = 500

export const entryKindSchema = z.enum(ENTRY_KINDS)

const tagSchema = z
  .string()
  .transform((value) => value.normalize('NFC').trim())
  .pipe(z.string().min(1).max(TAG_MAX, 'library.error.tagTooLong'))

export const entryFormSchema = z.object({
  alias: z
    .string()
    .transform((value) => value.normalize('NFC').trim())
    .pipe(z.string().max(ALIAS_MAX, 'library.error.aliasTooLong')),
  notes: z.string().max(NOTES_MAX, 'library.error.notesTooLong'),
  tags: z
    .array(tagSchema)
    .max(TAGS_MAX, 'library.error.tooManyTags')
    .transform((tags) => [...new Map(tags.map((tag) => [tag.toLocaleLowerCase(), tag])).values()]),
})
export const ENTRY_FORM_FIELDS = ['alias', 'notes', 'tags'] as const
export const ENTRY_ERROR_PARAMS = {
  'library.error.aliasTooLong': { max: ALIAS_MAX },
  'library.error.notesTooLong': { max: NOTES_MAX },
  'library.error.tagTooLong': { max: TAG_MAX },
  'library.error.tooManyTags': { max: TAGS_MAX },
}

export const listLibrarySchema = z.object({ kind: entryKindSchema })
export const entryRefSchema = z.object({ id: idSchema })
export const updateEntrySchema = entryFormSchema.extend({ id: idSchema, version: versionSchema })
export const removeEntriesSchema = z.object({ ids: z.array(idSchema).min(1).max(20_000) })
/** `change-group/{id}/`: the full set of groups the entry should be in afterwards. */
export const setEntryGroupsSchema = z.object({
  id: idSchema,
  groupIds: z.array(idSchema).max(10_000),
})

/** Add-channel, step 1: resolve pasted lines (nothing is saved). */
export const resolveChannelsSchema = z.object({
  text: z.string().max(100_000, 'library.error.pasteTooLong'),
  /** When given, lines already in this group say so. */
  groupId: idSchema.nullable(),
})
/** Step 2: add the resolved channels (by id) to the library and, optionally, a group. */
export const addChannelsSchema = z.object({
  channelIds: z
    .array(z.string().regex(/^UC[A-Za-z0-9_-]{22}$/))
    .min(1)
    .max(PASTE_LINES_MAX),
  groupId: idSchema.nullable(),
})
export const addAnimeSchema = z.object({
  url: z.string().trim().min(1, 'library.error.animeUrlRequired').max(500),
  groupId: idSchema.nullable(),
})
/** The anime preview before adding: the URL alone (the catalogue row may be written). */
export const resolveAnimeSchema = addAnimeSchema.pick({ url: true })

/* DTOs */

/**
 * An anime's airing facts, kept fresh by the daily AniList refresh (all null
 * for channels). `status` is AniList's MediaStatus (RELEASING, FINISHED,
 * NOT_YET_RELEASED, HIATUS, CANCELLED); times are ISO 8601 UTC.
 */
export type AnimeAiring = {
  status: string | null
  episodes: number | null
  nextEpisode: number | null
  nextAiringAt: string | null
  /** The newest aired episode and when: drives the "new episode" marker. */
  latestEpisode: number | null
  latestEpisodeAt: string | null
}

/** The airing facts of an entry, row or item: the one field list every DTO copies. */
export function pickAnimeAiring(source: AnimeAiring): AnimeAiring {
  return {
    status: source.status,
    episodes: source.episodes,
    nextEpisode: source.nextEpisode,
    nextAiringAt: source.nextAiringAt,
    latestEpisode: source.latestEpisode,
    latestEpisodeAt: source.latestEpisodeAt,
  }
}

export type LibraryEntry = AnimeAiring & {
  id: string
  kind: EntryKind
  /** The alias when set, else the catalogue title. */
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

/** One pasted line and what adding it would do. */
export type ResolvedLine = {
  line: number
  input: string
  status: ResolveStatus
  channel: ResolvedChannel | null
}

export type AddResult = { added: number; alreadyThere: number }

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
