import { and, count, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '~/db/client.server'
import { job } from '~/db/schema'
import { testEngine } from '../../../tests/setup/test-database'
import { db } from '../../../tests/support/database'
import {
  counter,
  gate,
  jobSuite,
  sleep,
  uniqueName,
  waitFor,
} from '../../../tests/support/job-suite'
import { countedPolls } from '../../../tests/support/worker-polls'
import { defineJob, enqueue, type JobLogger, runDueJobs } from './jobs.server'
import { openTestInstance } from './test-instances'
import { startJobWorker } from './worker.server'

const { worker, rowOf } = jobSuite()
const quiet: JobLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }

/** A worker's `db` whose first call fails, as when the database is not there yet. */
function firstPollFails(open: () => Promise<Database>): () => Promise<Database> {
  let calls = 0
  return () => {
    calls += 1
    return calls === 1 ? Promise.reject(new Error('the database is not there yet')) : open()
  }
}

describe('workers', () => {
  it('two instances on one database run each of many jobs exactly once', async () => {
    const runs = new Map<string, number>()
    const definition = defineJob({
      name: uniqueName('many'),
      schema: counter,
      handler: async (_payload, ctx) => {
        runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1)
        await sleep(ctx.attempt + (runs.size % 3))
      },
    })
    const total = 100
    const ids: string[] = []
    for (let n = 0; n < total; n += 1) {
      const id = await enqueue(db, definition, { n })
      if (id) ids.push(id)
    }
    const other = await openTestInstance(db)
    worker({ jobs: [definition], concurrency: 4, pollMs: 5 })
    const otherWorker = startJobWorker({
      db: () => Promise.resolve(other.db),
      jobs: [definition],
      concurrency: 4,
      pollMs: 5,
    })
    try {
      await waitFor(async () => {
        const [done] = await db
          .select({ count: count() })
          .from(job)
          .where(and(eq(job.name, definition.name), eq(job.state, 'done')))
        return done?.count === total
      }, 20_000)
    } finally {
      await otherWorker.stop()
      await other.close()
    }
    expect(runs.size).toBe(total)
    expect([...runs.values()].every((count) => count === 1)).toBe(true)
    const rows = await db.select().from(job).where(inArray(job.id, ids))
    expect(rows.every((row) => row.attempts === 1)).toBe(true)
  })

  it('starts a job enqueued in this process at once, not at the next poll', async () => {
    const done = gate()
    const asleep = gate()
    const definition = defineJob({
      name: uniqueName('wake'),
      schema: counter,
      handler: async () => {
        done.open()
      },
    })
    const sleeper = startJobWorker({
      // Its first poll fails, logged, and it sleeps until the next poll, past the test's timeout.
      db: firstPollFails(() => Promise.resolve(db)),
      jobs: [definition],
      pollMs: 60_000,
      logger: { ...quiet, error: () => asleep.open() },
    })
    try {
      await asleep.opened
      await enqueue(db, definition, { n: 1 })
      await done.opened
    } finally {
      await sleeper.stop()
    }
  })

  it('sees a job enqueued in a transaction only after the commit, and starts it soon after', async () => {
    const ran = gate()
    let runs = 0
    const definition = defineJob({
      name: uniqueName('tx'),
      schema: counter,
      handler: async () => {
        runs += 1
        ran.open()
      },
    })
    const polls = countedPolls(db)
    const asleep = gate()
    // As above: asleep, its next poll past the test's timeout, so only a wake makes it look.
    const woken = startJobWorker({
      db: firstPollFails(polls.db),
      jobs: [definition],
      pollMs: 60_000,
      logger: { ...quiet, error: () => asleep.open() },
    })
    try {
      await asleep.opened
      await db.transaction(async (tx) => {
        const woke = polls.next(1)
        await enqueue(tx, definition, { n: 1 })
        // The enqueue woke the worker. On PostgreSQL a whole poll runs now and finds nothing;
        // PGlite holds the poll's statements until the commit.
        await (testEngine === 'postgres' ? polls.fullPoll() : woke)
        expect(runs).toBe(0)
      })
      await ran.opened
      expect(runs).toBe(1)
    } finally {
      await woken.stop()
    }
  })

  it('stop() aborts running handlers and waits for them to finish', async () => {
    const running = gate()
    const aborted = gate()
    const release = gate()
    let finished = false
    const definition = defineJob({
      name: uniqueName('stop'),
      schema: counter,
      handler: async (_payload, ctx) => {
        running.open()
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()))
        aborted.open()
        await release.opened
        finished = true
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    // A bound far past the test's timeout: only the handler can end the wait.
    const started = worker({ jobs: [definition], stopTimeoutMs: 600_000 })
    await running.opened
    const stopped = started.stop().then(() => finished)
    await aborted.opened
    // The handler is held: a stop() that did not wait would settle meanwhile.
    expect((await rowOf(id)).state).toBe('active')
    release.open()
    expect(await stopped).toBe(true)
    // It finished despite the abort, so it counts as done.
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 1 })
  })

  it('releases a job whose handler gave up because of stop(), without counting the attempt', async () => {
    const running = gate()
    let interruptible = true
    const definition = defineJob({
      name: uniqueName('release'),
      schema: counter,
      handler: async (_payload, ctx) => {
        if (!interruptible) return
        running.open()
        await new Promise<void>((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => reject(new Error('interrupted'))),
        )
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    const started = worker({ jobs: [definition] })
    await running.opened
    await started.stop()
    expect(await rowOf(id)).toMatchObject({ state: 'queued', attempts: 0, lockedUntil: null })
    interruptible = false
    expect(await runDueJobs(db, [definition])).toMatchObject({ ran: 1, done: 1 })
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 1 })
  })

  it('stop() waits no longer than its bound for a handler that ignores the signal', async () => {
    const running = gate()
    const release = gate()
    const definition = defineJob({
      name: uniqueName('stubborn'),
      schema: counter,
      handler: async () => {
        running.open()
        await release.opened
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    const warnings: string[] = []
    const started = worker({
      jobs: [definition],
      stopTimeoutMs: 50,
      logger: { ...quiet, warn: (msg) => warnings.push(msg) },
    })
    await running.opened
    // It returns while the handler is still held: the bound ended the wait.
    await started.stop()
    expect(warnings).toContain('job worker stopped with handlers still running')
    expect((await rowOf(id)).state).toBe('active')
    release.open()
    await waitFor(async () => (await rowOf(id)).state === 'done', 20_000)
  })
})
