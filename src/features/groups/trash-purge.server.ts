import { lt } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { groupTrash } from '~/db/schema'
import { getDb } from '~/server/database.server'
import { defineJob } from '~/server/jobs/jobs.server'
import { defineSchedule } from '~/server/jobs/schedule.server'
import { log } from '~/server/logger.server'
import { TRASH_KEEP_DAYS } from './trash.schemas'

/*
 * Groups deleted more than TRASH_KEEP_DAYS ago leave the trash for good,
 * once a day (decision 0053). `now` is a parameter so tests move the clock.
 */

const TRASH_PURGE_JOB = 'groups.trash-purge'

/** Removes every trashed group older than the keeping time; how many went. */
export async function purgeExpiredTrash(db: Database, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TRASH_KEEP_DAYS * 86_400_000)
  const gone = await db
    .delete(groupTrash)
    .where(lt(groupTrash.trashedAt, before))
    .returning({ id: groupTrash.id })
  return gone.length
}

export const trashPurgeJob = defineJob({
  name: TRASH_PURGE_JOB,
  schema: z.object({}),
  maxAttempts: 3,
  backoffMs: 60_000,
  handler: async () => {
    const removed = await purgeExpiredTrash(await getDb())
    if (removed > 0) log.info('groups.trash_purged', { removed })
  },
})

/** Daily, at a quiet hour. */
export const trashPurgeSchedule = defineSchedule({
  name: TRASH_PURGE_JOB,
  cron: '25 4 * * *',
  job: trashPurgeJob,
  payload: {},
})
