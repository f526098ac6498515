import type { Database } from '~/db/client.server'
import { log } from '~/server/logger.server'
import {
  claimJob,
  deleteOldJobs,
  type JobDefinition,
  type JobLogger,
  type JobRow,
  onJobEnqueued,
  reclaimLeases,
  releaseJob,
  runClaimedJob,
} from './jobs.server'
import { fireDueSchedules, type Schedule, syncSchedules } from './schedule.server'

export type JobWorkerOptions = {
  db: () => Promise<Database>
  jobs: readonly JobDefinition[]
  /** Schedules this worker fires (synced to `job_schedule` at start, checked on every poll). */
  schedules?: readonly Schedule[]
  clock?: () => Date
  concurrency?: number
  pollMs?: number
  stopTimeoutMs?: number
  /** How often old done/failed jobs are deleted (default 1 h; the first time at start). */
  cleanupEveryMs?: number
  /** No other process uses this database (PGlite under its lock): leases held at start are reclaimed at once. */
  soleOwner?: boolean
  logger?: JobLogger
}

export type JobWorker = {
  wake(): void
  /** Stops claiming, aborts running handlers and waits (bounded) for them to settle. */
  stop(): Promise<void>
}

// Follow-up looks after a wake, so a job enqueued in a transaction starts soon after the commit.
const FIRST_FOLLOW_UP_MS = 10

// A loop of its own, never inside a request.
export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const concurrency = Math.max(1, options.concurrency ?? 2)
  const pollMs = options.pollMs ?? 1000
  const stopTimeoutMs = options.stopTimeoutMs ?? 5000
  const cleanupEveryMs = options.cleanupEveryMs ?? 60 * 60 * 1000
  const logger = options.logger ?? log
  const byName = new Map(options.jobs.map((definition) => [definition.name, definition]))
  if (byName.size !== options.jobs.length) throw new Error('job names must be unique')
  const schedules = options.schedules ?? []
  const clock = options.clock ?? (() => new Date())
  for (const schedule of schedules) {
    if (byName.get(schedule.job.name) !== schedule.job) {
      throw new Error(`schedule ${schedule.name}: its job ${schedule.job.name} is not in jobs`)
    }
  }
  if (new Set(schedules.map((schedule) => schedule.name)).size !== schedules.length) {
    throw new Error('schedule names must be unique')
  }

  const stopping = new AbortController()
  const running = new Map<string, Promise<void>>()
  let lastCleanup = Number.NEGATIVE_INFINITY
  let schedulesSynced = schedules.length === 0
  let leasesReclaimed = !options.soleOwner
  let followUpMs: number | undefined
  let wakeSleep: (() => void) | undefined
  // A nudge while no sleep is pending (mid-poll) makes the next sleep end at once.
  let nudged = false
  let stopped: Promise<void> | undefined

  const nudge = () => {
    if (wakeSleep) wakeSleep()
    else nudged = true
  }
  const wake = () => {
    followUpMs = FIRST_FOLLOW_UP_MS
    nudge()
  }
  const unsubscribe = onJobEnqueued(wake)

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (nudged) {
        nudged = false
        resolve()
        return
      }
      const timer = setTimeout(done, ms)
      timer.unref()
      function done() {
        clearTimeout(timer)
        wakeSleep = undefined
        resolve()
      }
      wakeSleep = done
    })
  }

  function start(db: Database, row: JobRow) {
    const definition = byName.get(row.name)
    if (!definition) return
    const run = runClaimedJob(db, definition, row, { logger, stopping: stopping.signal })
      .then(() => undefined)
      .catch((error: unknown) => {
        // The database failed while recording the outcome: the lease runs out and it runs again.
        logger.error('job outcome not recorded', {
          job: row.name,
          jobId: row.id,
          error: error instanceof Error ? error.message : String(error),
        })
      })
      .finally(() => {
        running.delete(row.id)
        nudge()
      })
    running.set(row.id, run)
  }

  async function tick() {
    const db = await options.db()
    if (Date.now() - lastCleanup >= cleanupEveryMs) {
      lastCleanup = Date.now()
      const deleted = await deleteOldJobs(db)
      if (deleted > 0) logger.info('old jobs deleted', { deleted })
    }
    if (!leasesReclaimed) {
      const reclaimed = await reclaimLeases(db, options.jobs)
      leasesReclaimed = true
      if (reclaimed > 0) logger.info('leases of a previous process reclaimed', { jobs: reclaimed })
    }
    if (!schedulesSynced) {
      await syncSchedules(db, schedules, clock())
      schedulesSynced = true
    }
    // One indexed select per poll; a fired schedule's enqueue wakes this worker.
    if (schedules.length > 0 && !stopping.signal.aborted) {
      await fireDueSchedules(db, schedules, clock(), { logger })
    }
    while (!stopping.signal.aborted && running.size < concurrency) {
      const row = await claimJob(db, options.jobs, [...running.keys()])
      if (!row) return
      if (stopping.signal.aborted) {
        await releaseJob(db, row)
        return
      }
      start(db, row)
    }
  }

  async function loop() {
    while (!stopping.signal.aborted) {
      let delay = pollMs
      try {
        await tick()
        if (followUpMs !== undefined) {
          delay = Math.min(followUpMs, pollMs)
          followUpMs = followUpMs * 2 < pollMs ? followUpMs * 2 : undefined
        }
      } catch (error) {
        if (stopping.signal.aborted) break
        logger.error('job worker could not poll', {
          error: error instanceof Error ? error.message : String(error),
        })
      }
      if (stopping.signal.aborted) break
      await sleep(delay)
    }
  }

  const looping = loop()

  return {
    wake,
    stop() {
      stopped ??= (async () => {
        unsubscribe()
        stopping.abort(new Error('job worker stopping'))
        nudge()
        await looping
        const handlers = Promise.allSettled([...running.values()])
        let timer: NodeJS.Timeout | undefined
        const timeout = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), stopTimeoutMs)
        })
        const result = await Promise.race([handlers.then(() => 'settled' as const), timeout])
        clearTimeout(timer)
        // Their leases run out and another worker takes the jobs over.
        if (result === 'timeout') {
          logger.warn('job worker stopped with handlers still running', { running: running.size })
        }
      })()
      return stopped
    },
  }
}
