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
