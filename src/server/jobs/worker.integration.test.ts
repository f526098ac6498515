import { and, count, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '~/db/client.server'
import { job } from '~/db/schema'
import {
  counter,
  gate,
  jobSuite,
  sleep,
  uniqueName,
  waitFor,
} from '../../../tests/support/job-suite'
import { defineJob, enqueue, runDueJobs } from './jobs.server'
import { openTestInstance } from './test-instances'
import { startJobWorker } from './worker.server'

const { database, worker, rowOf } = jobSuite()
let db: Database
beforeAll(() => {
  db = database()
})

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

  it('starts a job enqueued in this process within milliseconds, not at the next poll', async () => {
    const done = gate()
    const definition = defineJob({
      name: uniqueName('wake'),
      schema: counter,
      handler: async () => {
        done.open()
      },
    })
    worker({ jobs: [definition], pollMs: 60_000 })
    await sleep(50)
    const started = performance.now()
    await enqueue(db, definition, { n: 1 })
    await done.opened
    expect(performance.now() - started).toBeLessThan(500)
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
    worker({ jobs: [definition], pollMs: 60_000 })
    await sleep(20)
    await db.transaction(async (tx) => {
      await enqueue(tx, definition, { n: 1 })
      await sleep(80)
      expect(runs).toBe(0)
    })
    const committed = performance.now()
    await ran.opened
    expect(performance.now() - committed).toBeLessThan(1000)
  })

  it('stop() aborts running handlers and waits for them to finish', async () => {
    const running = gate()
    let finished = false
    const definition = defineJob({
      name: uniqueName('stop'),
      schema: counter,
      handler: async (_payload, ctx) => {
        running.open()
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()))
        await sleep(50)
        finished = true
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    const started = worker({ jobs: [definition] })
    await running.opened
    await started.stop()
    expect(finished).toBe(true)
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
    const started = worker({ jobs: [definition], stopTimeoutMs: 50 })
    await running.opened
    const before = performance.now()
    await started.stop()
    expect(performance.now() - before).toBeLessThan(1000)
    expect((await rowOf(id)).state).toBe('active')
    release.open()
    await waitFor(async () => (await rowOf(id)).state === 'done')
  })
})
