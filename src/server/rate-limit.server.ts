import { createHash } from 'node:crypto'
import { lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { rateLimitWindow } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { getDb } from '~/server/database.server'
import { defineJob } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { log } from '~/server/logger.server'

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** In the database, so every instance counts into the same window and a restart resets nothing. Keys are hashed. */
export function createRateLimiter(options: {
  bucket: string
  limit: number
  windowMs: number
  now?: () => number
}) {
  const now = options.now ?? Date.now
  const table = rateLimitWindow
  return {
    /** Throws RATE_LIMITED with the seconds left; one upsert, so concurrent hits each get their own count. */
    async hit(db: Database, key: string): Promise<void> {
      const at = new Date(now())
      const resetAt = new Date(at.getTime() + options.windowMs)
      const expired = sql`${table.resetAt} <= ${at}`
      const [row] = await db
        .insert(table)
        .values({ bucket: options.bucket, keyHash: hashKey(key), count: 1, resetAt })
        .onConflictDoUpdate({
          target: [table.bucket, table.keyHash],
          set: {
            count: sql`case when ${expired} then 1 else ${table.count} + 1 end`,
            resetAt: sql`case when ${expired} then excluded.reset_at else ${table.resetAt} end`,
          },
        })
        .returning({ count: table.count, resetAt: table.resetAt })
      if (!row) throw new Error(`rate limit ${options.bucket}: the upsert returned no row`)
      if (row.count > options.limit) {
        const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - at.getTime()) / 1000))
        throw new AppError('RATE_LIMITED', { seconds })
      }
    },
  }
}

export async function purgeRateLimits(db: Database, at: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(rateLimitWindow)
    .where(lte(rateLimitWindow.resetAt, at))
    .returning({ bucket: rateLimitWindow.bucket })
  return removed.length
}

const RATE_LIMIT_PURGE_JOB = 'rate-limit.purge'

export const rateLimitPurgeJob = defineJob({
  name: RATE_LIMIT_PURGE_JOB,
  schema: z.object({}),
  maxAttempts: 3,
  backoffMs: 60_000,
  leaseMs: 60_000,
  handler: async () => {
    const removed = await purgeRateLimits(await getDb())
    log.info('rate_limit.purged', { removed })
  },
})

/** Hourly: the longest window is an hour, so the table holds about an hour of keys. */
export const rateLimitPurgeSchedule = defineSchedule({
  name: RATE_LIMIT_PURGE_JOB,
  cron: '17 * * * *',
  job: rateLimitPurgeJob,
  payload: {},
})
