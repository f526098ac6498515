import { and, sql } from 'drizzle-orm'
import { z } from 'zod'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { rowsOf, text } from '~/db/raw-rows.server'
import { notification, notificationDigest } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { yieldToRequests } from '~/server/jobs/yield-to-requests'
import { log } from '~/server/logger.server'
import { byGroup, claimNotified, findNewUploads, type NewUpload } from './new-uploads.server'
import { notificationMailJob } from './notification-mail.server'

/*
 * Digests (decision 0060): a period starts at 08:00 in the reader's zone. The digest row,
 * the claimed videos, the inbox line and the mail job are written in one transaction, so
 * a crash repeats and skips nothing; an empty period is recorded too and sends nothing.
 */

export type DigestMode = 'daily' | 'weekly'
export const DIGEST_MODES: readonly DigestMode[] = ['daily', 'weekly']

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
export const DIGEST_HOUR = 8
/** How far back a digest looks: a period and a margin for late feed refreshes (claims stop repeats). */
const LOOK_BACK_MS: Record<DigestMode, number> = { daily: 2 * DAY_MS, weekly: 8 * DAY_MS }
const VIDEOS_PER_DIGEST = 50
/** Users per search: on PGlite one statement holds every request, so a big run goes in slices. */
const USERS_PER_SEARCH = 100

function validZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}

function localDate(at: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value)
  return new Date(Date.UTC(field('year'), field('month') - 1, field('day'), field('hour')))
}

function isoWeek(day: Date): string {
  const thursday = new Date(day)
  thursday.setUTCDate(day.getUTCDate() + 3 - ((day.getUTCDay() + 6) % 7))
  const year = thursday.getUTCFullYear()
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

// Local time moved back DIGEST_HOUR hours, so the day and the ISO week turn at 08:00.
export function currentPeriod(mode: DigestMode, now: Date, timeZone: string): string {
  const local = localDate(now, validZone(timeZone))
  const shifted = new Date(local.getTime() - DIGEST_HOUR * HOUR_MS)
  return mode === 'daily'
    ? `daily:${shifted.toISOString().slice(0, 10)}`
    : `weekly:${isoWeek(shifted)}`
}

type Due = { userId: string; mode: DigestMode; period: string; timeZone: string }

/** Users with a group set to a digest, each with their current period not yet handled. */
async function findDue(db: Database, now: Date, userIds?: readonly string[]): Promise<Due[]> {
  const only = userIds ? sql`and s.user_id = any(${sql.param([...userIds])}::text[])` : sql``
  const rows = rowsOf(
    await db.execute(sql`select distinct s.user_id, s.uploads, coalesce(p.time_zone, 'UTC') as time_zone
      from group_notification s
      left join notification_preference p on p.user_id = s.user_id
      where s.uploads in ('daily', 'weekly') ${only}`),
  )
  const candidates = rows.flatMap((row): Due[] => {
    const mode = text(row.uploads)
    if (mode !== 'daily' && mode !== 'weekly') return []
    const timeZone = text(row.time_zone)
    return [
      { userId: text(row.user_id), mode, timeZone, period: currentPeriod(mode, now, timeZone) },
    ]
  })
  if (candidates.length === 0) return []
  const handled = new Set<string>()
  for (const part of chunks(candidates)) {
    const done = await db
      .select({ userId: notificationDigest.userId, period: notificationDigest.period })
      .from(notificationDigest)
      .where(
        and(
          anyOf(
            notificationDigest.userId,
            part.map((due) => due.userId),
          ),
          anyOf(
            notificationDigest.period,
            part.map((due) => due.period),
          ),
        ),
      )
    for (const row of done) handled.add(`${row.userId}|${row.period}`)
  }
  return candidates.filter((due) => !handled.has(`${due.userId}|${due.period}`))
}

/** Handles one user's period: false when another run had it already. */
async function sendDigest(db: Database, due: Due, uploads: readonly NewUpload[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(notificationDigest)
      .values({ userId: due.userId, period: due.period })
      .onConflictDoNothing()
      .returning({ period: notificationDigest.period })
    if (!claimed) return false
    const fresh = new Set(
      await claimNotified(
        tx,
        due.userId,
        uploads.map((upload) => upload.videoId),
      ),
    )
    const groups = byGroup(uploads.filter((upload) => fresh.has(upload.videoId)))
    if (groups.length === 0) return true
    const videos = groups.reduce((sum, entry) => sum + entry.videos.length, 0)
    await tx.insert(notification).values({
      userId: due.userId,
      kind: 'digest',
      groupId: groups.length === 1 ? (groups[0]?.groupId ?? null) : null,
      data: {
        mode: due.mode,
        period: due.period,
        videos,
        groups: groups.length,
        groupNames: groups.map((entry) => entry.groupName),
      },
    })
    await enqueue(tx, notificationMailJob, {
      kind: 'digest',
      userId: due.userId,
      mode: due.mode,
      timeZone: due.timeZone,
      groups: groups.map((entry) => ({
        groupId: entry.groupId,
        groupName: entry.groupName,
        videos: entry.videos.map((upload) => ({
          videoId: upload.videoId,
          title: upload.title,
          channelTitle: upload.channelTitle,
          thumbnailUrl: upload.thumbnailUrl,
          publishedAt: upload.publishedAt.toISOString(),
          isShort: upload.isShort,
        })),
      })),
    })
    return true
  })
}

export type DigestRun = { due: number; mailed: number; empty: number }

async function digestSlice(
  db: Database,
  mode: DigestMode,
  slice: readonly Due[],
  now: Date,
  run: DigestRun,
): Promise<void> {
  const uploads = await findNewUploads(db, {
    mode,
    since: new Date(now.getTime() - LOOK_BACK_MS[mode]),
    userIds: slice.map((entry) => entry.userId),
    limitPerUser: VIDEOS_PER_DIGEST,
  })
  const byUser = new Map<string, NewUpload[]>()
  for (const upload of uploads) {
    const list = byUser.get(upload.userId) ?? []
    list.push(upload)
    byUser.set(upload.userId, list)
  }
  const empty = slice.filter((entry) => !byUser.has(entry.userId))
  if (empty.length > 0) {
    await db
      .insert(notificationDigest)
      .values(empty.map((entry) => ({ userId: entry.userId, period: entry.period })))
      .onConflictDoNothing()
  }
  run.empty += empty.length
  for (const entry of slice) {
    const mine = byUser.get(entry.userId)
    if (mine && (await sendDigest(db, entry, mine))) run.mailed += 1
    if (mine) await yieldToRequests()
  }
}

/** A fixed handful of statements per slice of 100 users, plus one transaction per user with something new. */
export async function runDigests(
  db: Database,
  now: Date = new Date(),
  options: { userIds?: readonly string[] } = {},
): Promise<DigestRun> {
  const run: DigestRun = { due: 0, mailed: 0, empty: 0 }
  const due = await findDue(db, now, options.userIds)
  run.due = due.length
  for (const mode of DIGEST_MODES) {
    for (const slice of chunks(
      due.filter((entry) => entry.mode === mode),
      USERS_PER_SEARCH,
    )) {
      await digestSlice(db, mode, slice, now, run)
      await yieldToRequests()
    }
  }
  return run
}

export const digestsJob = defineJob({
  name: 'notifications.digests',
  schema: z.object({}),
  maxAttempts: 3,
  backoffMs: 60_000,
  leaseMs: 5 * 60_000,
  handler: async () => {
    const run = await runDigests(await getDb())
    log.info('notifications.digests', run)
  },
})

/** Every 15 minutes: each reader's 08:00 comes within a quarter of an hour in any zone. */
export const digestsSchedule = defineSchedule({
  name: 'notifications.digests',
  cron: '*/15 * * * *',
  job: digestsJob,
  payload: {},
})
