import { eq, sql } from 'drizzle-orm'
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
import {
  claimJob,
  defineJob,
  enqueue,
  JobLeaseLostError,
  reclaimLeases,
  runDueJobs,
} from './jobs.server'
import { openTestInstance } from './test-instances'
import { startJobWorker } from './worker.server'

const { database, worker, rowOf } = jobSuite()
let db: Database
beforeAll(() => {
  db = database()
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

  it('a sole owner (PGlite, locked) takes back at start the live lease its dead predecessor left', async () => {
    const attempts: number[] = []
    const definition = defineJob({
      name: uniqueName('reclaim'),
      schema: counter,
      handler: async (_payload, ctx) => {
        attempts.push(ctx.attempt)
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    // The previous process claimed it (a 60 s lease) and crashed.
    expect(await claimJob(db, [definition])).toMatchObject({ id, state: 'active' })
    const started = performance.now()
    worker({ jobs: [definition], soleOwner: true, pollMs: 5 })
    await waitFor(async () => (await rowOf(id)).state === 'done', 5000)
    expect(performance.now() - started).toBeLessThan(5000)
    expect(attempts).toEqual([2])
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 2 })
  })

  it('a worker that may share its database (PostgreSQL) never takes a live lease at start', async () => {
    let runs = 0
    const definition = defineJob({
      name: uniqueName('shared'),
      schema: counter,
      handler: async () => {
        runs += 1
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    const claimed = await claimJob(db, [definition])
    worker({ jobs: [definition], pollMs: 5 })
    await sleep(300)
    expect(runs).toBe(0)
    expect(await rowOf(id)).toMatchObject({
      state: 'active',
      attempts: 1,
      lockedUntil: claimed?.lockedUntil,
    })
  })

  it('reclaims only the leases of the jobs it is given', async () => {
    const mine = defineJob({ name: uniqueName('mine'), schema: counter, handler: async () => {} })
    const other = defineJob({ name: uniqueName('other'), schema: counter, handler: async () => {} })
    const mineId = await enqueue(db, mine, { n: 1 })
    const otherId = await enqueue(db, other, { n: 1 })
    await claimJob(db, [mine])
    const otherClaim = await claimJob(db, [other])
    expect(await reclaimLeases(db, [mine])).toBe(1)
    expect(await claimJob(db, [mine])).toMatchObject({ id: mineId, attempts: 2 })
    expect(await rowOf(otherId)).toMatchObject({ lockedUntil: otherClaim?.lockedUntil })
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
