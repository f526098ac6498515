import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import {
  groupNotification,
  notification,
  notificationPreference,
  pushSubscription,
  user,
} from '~/db/schema'
import { loadMessages } from '~/lib/i18n/load-messages'
import { parseLocale } from '~/lib/i18n/locales'
import { createTranslator } from '~/lib/i18n/translate'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { log } from '~/server/logger.server'
import { deliverPush, type PushOutcome } from '~/server/push/push-sender.server'
import { byGroup, claimNotified, findNewUploads, type NewUpload } from './new-uploads.server'
import { buildPushPayload, PUSH_TITLES_SHOWN } from './push-payload'
import { isQuiet } from './quiet-hours'

// During the user's quiet hours nothing is claimed: the videos go out in the first run after.

/** Looks back far enough to cover the longest quiet hours; older videos are not news. */
const LOOKBACK_MS = 36 * 60 * 60 * 1000
const USERS_PER_BATCH = 200

type Recipient = {
  userId: string
  locale: string
  timeZone: string
  quietStart: number | null
  quietEnd: number | null
}

async function recipients(db: Database, afterId: string | null, only?: readonly string[]) {
  return db
    .select({
      userId: user.id,
      locale: user.locale,
      timeZone: sql<string>`coalesce(${notificationPreference.timeZone}, 'UTC')`,
      quietStart: notificationPreference.quietStart,
      quietEnd: notificationPreference.quietEnd,
    })
    .from(user)
    .leftJoin(notificationPreference, eq(notificationPreference.userId, user.id))
    .where(
      and(
        sql`exists (select 1 from ${groupNotification} n where n.user_id = ${user.id} and n.uploads = 'push')`,
        sql`exists (select 1 from ${pushSubscription} p where p.user_id = ${user.id})`,
        afterId ? sql`${user.id} > ${afterId}` : undefined,
        only ? inArray(user.id, [...only]) : undefined,
      ),
    )
    .orderBy(user.id)
    .limit(USERS_PER_BATCH)
}

function safeQuiet(recipient: Recipient, now: Date): boolean {
  try {
    return isQuiet(now, recipient.timeZone, {
      start: recipient.quietStart,
      end: recipient.quietEnd,
    })
  } catch {
    // A zone this runtime does not know: better a push than none.
    return false
  }
}

export type PushRunSummary = { users: number; pushes: number; delayed: number; gone: number }

async function pushToUser(
  db: Database,
  recipient: Recipient,
  uploads: readonly NewUpload[],
  summary: PushRunSummary,
) {
  const claimed = new Set(
    await claimNotified(
      db,
      recipient.userId,
      uploads.map((upload) => upload.videoId),
    ),
  )
  const fresh = uploads.filter((upload) => claimed.has(upload.videoId))
  if (fresh.length === 0) return
  const t = createTranslator(await loadMessages(parseLocale(recipient.locale)))
  const targets = await db
    .select({
      id: pushSubscription.id,
      endpoint: pushSubscription.endpoint,
      p256dh: pushSubscription.p256dh,
      auth: pushSubscription.auth,
    })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, recipient.userId))
  for (const group of byGroup(fresh)) {
    const count = group.videos.length
    const left = count - PUSH_TITLES_SHOWN
    const payload = buildPushPayload({
      groupId: group.groupId,
      title: t('notify.push.title', { count, group: group.groupName }),
      titles: group.videos.map((video) => video.title),
      more: left > 0 ? t('notify.push.more', { count: left }) : null,
    })
    // The inbox row first: a push that fails still leaves the notice in the bell.
    await db.insert(notification).values({
      userId: recipient.userId,
      kind: 'uploads.push',
      groupId: group.groupId,
      data: {
        count,
        groupName: group.groupName,
        videoIds: group.videos.map((video) => video.videoId),
      },
    })
    const outcomes: PushOutcome[] = []
    for (const target of targets) {
      outcomes.push(await deliverPush(db, target, JSON.stringify(payload)))
    }
    summary.pushes += outcomes.filter((outcome) => outcome === 'sent').length
    summary.gone += outcomes.filter((outcome) => outcome === 'gone').length
  }
}

export async function sendUploadPushes(
  db: Database,
  now: Date = new Date(),
  options: { userIds?: readonly string[] } = {},
): Promise<PushRunSummary> {
  const summary: PushRunSummary = { users: 0, pushes: 0, delayed: 0, gone: 0 }
  let afterId: string | null = null
  for (;;) {
    const batch: Recipient[] = await recipients(db, afterId, options.userIds)
    if (batch.length === 0) break
    afterId = batch[batch.length - 1]?.userId ?? null
    const awake = batch.filter((recipient) => !safeQuiet(recipient, now))
    summary.delayed += batch.length - awake.length
    if (awake.length > 0) {
      const uploads = await findNewUploads(db, {
        mode: 'push',
        since: new Date(now.getTime() - LOOKBACK_MS),
        userIds: awake.map((recipient) => recipient.userId),
      })
      for (const recipient of awake) {
        const own = uploads.filter((upload) => upload.userId === recipient.userId)
        if (own.length === 0) continue
        summary.users += 1
        await pushToUser(db, recipient, own, summary)
      }
    }
    if (batch.length < USERS_PER_BATCH) break
  }
  return summary
}

const UPLOAD_PUSH_JOB = 'notifications.upload-pushes'

export const uploadPushesJob = defineJob({
  name: UPLOAD_PUSH_JOB,
  schema: z.object({}),
  maxAttempts: 2,
  backoffMs: 60_000,
  handler: async () => {
    const summary = await sendUploadPushes(await getDb())
    if (summary.users > 0 || summary.delayed > 0) log.info('notifications.pushes', summary)
  },
})

/** Queued by the feed refresh that stored new videos; one waits at a time, whatever the number of refreshes. */
export async function queueUploadPushes(db: Database): Promise<string | null> {
  return enqueue(db, uploadPushesJob, {}, { singletonKey: `${UPLOAD_PUSH_JOB}:after-feed` })
}

/** Every five minutes, a catch-up: a push delayed by quiet hours, or a run that failed. */
export const uploadPushesSchedule = defineSchedule({
  name: UPLOAD_PUSH_JOB,
  cron: '*/5 * * * *',
  job: uploadPushesJob,
  payload: {},
})
