import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm'
import { expect, vi } from 'vitest'
import { appSchedules } from '../../src/app-jobs.server'
import type { Database } from '../../src/db/client.server'
import { groupItem, groupNotification, job, jobSchedule } from '../../src/db/schema'
import { startCheckout } from '../../src/features/billing/billing.server'
import {
  addToLibrary,
  createTree,
  fakeChannelId,
  seededRandom,
  upsertCatalogue,
} from '../../src/seed/factories/organiser.server'
import { setSubscription } from '../../src/seed/factories/subscriptions.server'
import { createActor } from '../../src/seed/factories/users.server'
import { fakeVideoId, insertVideos } from '../../src/seed/factories/videos.server'
import { nextSlot } from '../../src/server/jobs/schedule.server'
import type { JobWorker } from '../../src/server/jobs/worker.server'
import type { StripeFake } from '../fakes/stripe-fake'

/** The cadence each schedule must be registered with: cron, zone and the job it queues. */
export const CADENCES: Record<string, { cron: string; timeZone: string; job: string }> = {
  'channel-sync': { cron: '30 0 * * *', timeZone: 'America/Los_Angeles', job: 'channel-sync' },
  'youtube.feeds-refresh': {
    cron: '*/15 * * * *',
    timeZone: 'UTC',
    job: 'youtube.feeds-refresh',
  },
  'anime-refresh': { cron: '0 6 * * *', timeZone: 'UTC', job: 'anime-refresh' },
  'rate-limit.purge': { cron: '17 * * * *', timeZone: 'UTC', job: 'rate-limit.purge' },
  'database.vacuum': { cron: '40 3 * * *', timeZone: 'UTC', job: 'database.vacuum' },
  'groups.trash-purge': { cron: '25 4 * * *', timeZone: 'UTC', job: 'groups.trash-purge' },
  'billing.trial-mails': { cron: '0 9 * * *', timeZone: 'UTC', job: 'billing.trial-mails' },
  'notifications.digests': {
    cron: '*/15 * * * *',
    timeZone: 'UTC',
    job: 'notifications.digests',
  },
  'notifications.team-events': {
    cron: '* * * * *',
    timeZone: 'UTC',
    job: 'notifications.team-events',
  },
  'notifications.upload-pushes': {
    cron: '*/5 * * * *',
    timeZone: 'UTC',
    job: 'notifications.upload-pushes',
  },
  'billing.seats': { cron: '40 3 * * *', timeZone: 'UTC', job: 'billing.seats' },
}

/** Jobs nothing schedules: queued by requests and by other jobs. */
export const UNSCHEDULED_JOBS = [
  'import.apply',
  'lookups.retry',
  'notifications.mail',
  'billing.cancel-deleted-account',
]

export const HOUR = 60 * 60_000
export const DAY = 24 * HOUR
/** A schedule's `next_run_at` while no test fires it: no slot of the wall clock comes due. */
export const PARKED = new Date('2999-01-01T00:00:00Z')
/** How long a test waits for the worker to run something. */
export const WAIT = { timeout: 20_000, interval: 20 }

type AppJobsWorldDeps = {
  db: Database
  /** The worker startAppJobs started. */
  worker: JobWorker
  stripe: StripeFake
  /** Names of the jobs seen run to the end, and of the schedules fired, through the worker. */
  ranJobs: Set<string>
  firedSchedules: Set<string>
  seed?: number
}

/**
 * What the tests of the composition root's jobs share: waiting for the app's worker to run a job
 * (queued by production code, or by a schedule fired as its slot coming due), noting each job and
 * schedule seen through in `ranJobs` and `firedSchedules`, and the set-up of a few worlds the jobs
 * read.
 */
export function appJobsWorld({
  db,
  worker,
  stripe,
  ranJobs,
  firedSchedules,
  seed = 4242,
}: AppJobsWorldDeps) {
  const random = seededRandom(seed)

  async function jobIds(where: SQL | undefined): Promise<string[]> {
    const rows = await db.select({ id: job.id }).from(job).where(where)
    return rows.map((row) => row.id)
  }

  /** Waits for a run that was not there before to end, and expects it done. */
  async function finishedRun(where: SQL | undefined, before: readonly string[]) {
    const row = await vi.waitFor(async () => {
      const [found] = await db
        .select()
        .from(job)
        .where(and(where, before.length > 0 ? notInArray(job.id, [...before]) : undefined))
      if (!found || found.state === 'queued' || found.state === 'active') {
        throw new Error(`no finished run yet (${found?.state ?? 'not queued'})`)
      }
      return found
    }, WAIT)
    expect(row).toMatchObject({ state: 'done', lastError: null })
    ranJobs.add(row.name)
    return row
  }

  /** Runs `queue` (production code that enqueues `jobName`) and waits for the app's worker to run it. */
  async function queuedAndRun(jobName: string, queue: () => Promise<unknown>) {
    const before = await jobIds(eq(job.name, jobName))
    await queue()
    return finishedRun(eq(job.name, jobName), before)
  }

  /**
   * Fires one of the root's schedules as its slot coming due does, waits for the job it queued to
   * run, and checks the slot after it follows the expected cadence; then parks it again.
   */
  async function fire(name: string) {
    const schedule = appSchedules.find((entry) => entry.name === name)
    const cadence = CADENCES[name]
    if (!schedule || !cadence) throw new Error(`the root registers no schedule ${name}`)
    const key = `schedule:${name}`
    const before = await jobIds(eq(job.singletonKey, key))
    await db
      .update(jobSchedule)
      .set({ nextRunAt: sql`now() - interval '1 second'` })
      .where(eq(jobSchedule.name, name))
    worker.wake()
    const run = await finishedRun(eq(job.singletonKey, key), before)
    expect(run.name).toBe(cadence.job)

    const [row] = await db.select().from(jobSchedule).where(eq(jobSchedule.name, name))
    expect(row).toMatchObject({ cron: cadence.cron, timeZone: cadence.timeZone })
    const lastRunAt = row?.lastRunAt
    if (!lastRunAt) throw new Error(`schedule ${name} has no last run`)
    expect(row?.nextRunAt).toEqual(nextSlot(cadence.cron, cadence.timeZone, lastRunAt))
    expect(row?.nextRunAt.getTime()).toBeGreaterThan(lastRunAt.getTime())
    firedSchedules.add(name)
    await db.update(jobSchedule).set({ nextRunAt: PARKED }).where(eq(jobSchedule.name, name))
    return run
  }

  /** A channel in `owner`'s library, in a group of its own (on it for ten days). */
  async function channelInGroup(ownerId: string, groupName: string, channelId: string) {
    await upsertCatalogue(db, { channels: [{ id: channelId, title: groupName, handle: null }] })
    const entries = await addToLibrary(db, ownerId, { channelIds: [channelId] })
    const groups = await createTree(db, ownerId, [{ name: groupName, items: [channelId] }], entries)
    const groupId = groups.get(groupName)
    if (!groupId) throw new Error(`no group ${groupName}`)
    await db
      .update(groupItem)
      .set({ addedAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(groupItem.groupId, groupId))
    return groupId
  }

  /** A new upload (an hour old) of a channel of `owner`, who asked three days ago for `uploads`. */
  async function newUploadFor(ownerId: string, groupName: string, uploads: 'daily' | 'push') {
    const channelId = fakeChannelId(random)
    const groupId = await channelInGroup(ownerId, groupName, channelId)
    const title = `${groupName} upload`
    await insertVideos(db, [
      { id: fakeVideoId(random), channelId, title, publishedAt: new Date(Date.now() - HOUR) },
    ])
    const setAt = new Date(Date.now() - 3 * DAY)
    await db
      .insert(groupNotification)
      .values({ userId: ownerId, groupId, uploads, createdAt: setAt, updatedAt: setAt })
    return { groupId, title }
  }

  /** A paying Stripe customer, through Checkout on the fake. */
  async function subscriber(name: string, price: 'pro-monthly' | 'business') {
    const person = await createActor(db, name)
    await setSubscription(db, person.id, 'trial-ended')
    const { url } = await startCheckout(db, person, { price })
    const sub = await stripe.completeCheckout(url.split('/').at(-1) ?? '')
    return { person, subscriptionId: String(sub.id) }
  }

  return { jobIds, finishedRun, queuedAndRun, fire, newUploadFor, subscriber }
}

export type AppJobsWorld = ReturnType<typeof appJobsWorld>
