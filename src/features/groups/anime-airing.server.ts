import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { anime } from '~/db/schema'

/** An ISO 8601 UTC timestamp with milliseconds, like `Date.toISOString()`. */
export function isoTime(column: PgColumn | SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}

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
