import { z } from 'zod'
import { vacuumEmbedded } from '~/db/vacuum.server'
import { getDatabaseHandle } from './database.server'
import { defineJob } from './jobs/jobs.server'
import { defineSchedule } from './jobs/schedule.server'
import { log } from './logger.server'

/*
 * PGlite has no autovacuum: once a day the whole database is vacuumed, so
 * space left by updates and deletes is reused rather than added to. On
 * PostgreSQL autovacuum does this and the job does nothing.
 */

export const DATABASE_VACUUM_JOB = 'database.vacuum'

export const databaseVacuumJob = defineJob({
  name: DATABASE_VACUUM_JOB,
  schema: z.object({}),
  maxAttempts: 2,
  handler: async () => {
    const { db } = await getDatabaseHandle()
    const started = performance.now()
    if (await vacuumEmbedded(db)) {
      log.info('database.vacuumed', { ms: Math.round(performance.now() - started) })
    }
  },
})

/** Daily at a quiet hour: a whole-database vacuum holds PGlite while it runs. */
export const databaseVacuumSchedule = defineSchedule({
  name: DATABASE_VACUUM_JOB,
  cron: '40 3 * * *',
  job: databaseVacuumJob,
  payload: {},
})
