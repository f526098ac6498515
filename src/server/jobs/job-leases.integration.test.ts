import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { job } from '~/db/schema'
import { db } from '../../../tests/support/database'
import { counter, gate, jobSuite, uniqueName, waitFor } from '../../../tests/support/job-suite'
import { countedPolls } from '../../../tests/support/worker-polls'
import {
  claimJob,
  defineJob,
  enqueue,
  JobLeaseLostError,
  type JobLogger,
  reclaimLeases,
  runDueJobs,
} from './jobs.server'
import { openTestInstance } from './test-instances'
import { startJobWorker } from './worker.server'

const { worker, rowOf } = jobSuite()
const quiet: JobLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} }

/** The database's clock, in ms: leases are decided by it. */
async function databaseNow(): Promise<number> {
  const result = await db.execute(sql`select extract(epoch from now()) * 1000 as now`)
  const [row] = z.object({ rows: z.array(z.object({ now: z.coerce.number() })) }).parse(result).rows
  return row?.now ?? Number.NaN
}

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
      leaseMs: 1000,
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
    const doomedErrors: string[] = []
    const doomedWorker = startJobWorker({
      db: () => Promise.resolve(doomed.db),
      jobs: [definition],
      pollMs: 5,
      // Its stop() waits for the dead run to settle, whatever it takes.
      stopTimeoutMs: 600_000,
      logger: { ...quiet, error: (msg) => doomedErrors.push(msg) },
    })
    try {
      await running.opened
      expect(await rowOf(id)).toMatchObject({ state: 'active', attempts: 1 })
      // While its lease is renewed, a live instance leaves the job alone.
      expect(await claimJob(db, [definition])).toBeUndefined()
      await doomed.kill()

      const survivor = worker({ jobs: [definition], pollMs: 5 })
      await waitFor(async () => (await rowOf(id)).state === 'done', 20_000)
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
    // The dead run came back, tried to record its outcome and could not.
    expect(doomedErrors).toContain('job outcome not recorded')
    expect(started).toEqual([1, 2])
    expect(finished).toHaveLength(1)
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 2 })
  })

  it('a sole owner (PGlite, locked) takes back at start the live lease its dead predecessor left', async () => {
    const attempts: number[] = []
    /** When each run started, by the database's clock. */
    const startedAt: number[] = []
    const definition = defineJob({
      name: uniqueName('reclaim'),
      schema: counter,
      handler: async (_payload, ctx) => {
        attempts.push(ctx.attempt)
        startedAt.push(await databaseNow())
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    // The previous process claimed it (a 60 s lease) and crashed.
    const dead = await claimJob(db, [definition])
    expect(dead).toMatchObject({ id, state: 'active' })
    worker({ jobs: [definition], soleOwner: true, pollMs: 5 })
    await waitFor(async () => (await rowOf(id)).state === 'done', 20_000)
    expect(attempts).toEqual([2])
    // Taken back while the dead process's lease still ran, not after it ran out.
    expect(startedAt[0]).toBeLessThan(dead?.lockedUntil?.getTime() ?? 0)
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
    const polls = countedPolls(db)
    // Two whole polls, the first at start: where a sole owner would have taken the lease back.
    const twoPolls = polls.next(3)
    const sharing = startJobWorker({ db: polls.db, jobs: [definition], pollMs: 5 })
    try {
      await twoPolls
    } finally {
      await sharing.stop()
    }
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
      leaseMs: 1000,
      handler: async () => {
        runs += 1
        running.open()
        await release.opened
      },
    })
    const id = await enqueue(db, definition, { n: 1 })
    worker({ jobs: [definition] })
    await running.opened
    const first = (await rowOf(id)).lockedUntil?.getTime() ?? 0
    // Until the database's clock is a lease length past the lease first seen, a second claimer
    // keeps trying and never gets it: the lease was renewed.
    do {
      expect(await claimJob(db, [definition])).toBeUndefined()
      // PGlite answers without real I/O: yield, so the worker's renewal timer gets its turn.
      await new Promise((resolve) => setImmediate(resolve))
    } while ((await databaseNow()) < first + 1000)
    expect((await rowOf(id)).lockedUntil?.getTime()).toBeGreaterThan(first)
    release.open()
    await waitFor(async () => (await rowOf(id)).state === 'done', 20_000)
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
