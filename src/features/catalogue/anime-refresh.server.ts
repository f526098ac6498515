import { eq, inArray, isNotNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { anime, libraryEntry } from '~/db/schema'
import {
  ANILIST_PAGE,
  type AnilistClient,
  AnilistUnavailableError,
  type AnimeMeta,
  getAnilist,
} from '~/features/catalogue/anilist.server'
import { getDb } from '~/server/database.server'
import { defineJob } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { log } from '~/server/logger.server'

/*
 * Daily AniList refresh of every anime in any library; the newest aired episode drives the "new episode"
 * badges. Asked by id, 50 to a request; an anime added while AniList was down is looked up by title.
 */

export type EpisodeState = {
  nextEpisode: number | null
  nextAiringAt: Date | null
  latestEpisode: number | null
  latestEpisodeAt: Date | null
}

type Fresh = Pick<AnimeMeta, 'status' | 'episodes' | 'nextEpisode' | 'nextAiringAt'>

/**
 * The stored next episode has aired when its time passed (unless postponed) or AniList's next episode
 * moved past it. Episodes skipped between refreshes count from when we noticed; latest never goes back.
 */
export function latestAfterRefresh(
  stored: EpisodeState,
  fresh: Fresh,
  now: Date,
): Pick<EpisodeState, 'latestEpisode' | 'latestEpisodeAt'> {
  let latestEpisode = stored.latestEpisode
  let latestEpisodeAt = stored.latestEpisodeAt
  const raise = (episode: number, at: Date | null) => {
    if (latestEpisode !== null && episode <= latestEpisode) return
    latestEpisode = episode
    latestEpisodeAt = at
  }

  const previous = stored.nextEpisode
  if (previous !== null) {
    // AniList moving the same episode to a later time means it was postponed, not aired.
    const postponed =
      fresh.nextEpisode === previous && fresh.nextAiringAt !== null && fresh.nextAiringAt > now
    const timePassed = stored.nextAiringAt !== null && stored.nextAiringAt <= now && !postponed
    const movedOn =
      fresh.nextEpisode !== null
        ? fresh.nextEpisode > previous
        : fresh.status === 'FINISHED' || fresh.status === 'CANCELLED'
    if (timePassed || movedOn) {
      const airedAt =
        stored.nextAiringAt !== null && stored.nextAiringAt <= now ? stored.nextAiringAt : now
      raise(previous, airedAt)
      // AniList jumped more than one episode: the ones in between aired too, when unknown.
      if (fresh.nextEpisode !== null && fresh.nextEpisode - 1 > previous) {
        raise(fresh.nextEpisode - 1, now)
      }
    }
  } else if (fresh.nextEpisode !== null && fresh.nextEpisode > 1) {
    // First sight of an airing show: its aired episodes are known, not when, so no badge.
    raise(fresh.nextEpisode - 1, null)
  } else if (fresh.status === 'FINISHED' && fresh.episodes !== null) {
    raise(fresh.episodes, null)
  }
  return { latestEpisode, latestEpisodeAt }
}

export type RefreshResult = {
  animes: number
  refreshed: number
  missing: number
  /** Batches that failed (AniList down); the rest were saved. */
  failedBatches: number
}

type Row = typeof anime.$inferSelect

async function save(db: Database, row: Row, meta: AnimeMeta, now: Date) {
  const latest = latestAfterRefresh(row, meta, now)
  await db
    .update(anime)
    .set({
      anilistId: meta.anilistId,
      status: meta.status,
      episodes: meta.episodes,
      nextEpisode: meta.nextEpisode,
      nextAiringAt: meta.nextAiringAt,
      latestEpisode: latest.latestEpisode,
      latestEpisodeAt: latest.latestEpisodeAt,
      score: meta.score ?? row.score,
      posterUrl: meta.posterUrl ?? row.posterUrl,
      lastSyncedAt: now,
      updatedAt: now,
    })
    .where(eq(anime.id, row.id))
}

/** A failed batch is logged and skipped; when every batch failed it throws, so the job retries. */
export async function refreshAnimes(
  db: Database,
  options: { now?: Date; anilist?: AnilistClient } = {},
): Promise<RefreshResult> {
  const now = options.now ?? new Date()
  const anilist = options.anilist ?? getAnilist()
  const tracked = db
    .selectDistinct({ id: libraryEntry.animeId })
    .from(libraryEntry)
    .where(isNotNull(libraryEntry.animeId))
  const rows = await db.select().from(anime).where(inArray(anime.id, tracked)).orderBy(anime.id)
  const result: RefreshResult = { animes: rows.length, refreshed: 0, missing: 0, failedBatches: 0 }
  let lastError: unknown = null

  const withId = rows.filter((row) => row.anilistId !== null)
  for (let start = 0; start < withId.length; start += ANILIST_PAGE) {
    const batch = withId.slice(start, start + ANILIST_PAGE)
    let found: Map<number, AnimeMeta>
    try {
      found = await anilist.animesByIds(batch.flatMap((row) => row.anilistId ?? []))
    } catch (error) {
      if (!(error instanceof AnilistUnavailableError)) throw error
      log.warn('anime_refresh.batch_failed', { error: error.message, animes: batch.length })
      result.failedBatches += 1
      lastError = error
      continue
    }
    for (const row of batch) {
      const meta = row.anilistId === null ? undefined : found.get(row.anilistId)
      if (!meta) {
        result.missing += 1
        continue
      }
      await save(db, row, meta, now)
      result.refreshed += 1
    }
  }

  // Added while AniList was down: found by title, like on add (null on any failure).
  for (const row of rows.filter((entry) => entry.anilistId === null)) {
    const meta = await anilist.findAnime(row.title)
    if (!meta) {
      result.missing += 1
      continue
    }
    await save(db, row, meta, now)
    result.refreshed += 1
  }

  const batches = Math.ceil(withId.length / ANILIST_PAGE)
  if (batches > 0 && result.failedBatches === batches && lastError) throw lastError
  return result
}

export const ANIME_REFRESH_JOB = 'anime-refresh'

export const animeRefreshJob = defineJob({
  name: ANIME_REFRESH_JOB,
  schema: z.object({}),
  maxAttempts: 4,
  backoffMs: 5 * 60_000,
  leaseMs: 120_000,
  handler: async () => {
    const db = await getDb()
    const result = await refreshAnimes(db)
    log.info('anime_refresh.done', result)
  },
})

/** Daily at 06:00 UTC. */
export const animeRefreshSchedule = defineSchedule({
  name: ANIME_REFRESH_JOB,
  cron: '0 6 * * *',
  timeZone: 'UTC',
  job: animeRefreshJob,
  payload: {},
})
