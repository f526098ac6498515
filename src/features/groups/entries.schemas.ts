import { z } from 'zod'

/*
 * A library entry's own fields, as every domain reads and writes them: the
 * private alias, notes and tags with their limits, an anime's airing facts,
 * and what adding entries reports. Groups place entries; the library edits them.
 */

export const ALIAS_MAX = 100
export const NOTES_MAX = 2000
export const TAG_MAX = 30
export const TAGS_MAX = 20

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

/** What adding entries to the library or a group did. */
/** `pending`: pasted channels kept until YouTube answers (decision 0049). */
export type AddResult = { added: number; alreadyThere: number; pending?: number }
