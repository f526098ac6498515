import { createHash } from 'node:crypto'
import { and, count, eq, gt, inArray, isNotNull, isNull, lt, max, min, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { rowsOf } from '~/db/raw-rows.server'
import { channel, channelStat, job, libraryEntry, youtubeBatchEtag } from '~/db/schema'
import { anyOf, noneOf } from '~/db/value-lists'
import { upsertChannels } from '~/features/catalogue/catalogue.server'
import {
  QuotaExhaustedError,
  type QuotaStatus,
  quotaStatus,
} from '~/features/catalogue/quota.server'
import type { YoutubeClient } from '~/features/catalogue/youtube.server'
import { youtubeFor } from '~/features/catalogue/youtube-client.server'
import { AppError } from '~/lib/app-error'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { log } from '~/server/logger.server'

// 50 ids per `channels.list` call with the batch's ETag (a 304 still costs its unit). Without
// an API key, titles and avatars come from the channel pages: no statistics, no quota.

export const SYNC_BATCH = 50
/** Channel pages read at once without a key (the client's own limiter caps sockets too). */
const PAGE_CHUNK = 50

export type SyncResult = {
  status: 'done' | 'paused'
  usesApi: boolean
  tracked: number
  synced: number
  changed: number
  unchanged: number
  snapshots: number
  resumeAt: Date | null
}

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

export function batchKey(ids: readonly string[]): string {
  return createHash('sha256').update(ids.join(',')).digest('hex')
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size))
  return out
}

/** Every channel in any library, sorted so batches (and their ETags) stay stable. */
export async function trackedChannelIds(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: libraryEntry.channelId })
    .from(libraryEntry)
    .where(isNotNull(libraryEntry.channelId))
  return rows.flatMap((row) => (row.id ? [row.id] : [])).sort()
}

/** Today's snapshot of `ids` with known counts; a second run the same day overwrites it. */
async function writeSnapshots(db: Database, ids: readonly string[], day: string): Promise<number> {
  if (ids.length === 0) return 0
  // One statement: the counts go from the catalogue row to the snapshot without a round trip.
  const written = await db.execute(sql`insert into ${channelStat}
      (channel_id, day, subscriber_count, view_count, video_count)
    select ${channel.id}, ${day}::date, ${channel.subscriberCount}, ${channel.viewCount}, ${channel.videoCount}
    from ${channel}
    where ${anyOf(channel.id, ids)}
      and (${channel.subscriberCount} is not null or ${channel.viewCount} is not null
        or ${channel.videoCount} is not null)
    on conflict (channel_id, day) do update set
      subscriber_count = excluded.subscriber_count,
      view_count = excluded.view_count,
      video_count = excluded.video_count
    returning 1`)
  return rowsOf(written).length
}

async function storedEtags(db: Database, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: youtubeBatchEtag.key, etag: youtubeBatchEtag.etag })
    .from(youtubeBatchEtag)
    .where(anyOf(youtubeBatchEtag.key, keys))
  return new Map(rows.map((row) => [row.key, row.etag]))
}

async function syncWithApi(
  db: Database,
  youtube: YoutubeClient,
  ids: readonly string[],
  now: Date,
): Promise<SyncResult> {
  const result: SyncResult = {
    status: 'done',
    usesApi: true,
    tracked: ids.length,
    synced: 0,
    changed: 0,
    unchanged: 0,
    snapshots: 0,
    resumeAt: null,
  }
  const day = utcDay(now)
  const batches = chunk(ids, SYNC_BATCH)
  const keys = batches.map(batchKey)
  const etags = await storedEtags(db, keys)
  for (const [at, batch] of batches.entries()) {
    const key = keys[at] ?? batchKey(batch)
    let answer: Awaited<ReturnType<YoutubeClient['channelsBatch']>>
    try {
      answer = await youtube.channelsBatch(batch, etags.get(key))
    } catch (error) {
      if (!(error instanceof QuotaExhaustedError)) throw error
      return { ...result, status: 'paused', resumeAt: error.resumeAt }
    }
    if (answer.status === 'changed') {
      await db.transaction(async (tx) => {
        await upsertChannels(tx, answer.channels, now)
        if (answer.etag) {
          await tx
            .insert(youtubeBatchEtag)
            .values({ key, etag: answer.etag })
            .onConflictDoUpdate({
              target: youtubeBatchEtag.key,
              set: { etag: answer.etag, updatedAt: now },
            })
        }
      })
      result.changed += 1
      result.synced += answer.channels.length
    } else {
      await db
        .update(channel)
        .set({ lastSyncedAt: now })
        .where(inArray(channel.id, [...batch]))
      result.unchanged += 1
      result.synced += batch.length
    }
    // Per batch, so a run stopped by the quota keeps what it learned.
    result.snapshots += await writeSnapshots(db, batch, day)
  }
  // Batches that no longer exist (the tracked set moved) would only pile up.
  if (keys.length > 0) await db.delete(youtubeBatchEtag).where(noneOf(youtubeBatchEtag.key, keys))
  else await db.delete(youtubeBatchEtag)
  return result
}

async function syncWithPages(
  db: Database,
  youtube: YoutubeClient,
  ids: readonly string[],
  now: Date,
): Promise<SyncResult> {
  let synced = 0
  for (const part of chunk(ids, PAGE_CHUNK)) {
    // One page at a time per id, so one unreadable page does not cost the others.
    const pages = await Promise.all(
      part.map(async (id) => {
        try {
          return (await youtube.channelsByIds([id])).get(id) ?? null
        } catch (error) {
          if (error instanceof AppError && error.code === 'YOUTUBE_UNAVAILABLE') {
            log.warn('channel_sync.page_failed', { channelId: id, reason: error.params.reason })
            return null
          }
          throw error
        }
      }),
    )
    const found = pages.flatMap((page) => (page ? [page] : []))
    await upsertChannels(db, found, now)
    synced += found.length
  }
  return {
    status: 'done',
    usesApi: false,
    tracked: ids.length,
    synced,
    changed: 0,
    unchanged: 0,
    snapshots: 0,
    resumeAt: null,
  }
}

/** Stops at the first batch the quota refuses and answers `paused`; batches done before stay done. */
export async function syncChannels(
  db: Database,
  options: { now?: Date; youtube?: YoutubeClient } = {},
): Promise<SyncResult> {
  const now = options.now ?? new Date()
  const youtube = options.youtube ?? youtubeFor(db, 'sync')
  const ids = await trackedChannelIds(db)
  return youtube.usesApi ? syncWithApi(db, youtube, ids, now) : syncWithPages(db, youtube, ids, now)
}

export const CHANNEL_SYNC_JOB = 'channel-sync'
export const CHANNEL_SYNC_RESUME_KEY = 'channel-sync:resume'

const syncPayload = z.object({
  resume: z.boolean().optional(),
  force: z.boolean().optional(),
})

/** A run finding every tracked channel synced this recently has nothing to do. */
export const SYNC_FRESH_MS = 6 * 60 * 60 * 1000

export async function allSyncedSince(db: Database, since: Date): Promise<boolean> {
  const tracked = db
    .selectDistinct({ id: libraryEntry.channelId })
    .from(libraryEntry)
    .where(isNotNull(libraryEntry.channelId))
  const [stale] = await db
    .select({ n: count() })
    .from(channel)
    .where(
      and(
        inArray(channel.id, tracked),
        or(isNull(channel.lastSyncedAt), lt(channel.lastSyncedAt, since)),
      ),
    )
  return (stale?.n ?? 0) === 0
}

export const channelSyncJob = defineJob({
  name: CHANNEL_SYNC_JOB,
  schema: syncPayload,
  maxAttempts: 3,
  backoffMs: 60_000,
  leaseMs: 120_000,
  handler: async (payload) => {
    const db = await getDb()
    // The run resumed at the quota reset and the daily slot just after it would pay twice.
    if (!payload.force && (await allSyncedSince(db, new Date(Date.now() - SYNC_FRESH_MS)))) {
      log.info('channel_sync.skipped_fresh', { resumed: payload.resume ?? false })
      return
    }
    const result = await syncChannels(db)
    if (result.status === 'paused' && result.resumeAt) {
      // Waiting for the reset is not a failure: no attempt is used up.
      await enqueue(
        db,
        channelSyncJob,
        { resume: true },
        { runAt: result.resumeAt, singletonKey: CHANNEL_SYNC_RESUME_KEY },
      )
      log.warn('channel_sync.paused_by_quota', {
        resumeAt: result.resumeAt.toISOString(),
        synced: result.synced,
        tracked: result.tracked,
      })
      return
    }
    log.info('channel_sync.done', {
      resumed: payload.resume ?? false,
      usesApi: result.usesApi,
      tracked: result.tracked,
      synced: result.synced,
      changed: result.changed,
      unchanged: result.unchanged,
      snapshots: result.snapshots,
    })
  },
})

export const channelSyncSchedule = defineSchedule({
  name: CHANNEL_SYNC_JOB,
  cron: '30 0 * * *',
  timeZone: 'America/Los_Angeles',
  job: channelSyncJob,
  payload: {},
})

export type SyncStatus = {
  trackedChannels: number
  lastRunAt: string | null
  /** Tracked channels synced at that instant (one run stamps all of its channels alike). */
  channelsSyncedLastRun: number
  neverSynced: number
  pausedUntil: string | null
}

export async function syncStatus(db: Database, now: Date = new Date()): Promise<SyncStatus> {
  const tracked = db
    .selectDistinct({ id: libraryEntry.channelId })
    .from(libraryEntry)
    .where(isNotNull(libraryEntry.channelId))
  const [totals] = await db
    .select({
      tracked: count(),
      synced: count(channel.lastSyncedAt),
      last: max(channel.lastSyncedAt),
    })
    .from(channel)
    .where(inArray(channel.id, tracked))
  const last = totals?.last ?? null
  const [lastRun] = last
    ? await db
        .select({ n: count() })
        .from(channel)
        .where(and(inArray(channel.id, tracked), eq(channel.lastSyncedAt, last)))
    : []
  const [paused] = await db
    .select({ at: min(job.runAt) })
    .from(job)
    .where(
      and(
        eq(job.name, CHANNEL_SYNC_JOB),
        eq(job.state, 'queued'),
        eq(job.singletonKey, CHANNEL_SYNC_RESUME_KEY),
        gt(job.runAt, now),
      ),
    )
  return {
    trackedChannels: totals?.tracked ?? 0,
    lastRunAt: last ? last.toISOString() : null,
    channelsSyncedLastRun: lastRun?.n ?? 0,
    neverSynced: (totals?.tracked ?? 0) - (totals?.synced ?? 0),
    pausedUntil: paused?.at ? paused.at.toISOString() : null,
  }
}

export type ChannelDataHealth = { quota: QuotaStatus; sync: SyncStatus }

/** Operator details for /health: aggregate numbers only, nothing per user, no secrets. */
export async function channelDataHealth(db: Database): Promise<ChannelDataHealth> {
  const now = new Date()
  const [quota, sync] = await Promise.all([quotaStatus(db, now), syncStatus(db, now)])
  return { quota, sync }
}
