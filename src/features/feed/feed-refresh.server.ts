import { createHash } from 'node:crypto'
import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { firstRow } from '~/db/raw-rows.server'
import { channel, channelFeed, libraryEntry, video } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { createLimiter } from '~/features/catalogue/http.server'
import { type FeedFetchResult, getFeedClient } from '~/features/catalogue/youtube-rss.server'
import { react } from '~/reactions.server'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue, retryDelayMs } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { log } from '~/server/logger.server'

// Requests only read the RSS cache and enqueue a refresh (decision 0021); a failure never touches stored videos.

/** A channel's cached feed is served without asking YouTube for this long after a 200/304. */
export const FEED_FRESH_MS = 15 * 60_000
export const FEED_CONCURRENCY = 16
/** First wait after a failure; doubled per consecutive failure (jitter on top, capped at 6 h). */
export const FEED_BACKOFF_MS = 60_000
const MAX_ERROR_LENGTH = 500

export type FeedRefreshSummary = {
  fetched: number
  notModified: number
  /** No usable answer: last good videos kept, backoff set. */
  failed: number
  /** Not asked: fresh, waiting in backoff, unknown channel, or the run was stopped. */
  skipped: number
  newVideos: number
}

const unique = (ids: readonly string[]) => [...new Set(ids)]

function dueCondition(now: Date) {
  return and(
    or(
      isNull(channelFeed.checkedAt),
      lt(channelFeed.checkedAt, new Date(now.getTime() - FEED_FRESH_MS)),
    ),
    or(isNull(channelFeed.retryAt), lte(channelFeed.retryAt, now)),
  )
}

export async function dueFeedChannels(
  db: Database,
  channelIds: readonly string[],
  now: Date = new Date(),
): Promise<string[]> {
  const ids = unique(channelIds)
  if (ids.length === 0) return []
  const rows = await db
    .select({ id: channel.id })
    .from(channel)
    .leftJoin(channelFeed, eq(channelFeed.channelId, channel.id))
    .where(and(anyOf(channel.id, ids), dueCondition(now)))
  return rows.map((row) => row.id)
}

function singletonKey(ids: readonly string[]): string {
  const digest = createHash('sha256')
    .update([...ids].sort().join(','))
    .digest('base64url')
  return `feeds:${digest.slice(0, 32)}`
}

/** Enqueues (never runs) a refresh of the stale channels; returns how many remain (0 = all fresh). */
export async function requestFeedRefresh(
  db: Database,
  channelIds: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  const ids = unique(channelIds)
  const due = await dueFeedChannels(db, ids, now)
  if (due.length === 0) return 0
  await enqueue(db, feedsRefreshJob, { channelIds: due }, { singletonKey: singletonKey(ids) })
  return due.length
}

type FeedState = {
  id: string
  etag: string | null
  lastModified: string | null
  checkedAt: Date | null
  retryAt: Date | null
  failures: number | null
}

function isDue(state: FeedState, now: Date): boolean {
  const fresh =
    state.checkedAt !== null && now.getTime() - state.checkedAt.getTime() < FEED_FRESH_MS
  const waiting = state.retryAt !== null && state.retryAt.getTime() > now.getTime()
  return !fresh && !waiting
}

type Outcome = { state: FeedState; result: FeedFetchResult; at: Date }

/** Videos per statement, passed as one JSON parameter (cheaper than 8 parameters a row). */
const VIDEO_ROWS_PER_STATEMENT = 1000
/** Outcomes per write: small enough that PGlite (in this thread) never stalls the fetches long. */
const OUTCOMES_PER_WRITE = 40

type VideoRow = {
  id: string
  channel_id: string
  title: string
  description: string
  thumbnail_url: string | null
  is_short: boolean
  view_count: number | null
  published_at: string
}

async function storeVideos(db: Database, outcomes: readonly Outcome[]): Promise<number> {
  const rows = new Map<string, VideoRow>()
  for (const { state, result } of outcomes) {
    if (result.kind !== 'ok') continue
    for (const entry of result.feed.videos) {
      // One statement may not update a row twice; a video is its first channel's.
      if (rows.has(entry.id)) continue
      rows.set(entry.id, {
        id: entry.id,
        channel_id: state.id,
        title: entry.title,
        description: entry.description,
        thumbnail_url: entry.thumbnailUrl,
        is_short: entry.isShort,
        view_count: entry.viewCount,
        published_at: entry.publishedAt.toISOString(),
      })
    }
  }
  const all = [...rows.values()]
  let added = 0
  for (let start = 0; start < all.length; start += VIDEO_ROWS_PER_STATEMENT) {
    const json = JSON.stringify(all.slice(start, start + VIDEO_ROWS_PER_STATEMENT))
    // xmax is 0 on a row this statement inserted, not on one it updated.
    const result = await db.execute(sql`
      with stored as (
      insert into ${video} (id, channel_id, title, description, thumbnail_url, is_short, view_count, published_at)
      select id, channel_id, title, description, thumbnail_url, is_short, view_count, published_at
      from json_to_recordset(${json}::json) as x(
        id text, channel_id text, title text, description text, thumbnail_url text,
        is_short boolean, view_count bigint, published_at timestamptz)
      on conflict (id) do update set
        title = excluded.title,
        description = excluded.description,
        thumbnail_url = excluded.thumbnail_url,
        is_short = excluded.is_short,
        view_count = excluded.view_count,
        published_at = excluded.published_at,
        updated_at = now()
      returning xmax = 0 as inserted)
      select count(*) filter (where inserted)::int as added from stored`)
    added += Number(firstRow(result).added ?? 0)
  }
  return added
}

function errorText(result: Extract<FeedFetchResult, { kind: 'failed' }>): string {
  return (result.status === null ? result.error : `HTTP ${result.status}`).slice(
    0,
    MAX_ERROR_LENGTH,
  )
}

// Videos before validators, so a crash in between refetches instead of trusting an ETag whose videos were lost.
async function storeOutcomes(db: Database, outcomes: readonly Outcome[]): Promise<number> {
  const added = await storeVideos(db, outcomes)
  const answered = outcomes.flatMap(({ state, result, at }) =>
    result.kind === 'failed'
      ? []
      : [
          {
            channelId: state.id,
            etag: result.etag,
            lastModified: result.lastModified,
            checkedAt: at,
            fetchedAt: result.kind === 'ok' ? at : null,
            failures: 0,
            lastError: null,
            retryAt: null,
          },
        ],
  )
  if (answered.length > 0) {
    await db
      .insert(channelFeed)
      .values(answered)
      .onConflictDoUpdate({
        target: channelFeed.channelId,
        set: {
          etag: sql`excluded.etag`,
          lastModified: sql`excluded.last_modified`,
          checkedAt: sql`excluded.checked_at`,
          // A 304 keeps the time of the last body.
          fetchedAt: sql`coalesce(excluded.fetched_at, ${channelFeed.fetchedAt})`,
          failures: 0,
          lastError: null,
          retryAt: null,
        },
      })
  }
  const failed = outcomes.flatMap(({ state, result, at }) => {
    if (result.kind !== 'failed') return []
    const failures = (state.failures ?? 0) + 1
    return [
      {
        channelId: state.id,
        failures,
        lastError: errorText(result),
        retryAt: new Date(at.getTime() + retryDelayMs(failures, FEED_BACKOFF_MS)),
      },
    ]
  })
  if (failed.length > 0) {
    await db
      .insert(channelFeed)
      .values(failed)
      .onConflictDoUpdate({
        target: channelFeed.channelId,
        set: {
          failures: sql`${channelFeed.failures} + 1`,
          lastError: sql`excluded.last_error`,
          retryAt: sql`excluded.retry_at`,
        },
      })
  }
  return added
}

// Group commit: outcomes queue while the previous batch is written, since each PGlite statement would starve the fetches.
function createBatchWriter(db: Database) {
  const queue: Outcome[] = []
  let writing: Promise<void> | undefined
  let failure: { error: unknown } | undefined
  let added = 0
  async function drain() {
    while (queue.length > 0 && !failure) {
      const batch = queue.splice(0, OUTCOMES_PER_WRITE)
      try {
        added += await storeOutcomes(db, batch)
      } catch (error) {
        failure = { error }
      }
    }
    writing = undefined
  }
  return {
    push(outcome: Outcome) {
      queue.push(outcome)
      writing ??= drain()
    },
    async flush(): Promise<number> {
      while (writing) await writing
      if (failure) throw failure.error
      return added
    },
  }
}

/** Fetches the due feeds (all with `force`); failures keep the videos and back off. A stopped run starts no more fetches. */
export async function refreshFeeds(
  db: Database,
  channelIds: readonly string[],
  options: { force?: boolean; now?: Date; signal?: AbortSignal } = {},
): Promise<FeedRefreshSummary> {
  const ids = unique(channelIds)
  const summary: FeedRefreshSummary = {
    fetched: 0,
    notModified: 0,
    failed: 0,
    skipped: 0,
    newVideos: 0,
  }
  if (ids.length === 0) return summary
  const startedAt = options.now ?? new Date()
  const states: FeedState[] = await db
    .select({
      id: channel.id,
      etag: channelFeed.etag,
      lastModified: channelFeed.lastModified,
      checkedAt: channelFeed.checkedAt,
      retryAt: channelFeed.retryAt,
      failures: channelFeed.failures,
    })
    .from(channel)
    .leftJoin(channelFeed, eq(channelFeed.channelId, channel.id))
    .where(anyOf(channel.id, ids))
  const due = options.force ? states : states.filter((state) => isDue(state, startedAt))
  summary.skipped = ids.length - due.length

  const client = getFeedClient()
  const limit = createLimiter(FEED_CONCURRENCY)
  const writer = createBatchWriter(db)
  await Promise.all(
    due.map(async (state) => {
      const result = await limit(async () => {
        if (options.signal?.aborted) return null
        return client.fetchFeed(state.id, { etag: state.etag, lastModified: state.lastModified })
      })
      if (!result) {
        summary.skipped++
        return
      }
      // Written by the batch writer, outside the limiter: the next request need not wait.
      writer.push({ state, result, at: options.now ?? new Date() })
      if (result.kind === 'ok') summary.fetched++
      else if (result.kind === 'not-modified') summary.notModified++
      else summary.failed++
    }),
  )
  summary.newVideos = await writer.flush()
  if (summary.failed > 0) log.warn('some channel feeds failed', { ...summary })
  return summary
}

async function dueLibraryChannels(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: libraryEntry.channelId })
    .from(libraryEntry)
    .leftJoin(channelFeed, eq(channelFeed.channelId, libraryEntry.channelId))
    .where(and(isNotNull(libraryEntry.channelId), dueCondition(now)))
  return rows.flatMap((row) => (row.id ? [row.id] : []))
}

const feedsRefreshPayload = z.union([
  z.object({ channelIds: z.array(z.string()) }),
  z.object({ all: z.literal(true) }),
])

export const feedsRefreshJob = defineJob({
  name: 'youtube.feeds-refresh',
  schema: feedsRefreshPayload,
  // Failures are per channel (backoff in channel_feed); a retry here is for the database.
  maxAttempts: 3,
  leaseMs: 120_000,
  handler: async (payload, ctx) => {
    const db = await getDb()
    const ids = 'all' in payload ? await dueLibraryChannels(db, new Date()) : payload.channelIds
    const summary = await refreshFeeds(db, ids, { signal: ctx.signal })
    if (summary.newVideos > 0) await react(db, 'feed.new-videos', {})
  },
})

export const feedsRefreshSchedule = defineSchedule({
  name: 'youtube.feeds-refresh',
  cron: '*/15 * * * *',
  job: feedsRefreshJob,
  payload: { all: true },
})
