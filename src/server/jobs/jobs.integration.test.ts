import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { job } from '~/db/schema'
import { getDb } from '~/server/database.server'
import {
  claimJob,
  defineJob,
  deleteOldJobs,
  enqueue,
  type JobContext,
  JobLeaseLostError,
  PermanentJobError,
  runDueJobs,
} from './jobs.server'
import { openTestInstance } from './test-instances'
import { type JobWorker, startJobWorker } from './worker.server'

let db: Database
const workers: JobWorker[] = []

beforeAll(async () => {
  db = await getDb()
})

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()))
})

let sequence = 0
/** Every test has its own job names, so runs and workers of one test never see another's jobs. */
const uniqueName = (label: string) => `test.${label}.${++sequence}`

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const until = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`)
    await sleep(5)
  }
}

/** A promise with its resolve function, to hold a handler until the test lets it go. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

function worker(options: Omit<Parameters<typeof startJobWorker>[0], 'db'>): JobWorker {
  const started = startJobWorker({ db: () => Promise.resolve(db), pollMs: 20, ...options })
  workers.push(started)
  return started
}

async function rowOf(id: string | null) {
  const [row] = await db
    .select()
    .from(job)
    .where(eq(job.id, id ?? ''))
  if (!row) throw new Error(`no job ${id}`)
  return row
}

async function rowsNamed(name: string) {
  return db.select().from(job).where(eq(job.name, name))
}

const counter = z.object({ n: z.number().int().nonnegative() })

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
    const started = performance.now()
    expect(await runDueJobs(db, [definition], { until: 'idle' })).toMatchObject({ ran: 0 })
    expect(performance.now() - started).toBeLessThan(1000)
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
    const startedAt: number[] = []
    const definition = defineJob({
      name: uniqueName('retry'),
      schema: counter,
      maxAttempts: 3,
      backoffMs,
      handler: async (_payload, ctx) => {
        startedAt.push(performance.now())
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
    expect(startedAt).toHaveLength(3)
    const [first = 0, second = 0, third = 0] = startedAt
    expect(second - first).toBeGreaterThanOrEqual(backoffMs - 2)
    expect(third - second).toBeGreaterThanOrEqual(2 * backoffMs - 2)
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

describe('leases', () => {
  it('leaves a job with a live lease alone and takes it over once the lease expired', async () => {
    const attempts: number[] = []
    const definition = defineJob({
      name: uniqueName('lease'),
      schema: counter,
      handler: async (_payload, ctx) => {
        attempts.push(ctx.attempt)
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    // A process claims the job and dies without a word.
    const claimed = await claimJob(db, [definition])
    expect(claimed).toMatchObject({ id, state: 'active', attempts: 1 })
    expect(await runDueJobs(db, [definition])).toMatchObject({ ran: 0 })

    await db
      .update(job)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(job.id, id ?? ''))
    expect(await runDueJobs(db, [definition])).toMatchObject({ ran: 1, done: 1 })
    expect(attempts).toEqual([2])
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 2 })
  })

  it('a job killed mid-run is retried and finishes once', async () => {
    const running = gate()
    const afterDeath = gate()
    const started: number[] = []
    const finished: { n: number; attempt: number }[] = []
    const definition = defineJob({
      name: uniqueName('killed'),
      schema: counter,
      leaseMs: 300,
      backoffMs: 1,
      handler: async (payload, ctx) => {
        started.push(ctx.attempt)
        if (ctx.attempt === 1) {
          running.open()
          // The process dies here: nothing after this line runs while the job matters.
          await afterDeath.opened
          return
        }
        finished.push({ n: payload.n, attempt: ctx.attempt })
      },
    })
    const id = await enqueue(db, definition, { n: 3 })
    const doomed = await openTestInstance(db)
    const doomedWorker = startJobWorker({
      db: () => Promise.resolve(doomed.db),
      jobs: [definition],
      pollMs: 5,
      stopTimeoutMs: 10,
    })
    try {
      await running.opened
      expect(await rowOf(id)).toMatchObject({ state: 'active', attempts: 1 })
      // While its lease is renewed, a live instance leaves the job alone.
      expect(await claimJob(db, [definition])).toBeUndefined()
      await doomed.kill()

      const survivor = worker({ jobs: [definition], pollMs: 5 })
      await waitFor(async () => (await rowOf(id)).state === 'done')
      expect(started).toEqual([1, 2])
      expect(finished).toEqual([{ n: 3, attempt: 2 }])
      expect(await rowOf(id)).toMatchObject({
        state: 'done',
        attempts: 2,
        lockedUntil: null,
        lastError: null,
      })
      await survivor.stop()
    } finally {
      // A dead run that somehow came back records nothing: its database is gone.
      afterDeath.open()
      await doomedWorker.stop()
      await doomed.close()
    }
    await sleep(50)
    expect(started).toEqual([1, 2])
    expect(finished).toHaveLength(1)
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 2 })
  })

  it('fails a job whose process died during its last allowed attempt', async () => {
    let calls = 0
    const definition = defineJob({
      name: uniqueName('last'),
      schema: counter,
      maxAttempts: 1,
      handler: async () => {
        calls += 1
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    await claimJob(db, [definition])
    await db
      .update(job)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(job.id, id ?? ''))
    expect(await runDueJobs(db, [definition])).toMatchObject({ failed: 1 })
    expect(calls).toBe(0)
    expect(await rowOf(id)).toMatchObject({
      state: 'failed',
      lastError: 'lease expired during the last attempt',
    })
  })

  it('renews the lease while a handler runs longer than it, so nobody else takes the job', async () => {
    const running = gate()
    const release = gate()
    let runs = 0
    const definition = defineJob({
      name: uniqueName('renew'),
      schema: counter,
      leaseMs: 150,
      handler: async () => {
        runs += 1
        running.open()
        await release.opened
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    worker({ jobs: [definition] })
    await running.opened
    // Three lease lengths go by; a second claimer keeps trying and never gets it.
    const until = performance.now() + 450
    while (performance.now() < until) {
      expect(await claimJob(db, [definition])).toBeUndefined()
      await sleep(10)
    }
    release.open()
    await waitFor(async () => (await rowOf(id)).state === 'done')
    expect(runs).toBe(1)
    expect((await rowOf(id)).attempts).toBe(1)
  })

  it('aborts a run whose lease was taken over and drops its result', async () => {
    const running = gate()
    let reason: unknown
    let extendError: unknown
    const definition = defineJob({
      name: uniqueName('lost'),
      schema: counter,
      leaseMs: 60,
      handler: async (_payload, ctx) => {
        running.open()
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()))
        reason = ctx.signal.reason
        extendError = await ctx.extendLease().catch((error: unknown) => error)
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    const run = runDueJobs(db, [definition])
    await running.opened
    // Another worker took the job over after a missed renewal: its claim bumped the attempt
    // and set a lease of its own.
    await db
      .update(job)
      .set({ attempts: sql`${job.attempts} + 1`, lockedUntil: sql`now() + interval '1 hour'` })
      .where(eq(job.id, id ?? ''))
    expect(await run).toMatchObject({ ran: 1, done: 0, failed: 0, retried: 0 })
    expect(reason).toBeInstanceOf(JobLeaseLostError)
    expect(extendError).toBeInstanceOf(JobLeaseLostError)
    expect(await rowOf(id)).toMatchObject({ state: 'active', attempts: 2 })
  })
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
    worker({ jobs: [], pollMs: 5, cleanupEveryMs: 60_000 })
    await waitFor(async () => (await remaining([first])).size === 0)
    // Polls go on, but the next cleanup is an interval away.
    const second = await insertAged('done', 10)
    await sleep(60)
    expect((await remaining([second])).size).toBe(1)
  })
})
