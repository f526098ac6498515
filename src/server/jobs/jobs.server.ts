import { and, eq, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { Database } from '~/db/client.server'
import { job } from '~/db/schema'
import { jobErrorText } from '~/server/jobs/job-error'
import { log } from '~/server/logger.server'

// Delivery is at least once (decision 0017): a handler may run again after a crash or a lost lease.

export type JobContext = {
  jobId: string
  attempt: number
  /** Aborted when the worker stops or the lease was taken over by another worker. */
  signal: AbortSignal
  /** Throws when the lease was lost. Not inside an open transaction: PGlite would wait for it. */
  extendLease(): Promise<void>
}

export type JobDefinition<T = unknown> = {
  readonly name: string
  readonly schema: z.ZodType<T>
  readonly maxAttempts: number
  /** First retry delay; doubled on every further attempt. */
  readonly backoffMs: number
  /** How long a claim lasts without renewal before another worker may take the job. */
  readonly leaseMs: number
  // Method syntax on purpose: definitions of different payloads share one JobDefinition[] list.
  handler(payload: T, ctx: JobContext): Promise<void>
}

export type JobLogger = typeof log

export const JOB_DEFAULTS = { maxAttempts: 5, backoffMs: 10_000, leaseMs: 60_000 } as const
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000
const MAX_ERROR_LENGTH = 2000

export function defineJob<T>(options: {
  name: string
  schema: z.ZodType<T>
  handler: (payload: T, ctx: JobContext) => Promise<void>
  maxAttempts?: number
  backoffMs?: number
  leaseMs?: number
}): JobDefinition<T> {
  const { name, schema, handler } = options
  const maxAttempts = options.maxAttempts ?? JOB_DEFAULTS.maxAttempts
  const backoffMs = options.backoffMs ?? JOB_DEFAULTS.backoffMs
  const leaseMs = options.leaseMs ?? JOB_DEFAULTS.leaseMs
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error(`job ${name}: maxAttempts must be a positive integer`)
  }
  if (!(backoffMs >= 0) || !(leaseMs > 0)) {
    throw new Error(`job ${name}: backoffMs must be ≥ 0 and leaseMs > 0`)
  }
  return { name, schema, maxAttempts, backoffMs, leaseMs, handler }
}

/** Thrown by a handler to fail the job at once, without retries. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError'
}

/** The lease of a running job ended up with another worker; this run's result is dropped. */
export class JobLeaseLostError extends Error {
  override name = 'JobLeaseLostError'
}

/** Up to 25 % jitter on top of the plain exponential delay, so instances retrying together spread out. */
export function retryDelayMs(attempt: number, backoffMs: number, random = Math.random): number {
  const exponential = Math.min(backoffMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS)
  return Math.round(exponential * (1 + random() * 0.25))
}

const wakeListeners = new Set<() => void>()

/** Workers in this process listen here so a job enqueued here starts within milliseconds. */
export function onJobEnqueued(listener: () => void): () => void {
  wakeListeners.add(listener)
  return () => {
    wakeListeners.delete(listener)
  }
}

/** With the caller's transaction as `db`, the job exists only if it commits; null when the singleton is taken. */
export async function enqueue<T>(
  db: Database,
  definition: JobDefinition<T>,
  payload: NoInfer<T>,
  options: { runAt?: Date; singletonKey?: string } = {},
): Promise<string | null> {
  const parsed = definition.schema.parse(payload)
  const [row] = await db
    .insert(job)
    .values({
      name: definition.name,
      payload: parsed,
      maxAttempts: definition.maxAttempts,
      runAt: options.runAt ?? sql`now()`,
      singletonKey: options.singletonKey ?? null,
    })
    // Only the partial unique index on singleton_key can conflict (ids are random).
    .onConflictDoNothing()
    .returning({ id: job.id })
  if (!row) return null
  for (const wake of wakeListeners) wake()
  return row.id
}

/** Makes the queued singleton due now with its attempts renewed, or enqueues it; null when one is running. */
export async function enqueueNow<T>(
  db: Database,
  definition: JobDefinition<T>,
  payload: NoInfer<T>,
  singletonKey: string,
): Promise<string | null> {
  const [hurried] = await db
    .update(job)
    .set({ runAt: sql`now()`, attempts: 0, updatedAt: sql`now()` })
    .where(and(eq(job.singletonKey, singletonKey), eq(job.state, 'queued')))
    .returning({ id: job.id })
  if (hurried) {
    for (const wake of wakeListeners) wake()
    return hurried.id
  }
  return enqueue(db, definition, payload, { singletonKey })
}

export type JobRow = typeof job.$inferSelect

function msInterval(ms: SQL | number): SQL {
  return sql`(${ms})::double precision * interval '1 millisecond'`
}

/**
 * Takes the next due job under a lease: queued and due, or active with an expired lease.
 * SKIP LOCKED makes each claim exclusive on PostgreSQL; PGlite runs statements one at a time.
 */
export async function claimJob(
  db: Database,
  jobs: readonly JobDefinition[],
  exclude: readonly string[] = [],
): Promise<JobRow | undefined> {
  if (jobs.length === 0) return undefined
  const names = jobs.map((definition) => definition.name)
  const due = or(
    and(eq(job.state, 'queued'), sql`${job.runAt} <= now()`),
    and(eq(job.state, 'active'), sql`${job.lockedUntil} < now()`),
  )
  const next = db
    .select({ id: job.id })
    .from(job)
    .where(
      and(
        inArray(job.name, names),
        due,
        exclude.length > 0 ? notInArray(job.id, [...exclude]) : undefined,
      ),
    )
    .orderBy(job.runAt)
    .limit(1)
    .for('update', { skipLocked: true })
  const lease = sql`case ${job.name} ${sql.join(
    jobs.map((definition) => sql`when ${definition.name} then ${definition.leaseMs}::integer`),
    sql` `,
  )} end`
  const [row] = await db
    .update(job)
    .set({
      state: 'active',
      attempts: sql`${job.attempts} + 1`,
      lockedUntil: sql`now() + ${msInterval(lease)}`,
      updatedAt: sql`now()`,
    })
    .where(sql`${job.id} = (${next})`)
    .returning()
  return row
}

/**
 * Ends the leases on `jobs` at once. Only for a database no other process uses (PGlite
 * under its lock): on a shared PostgreSQL a live instance may hold them.
 */
export async function reclaimLeases(db: Database, jobs: readonly JobDefinition[]): Promise<number> {
  if (jobs.length === 0) return 0
  const reclaimed = await db
    .update(job)
    .set({ lockedUntil: sql`now() - interval '1 millisecond'`, updatedAt: sql`now()` })
    .where(
      and(
        eq(job.state, 'active'),
        inArray(
          job.name,
          jobs.map((definition) => definition.name),
        ),
        sql`${job.lockedUntil} >= now()`,
      ),
    )
    .returning({ id: job.id })
  return reclaimed.length
}

function ownRun(row: JobRow) {
  return and(eq(job.id, row.id), eq(job.attempts, row.attempts), eq(job.state, 'active'))
}

async function renewLease(db: Database, row: JobRow, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(job)
    .set({ lockedUntil: sql`now() + ${msInterval(leaseMs)}`, updatedAt: sql`now()` })
    .where(ownRun(row))
    .returning({ id: job.id })
  return renewed.length > 0
}

/** Puts a claimed job back unclaimed (the worker is stopping); the attempt is not counted. */
export async function releaseJob(db: Database, row: JobRow): Promise<void> {
  await db
    .update(job)
    .set({
      state: 'queued',
      attempts: sql`${job.attempts} - 1`,
      runAt: sql`now()`,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(ownRun(row))
}

function errorText(error: unknown): string {
  return jobErrorText(error, MAX_ERROR_LENGTH)
}

export type JobOutcome = 'done' | 'retried' | 'failed' | 'released' | 'lost'

/** Every write is fenced by the attempt number, so a run whose lease was taken over changes nothing. */
export async function runClaimedJob(
  db: Database,
  definition: JobDefinition,
  row: JobRow,
  options: { logger?: JobLogger; stopping?: AbortSignal } = {},
): Promise<JobOutcome> {
  const logger = options.logger ?? log
  const fields = { job: row.name, jobId: row.id, attempt: row.attempts }

  const finish = async (
    outcome: JobOutcome,
    values: PgUpdateSetSource<typeof job>,
  ): Promise<JobOutcome> => {
    const updated = await db
      .update(job)
      .set({ lockedUntil: null, updatedAt: sql`now()`, ...values })
      .where(ownRun(row))
      .returning({ id: job.id })
    if (updated.length > 0) return outcome
    logger.warn('job lease lost before the run ended; its result is dropped', fields)
    return 'lost'
  }
  const fail = (message: string) => {
    logger.error('job failed', { ...fields, error: message })
    return finish('failed', { state: 'failed', lastError: message })
  }

  // The worker died during the last allowed attempt: nothing is left to try.
  if (row.attempts > row.maxAttempts) {
    return fail('lease expired during the last attempt')
  }
  const payload = definition.schema.safeParse(row.payload)
  if (!payload.success) return fail(`invalid payload: ${errorText(payload.error)}`)

  const controller = new AbortController()
  const onStop = () => controller.abort(options.stopping?.reason)
  if (options.stopping?.aborted) onStop()
  options.stopping?.addEventListener('abort', onStop, { once: true })

  const extendLease = async () => {
    if (await renewLease(db, row, definition.leaseMs)) return
    const lost = new JobLeaseLostError(`job ${row.id} is no longer held by this run`)
    controller.abort(lost)
    throw lost
  }
  const renewal = setInterval(
    () => {
      extendLease().catch((error: unknown) => {
        if (!(error instanceof JobLeaseLostError)) {
          logger.warn('job lease renewal failed', { ...fields, error: errorText(error) })
        }
      })
    },
    Math.max(10, Math.floor(definition.leaseMs / 3)),
  )
  renewal.unref()

  const started = performance.now()
  let failure: { error: unknown } | undefined
  try {
    await definition.handler(payload.data, {
      jobId: row.id,
      attempt: row.attempts,
      signal: controller.signal,
      extendLease,
    })
  } catch (error) {
    failure = { error }
  } finally {
    clearInterval(renewal)
    options.stopping?.removeEventListener('abort', onStop)
  }
  const ms = Math.round(performance.now() - started)

  if (!failure) {
    logger.info('job done', { ...fields, ms })
    return finish('done', { state: 'done', lastError: null })
  }
  const message = errorText(failure.error)
  if (controller.signal.reason instanceof JobLeaseLostError) {
    logger.warn('job lease lost during the run; its result is dropped', { ...fields, ms })
    return 'lost'
  }
  if (failure.error instanceof PermanentJobError) return fail(message)
  if (options.stopping?.aborted) {
    logger.info('job interrupted by shutdown; released', { ...fields, ms })
    return finish('released', {
      state: 'queued',
      attempts: sql`${job.attempts} - 1`,
      runAt: sql`now()`,
      lastError: message,
    })
  }
  if (row.attempts >= row.maxAttempts) return fail(message)
  const delay = retryDelayMs(row.attempts, definition.backoffMs)
  logger.warn('job failed; retrying', { ...fields, error: message, retryInMs: delay })
  return finish('retried', {
    state: 'queued',
    runAt: sql`now() + ${msInterval(delay)}`,
    lastError: message,
  })
}

export const RETENTION_DAYS = { done: 7, failed: 30 } as const

export async function deleteOldJobs(db: Database): Promise<number> {
  const deleted = await db
    .delete(job)
    .where(
      or(
        and(
          eq(job.state, 'done'),
          lt(job.updatedAt, sql`now() - ${RETENTION_DAYS.done} * interval '1 day'`),
        ),
        and(
          eq(job.state, 'failed'),
          lt(job.updatedAt, sql`now() - ${RETENTION_DAYS.failed} * interval '1 day'`),
        ),
      ),
    )
    .returning({ id: job.id })
  return deleted.length
}

export type RunSummary = { ran: number; done: number; retried: number; failed: number }

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs the due jobs in this process and returns when none is due (tests, scripts). Alone it
 * is one pass; `until: 'idle'` also runs retries and waits for jobs due within `horizonMs`.
 */
export async function runDueJobs(
  db: Database,
  jobs: readonly JobDefinition[],
  options: { until?: 'idle'; horizonMs?: number; logger?: JobLogger } = {},
): Promise<RunSummary> {
  const summary: RunSummary = { ran: 0, done: 0, retried: 0, failed: 0 }
  const byName = new Map(jobs.map((definition) => [definition.name, definition]))
  const ran: string[] = []
  for (;;) {
    const row = await claimJob(db, jobs, options.until === 'idle' ? [] : ran)
    if (row) {
      ran.push(row.id)
      const definition = byName.get(row.name)
      if (!definition) throw new Error(`claimed a job without a definition: ${row.name}`)
      const outcome = await runClaimedJob(db, definition, row, { logger: options.logger })
      summary.ran += 1
      if (outcome === 'done' || outcome === 'retried' || outcome === 'failed') {
        summary[outcome] += 1
      }
      continue
    }
    if (options.until !== 'idle') return summary
    const wait = await msUntilNextDue(db, jobs)
    if (wait === undefined || wait > (options.horizonMs ?? 2000)) return summary
    await sleep(Math.max(1, wait))
  }
}

async function msUntilNextDue(
  db: Database,
  jobs: readonly JobDefinition[],
): Promise<number | undefined> {
  const [next] = await db
    .select({
      ms: sql<number>`extract(epoch from min(${job.runAt}) - now()) * 1000`.mapWith(Number),
    })
    .from(job)
    .where(
      and(
        eq(job.state, 'queued'),
        inArray(
          job.name,
          jobs.map((definition) => definition.name),
        ),
      ),
    )
  return next && Number.isFinite(next.ms) ? Math.ceil(next.ms) : undefined
}
