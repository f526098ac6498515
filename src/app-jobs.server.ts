import type { Database } from '~/db/client.server'
import { cancelDeletedAccountJob } from '~/features/billing/deleted-account.server'
import { seatSyncJob, seatSyncSchedule } from '~/features/billing/plan-limits.server'
import { trialMailsJob, trialMailsSchedule } from '~/features/billing/trial-mails.server'
import { animeRefreshJob, animeRefreshSchedule } from '~/features/catalogue/anime-refresh.server'
import { feedsRefreshJob, feedsRefreshSchedule } from '~/features/feed/feed-refresh.server'
import { trashPurgeJob, trashPurgeSchedule } from '~/features/groups/trash-purge.server'
import { channelSyncJob, channelSyncSchedule } from '~/features/growth/channel-sync.server'
import { lookupRetryJob } from '~/features/library/pending-lookups.server'
import { digestsJob, digestsSchedule } from '~/features/notifications/digests.server'
import { notificationMailJob } from '~/features/notifications/notification-mail.server'
import { teamEventsJob, teamEventsSchedule } from '~/features/notifications/team-events.server'
import {
  uploadPushesJob,
  uploadPushesSchedule,
} from '~/features/notifications/upload-pushes.server'
import { importJob } from '~/features/transfer/import-apply.server'
import { databaseVacuumJob, databaseVacuumSchedule } from '~/server/database-vacuum.server'
import { getEnv } from '~/server/env.server'
import type { JobDefinition } from '~/server/jobs/jobs.server'
import type { Schedule } from '~/server/jobs/schedule.server'
import { type JobWorker, startJobWorker } from '~/server/jobs/worker.server'
import { log } from '~/server/logger.server'
import { rateLimitPurgeJob, rateLimitPurgeSchedule } from '~/server/rate-limit.server'

/*
 * The composition root of the app's background work: every job and schedule,
 * started by the server entry once the database is open. What one domain does
 * after another's event is in reactions.server.ts.
 */

/** Every job the app runs; a job enqueued under another name waits for a worker that knows it. */
export const appJobs: readonly JobDefinition[] = [
  importJob,
  lookupRetryJob,
  channelSyncJob,
  feedsRefreshJob,
  animeRefreshJob,
  rateLimitPurgeJob,
  databaseVacuumJob,
  trashPurgeJob,
  trialMailsJob,
  digestsJob,
  teamEventsJob,
  notificationMailJob,
  uploadPushesJob,
  seatSyncJob,
  cancelDeletedAccountJob,
]

/** Every schedule the app fires; each one's job must be in `appJobs`. */
export const appSchedules: readonly Schedule[] = [
  channelSyncSchedule,
  feedsRefreshSchedule,
  animeRefreshSchedule,
  rateLimitPurgeSchedule,
  databaseVacuumSchedule,
  trashPurgeSchedule,
  trialMailsSchedule,
  digestsSchedule,
  teamEventsSchedule,
  uploadPushesSchedule,
  seatSyncSchedule,
]

type Running = {
  worker: JobWorker
  jobs: readonly JobDefinition[]
  schedules: readonly Schedule[]
  db: Database
}

declare global {
  // One worker per process, even when the dev server reloads this module.
  var __tubefoldJobWorker: Running | undefined
}

/**
 * Starts the app's job worker once per process, unless JOBS_ENABLED is off.
 * Called when the database is ready; the worker polls in its own loop.
 * `soleOwner`: no other process uses the database (PGlite, locked).
 */
export function startAppJobs(
  db: Database,
  options: { soleOwner?: boolean } = {},
): JobWorker | undefined {
  if (!getEnv().JOBS_ENABLED) return undefined
  const current = globalThis.__tubefoldJobWorker
  if (current?.jobs === appJobs && current.schedules === appSchedules && current.db === db) {
    return current.worker
  }
  // A reloaded module brings new definitions or a new database: the old worker hands over.
  if (current) void current.worker.stop()
  const worker = startJobWorker({
    db: () => Promise.resolve(db),
    jobs: appJobs,
    schedules: appSchedules,
    logger: log,
    // A worker replaced in this process (dev reload) may still run its jobs: their leases are live.
    soleOwner: Boolean(options.soleOwner) && !current,
  })
  globalThis.__tubefoldJobWorker = { worker, jobs: appJobs, schedules: appSchedules, db }
  log.info('job worker started', {
    jobs: appJobs.map((definition) => definition.name).join(','),
    schedules: appSchedules.map((schedule) => schedule.name).join(','),
  })
  return worker
}

/** Stops the app's worker (before the database closes); running handlers get a bounded wait. */
export async function stopAppJobs(): Promise<void> {
  const current = globalThis.__tubefoldJobWorker
  globalThis.__tubefoldJobWorker = undefined
  await current?.worker.stop()
}
