import { type SQL, sql } from 'drizzle-orm'
import { isoTime } from '~/db/iso-time.server'
import { anime } from '~/db/schema'

/**
 * An anime's airing facts (AnimeAiring), defined once for every entry DTO:
 * plain selects take these as columns, the library list's JSON takes them as
 * pairs, and times are ISO text either way. Null for channels (no anime joined).
 */
export const animeAiringColumns = {
  status: anime.status,
  episodes: anime.episodes,
  nextEpisode: anime.nextEpisode,
  nextAiringAt: sql<string | null>`${isoTime(anime.nextAiringAt)}`,
  latestEpisode: anime.latestEpisode,
  latestEpisodeAt: sql<string | null>`${isoTime(anime.latestEpisodeAt)}`,
}

/** The same fields as `'name', value` pairs for json_build_object. */
export const animeAiringJsonPairs: SQL = sql.join(
  Object.entries(animeAiringColumns).map(
    // The names are the constant keys above, never input.
    ([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`,
  ),
  sql`, `,
)
