import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { job } from '~/db/schema'
import { db } from '../../../tests/support/database'
import { counter, jobSuite, uniqueName, waitFor } from '../../../tests/support/job-suite'
import { countedPolls } from '../../../tests/support/worker-polls'
import {
  claimJob,
  defineJob,
  deleteOldJobs,
  enqueue,
  type JobContext,
  PermanentJobError,
  runDueJobs,
} from './jobs.server'
import { startJobWorker } from './worker.server'

const { rowOf, rowsNamed } = jobSuite()
describe('running a job', () => {
  it('runs the handler with the parsed payload under a lease and marks the job done', async () => {
    const seen: {
      payload: z.infer<typeof counter>
      ctx: JobContext
      state: string
      lockedUntil: Date | null
    }[] = []
    const definition = defineJob({
      name: uniqueName('run'),
      schema: counter,
      handler: async (payload, ctx) => {
        const row = await rowOf(ctx.jobId)
        seen.push({ payload, ctx, state: row.state, lockedUntil: row.lockedUntil })
      },
    })
    const id = await enqueue(db, definition, { n: 7 })
    expect(id).toEqual(expect.any(String))

    const summary = await runDueJobs(db, [definition])
    expect(summary).toEqual({ ran: 1, done: 1, retried: 0, failed: 0 })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.payload).toEqual({ n: 7 })
    expect(seen[0]?.ctx).toMatchObject({ jobId: id, attempt: 1 })
    expect(seen[0]?.ctx.signal.aborted).toBe(false)
    expect(seen[0]?.state).toBe('active')
    expect(seen[0]?.lockedUntil?.getTime()).toBeGreaterThan(Date.now())

    const row = await rowOf(id)
    expect(row).toMatchObject({ state: 'done', attempts: 1, lockedUntil: null, lastError: null })
    expect(await runDueJobs(db, [definition])).toMatchObject({ ran: 0 })
  })

  it('only claims jobs whose names it was given', async () => {
    const ran: string[] = []
    const one = defineJob({
      name: uniqueName('mine'),
      schema: counter,
      handler: async () => {
        ran.push('one')
      },
    })
    const other = defineJob({
      name: uniqueName('theirs'),
      schema: counter,
      handler: async () => {
        ran.push('other')
      },
    })
    const otherId = await enqueue(db, other, { n: 1 })
    await enqueue(db, one, { n: 1 })
    await runDueJobs(db, [one])
    expect(ran).toEqual(['one'])
    expect((await rowOf(otherId)).state).toBe('queued')
  })

  it('leaves a job with a later runAt until it is due', async () => {
    const definition = defineJob({
      name: uniqueName('later'),
      schema: counter,
      handler: async () => {},
    })
    const id = await enqueue(db, definition, { n: 1 }, { runAt: new Date(Date.now() + 3_600_000) })
    // It returns at all: an hour away is past the horizon, and waiting would outlast the test.
    expect(await runDueJobs(db, [definition], { until: 'idle' })).toMatchObject({ ran: 0 })
    expect((await rowOf(id)).state).toBe('queued')

    await db
      .update(job)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(job.id, id ?? ''))
    expect(await runDueJobs(db, [definition])).toMatchObject({ done: 1 })
  })
})

describe('payload validation', () => {
  it('refuses to enqueue a payload its schema rejects, adding nothing', async () => {
    const definition = defineJob({
      name: uniqueName('invalid'),
      schema: counter,
      handler: async () => {},
    })
    await expect(enqueue(db, definition, { n: -1 })).rejects.toBeInstanceOf(z.ZodError)
    await expect(enqueue(db, definition, { n: 1.5 })).rejects.toThrow()
    expect(await rowsNamed(definition.name)).toHaveLength(0)
  })

  it('stores what the schema returns (defaults filled in)', async () => {
    const withDefault = z.object({ n: z.number(), mode: z.enum(['fast', 'slow']).default('slow') })
    const definition = defineJob({
      name: uniqueName('default'),
      schema: withDefault,
      handler: async () => {},
    })
    const id = await enqueue(db, definition, { n: 1, mode: 'fast' })
    expect((await rowOf(id)).payload).toEqual({ n: 1, mode: 'fast' })
  })

  it('fails a stored payload that no longer matches without running the handler', async () => {
    let calls = 0
    const definition = defineJob({
      name: uniqueName('stale'),
      schema: counter,
      handler: async () => {
        calls += 1
      },
    })
    const [inserted] = await db
      .insert(job)
      .values({ name: definition.name, payload: { n: 'seven' } })
      .returning({ id: job.id })
    expect(await runDueJobs(db, [definition], { until: 'idle' })).toMatchObject({ failed: 1 })
    expect(calls).toBe(0)
    const row = await rowOf(inserted?.id ?? null)
    expect(row.state).toBe('failed')
    expect(row.attempts).toBe(1)
    expect(row.lastError).toMatch(/^invalid payload: /)
  })
})

describe('retries', () => {
  it('retries with exponential backoff, then fails with the last error', async () => {
    const backoffMs = 40
    // Each run's start and its job's due time, both by the database's clock, in ms.
    const runs: { startedAt: number; runAt: number }[] = []
    const definition = defineJob({
      name: uniqueName('retry'),
      schema: counter,
      maxAttempts: 3,
      backoffMs,
      handler: async (_payload, ctx) => {
        const [seen] = await db
          .select({
            startedAt: sql<number>`extract(epoch from now()) * 1000`.mapWith(Number),
            runAt: sql<number>`extract(epoch from ${job.runAt}) * 1000`.mapWith(Number),
          })
          .from(job)
          .where(eq(job.id, ctx.jobId))
        if (seen) runs.push(seen)
        throw new Error(`boom ${ctx.attempt}`)
      },
    })
    const id = await enqueue(db, definition, { n: 1 })

    expect(await runDueJobs(db, [definition])).toEqual({ ran: 1, done: 0, retried: 1, failed: 0 })
    const afterFirst = await rowOf(id)
    expect(afterFirst).toMatchObject({ state: 'queued', attempts: 1, lastError: 'boom 1' })
    const [gap] = await db
      .select({
        ms: sql<number>`extract(epoch from ${job.runAt} - ${job.updatedAt}) * 1000`.mapWith(Number),
      })
      .from(job)
      .where(eq(job.id, id ?? ''))
    // The first delay is the backoff plus at most 25 % jitter.
    expect(gap?.ms).toBeGreaterThanOrEqual(backoffMs)
    expect(gap?.ms).toBeLessThanOrEqual(backoffMs * 1.25 + 1)

    expect(await runDueJobs(db, [definition], { until: 'idle' })).toEqual({
      ran: 2,
      done: 0,
      retried: 1,
      failed: 1,
    })
    const row = await rowOf(id)
    expect(row).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'boom 3',
      lockedUntil: null,
    })
    expect(runs).toHaveLength(3)
    const [first, second, third] = runs
    // No run before its job was due, and each retry was due a doubled backoff after the run before.
    for (const run of runs) expect(run.startedAt).toBeGreaterThanOrEqual(run.runAt)
    expect((second?.runAt ?? 0) - (first?.startedAt ?? 0)).toBeGreaterThanOrEqual(backoffMs)
    expect((third?.runAt ?? 0) - (second?.startedAt ?? 0)).toBeGreaterThanOrEqual(2 * backoffMs)
  })

  it('finishes a job that succeeds on a later attempt and clears its error', async () => {
    const definition = defineJob({
      name: uniqueName('flaky'),
      schema: counter,
      backoffMs: 5,
      handler: async (_payload, ctx) => {
        if (ctx.attempt < 2) throw new Error('not yet')
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    expect(await runDueJobs(db, [definition], { until: 'idle' })).toMatchObject({
      retried: 1,
      done: 1,
    })
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 2, lastError: null })
  })

  it('fails at once on a PermanentJobError', async () => {
    let calls = 0
    const definition = defineJob({
      name: uniqueName('permanent'),
      schema: counter,
      maxAttempts: 5,
      backoffMs: 1,
      handler: async () => {
        calls += 1
        throw new PermanentJobError('this can never work')
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    expect(await runDueJobs(db, [definition], { until: 'idle' })).toMatchObject({
      ran: 1,
      failed: 1,
    })
    expect(calls).toBe(1)
    expect(await rowOf(id)).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'this can never work',
    })
  })
})

describe('singleton keys', () => {
  it('keeps one queued or active job per key and allows a new one once it finished', async () => {
    const definition = defineJob({
      name: uniqueName('single'),
      schema: counter,
      handler: async () => {},
    })
    const key = `${definition.name}:key`
    const first = await enqueue(db, definition, { n: 1 }, { singletonKey: key })
    expect(first).toEqual(expect.any(String))
    expect(await enqueue(db, definition, { n: 2 }, { singletonKey: key })).toBeNull()
    expect(await enqueue(db, definition, { n: 3 }, { singletonKey: `${key}:other` })).toEqual(
      expect.any(String),
    )

    await claimJob(db, [definition])
    expect(await enqueue(db, definition, { n: 4 }, { singletonKey: key })).toBeNull()

    await runDueJobs(db, [definition])
    await db
      .update(job)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(job.id, first ?? ''))
    await runDueJobs(db, [definition])
    expect((await rowOf(first)).state).toBe('done')
    const again = await enqueue(db, definition, { n: 5 }, { singletonKey: key })
    expect(again).toEqual(expect.any(String))
    expect(again).not.toBe(first)
  })
})

describe('transactions', () => {
  it('leaves no job behind when the enqueuing transaction rolls back', async () => {
    const definition = defineJob({
      name: uniqueName('rollback'),
      schema: counter,
      handler: async () => {},
    })
    await expect(
      db.transaction(async (tx) => {
        const id = await enqueue(tx, definition, { n: 1 })
        expect(id).toEqual(expect.any(String))
        throw new Error('the caller failed')
      }),
    ).rejects.toThrow('the caller failed')
    expect(await rowsNamed(definition.name)).toHaveLength(0)

    await db.transaction(async (tx) => {
      await enqueue(tx, definition, { n: 2 })
    })
    expect(await rowsNamed(definition.name)).toHaveLength(1)
  })
})

describe('cleanup', () => {
  async function insertAged(state: 'queued' | 'done' | 'failed', days: number) {
    const [row] = await db
      .insert(job)
      .values({
        name: uniqueName(`aged-${state}`),
        payload: {},
        state,
        createdAt: sql`now() - ${days} * interval '1 day'`,
        updatedAt: sql`now() - ${days} * interval '1 day'`,
      })
      .returning({ id: job.id })
    return row?.id ?? ''
  }

  async function remaining(ids: string[]) {
    const rows = await db.select({ id: job.id }).from(job).where(inArray(job.id, ids))
    return new Set(rows.map((row) => row.id))
  }

  it('deletes done jobs after 7 days and failed ones after 30, nothing else', async () => {
    const oldDone = await insertAged('done', 8)
    const recentDone = await insertAged('done', 6)
    const oldFailed = await insertAged('failed', 31)
    const recentFailed = await insertAged('failed', 29)
    const oldQueued = await insertAged('queued', 90)
    expect(await deleteOldJobs(db)).toBeGreaterThanOrEqual(2)
    const left = await remaining([oldDone, recentDone, oldFailed, recentFailed, oldQueued])
    expect(left).toEqual(new Set([recentDone, recentFailed, oldQueued]))
  })

  it('is done by the worker when it starts, then at most once per interval', async () => {
    const first = await insertAged('done', 10)
    const polls = countedPolls(db)
    const cleaner = startJobWorker({ db: polls.db, jobs: [], pollMs: 5, cleanupEveryMs: 60_000 })
    try {
      await waitFor(async () => (await remaining([first])).size === 0, 20_000)
      // Polls go on (two whole ones after the insert), but the next cleanup is an interval away.
      const second = await insertAged('done', 10)
      await polls.fullPoll()
      await polls.fullPoll()
      expect((await remaining([second])).size).toBe(1)
    } finally {
      await cleaner.stop()
    }
  })
})
