import { Cron } from 'croner'
import { and, eq, gte, inArray, lt, lte, ne, or } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { jobSchedule } from '~/db/schema'
import { log } from '~/server/logger.server'
import { enqueue, type JobDefinition, type JobLogger } from './jobs.server'

/**
 * Cron-like schedules on the `job_schedule` table (decision 0017, "Schedules").
 * Each schedule has one row whose `next_run_at` is advanced with a
 * compare-and-set; the instance whose update wins enqueues the job in the
 * same transaction, so however many instances tick, a slot fires once.
 */

export type Schedule<T = unknown> = {
  readonly name: string
  /** Five fields: minute hour day-of-month month day-of-week. */
  readonly cron: string
  /** IANA time zone the expression is read in, e.g. America/Los_Angeles. */
  readonly timeZone: string
  readonly job: JobDefinition<T>
  readonly payload: T
}

function parseCron(cron: string, timeZone: string): Cron {
  return new Cron(cron, { timezone: timeZone, mode: '5-part' })
}

/**
 * The first slot of `cron` in `timeZone` strictly after `after`. Across DST,
 * croner follows Vixie cron: a fixed time in the spring-forward gap runs at
 * the end of the gap, a fixed time that occurs twice runs at its first
 * occurrence, and wildcard/step fields run on both passes of a repeated hour.
 */
export function nextSlot(cron: string, timeZone: string, after: Date): Date {
  const next = parseCron(cron, timeZone).nextRun(after)
  if (!next) throw new Error(`cron "${cron}" has no slot after ${after.toISOString()}`)
  return next
}

export function defineSchedule<T>(options: {
  name: string
  cron: string
  timeZone?: string
  job: JobDefinition<T>
  payload: NoInfer<T>
}): Schedule<T> {
  const { name, cron, job } = options
  const timeZone = options.timeZone ?? 'UTC'
  try {
    // Fails at start-up, not at the first tick: bad fields, unknown zones, impossible dates.
    nextSlot(cron, timeZone, new Date())
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`schedule ${name}: ${reason}`)
  }
  const payload = job.schema.parse(options.payload)
  return { name, cron, timeZone, job, payload }
}

function byNameOf(schedules: readonly Schedule[]): Map<string, Schedule> {
  const byName = new Map(schedules.map((schedule) => [schedule.name, schedule]))
  if (byName.size !== schedules.length) throw new Error('schedule names must be unique')
  return byName
}

/**
 * Makes the table know every schedule: missing rows are added with their
 * next slot after `now`; a row whose expression or zone changed gets them and
 * a recomputed next slot; other rows (and rows of schedules this version does
 * not know) stay as they are. Safe to run from several instances at once.
 */
export async function syncSchedules(
  db: Database,
  schedules: readonly Schedule[],
  now: Date,
): Promise<void> {
  const byName = byNameOf(schedules)
  if (byName.size === 0) return
  const rows = await db
    .select({ name: jobSchedule.name, cron: jobSchedule.cron, timeZone: jobSchedule.timeZone })
    .from(jobSchedule)
    .where(inArray(jobSchedule.name, [...byName.keys()]))
  const existing = new Map(rows.map((row) => [row.name, row]))
  for (const schedule of schedules) {
    const row = existing.get(schedule.name)
    const nextRunAt = nextSlot(schedule.cron, schedule.timeZone, now)
    if (!row) {
      await db
        .insert(jobSchedule)
        .values({
          name: schedule.name,
          cron: schedule.cron,
          timeZone: schedule.timeZone,
          nextRunAt,
        })
        // Another instance added it a moment ago; its slot is as good as ours.
        .onConflictDoNothing()
    } else if (row.cron !== schedule.cron || row.timeZone !== schedule.timeZone) {
      await db
        .update(jobSchedule)
        .set({ cron: schedule.cron, timeZone: schedule.timeZone, nextRunAt })
        .where(
          and(
            eq(jobSchedule.name, schedule.name),
            or(ne(jobSchedule.cron, schedule.cron), ne(jobSchedule.timeZone, schedule.timeZone)),
          ),
        )
    }
  }
}

/**
 * `next_run_at` still holds the value read as `read`. PostgreSQL keeps
 * microseconds and a JS Date only milliseconds (both drivers truncate), so an
 * equality would never match a value written by SQL; the millisecond it
 * truncated to is matched instead.
 */
function sameInstant(read: Date) {
  return and(
    gte(jobSchedule.nextRunAt, read),
    lt(jobSchedule.nextRunAt, new Date(read.getTime() + 1)),
  )
}

/**
 * Fires the schedules whose slot has come: for each, one transaction moves
 * `next_run_at` from the value read to the next slot after `now` (only if
 * nobody moved it meanwhile) and, if that update won, enqueues the job with
 * singleton key `schedule:<name>`, so an overrunning run is not queued twice.
 * Slots missed while no instance ran fire once, not once each. Returns the
 * names this call fired.
 */
export async function fireDueSchedules(
  db: Database,
  schedules: readonly Schedule[],
  now: Date,
  options: { logger?: JobLogger } = {},
): Promise<string[]> {
  const byName = byNameOf(schedules)
  if (byName.size === 0) return []
  const logger = options.logger ?? log
  const due = await db
    .select({ name: jobSchedule.name, nextRunAt: jobSchedule.nextRunAt })
    .from(jobSchedule)
    .where(and(inArray(jobSchedule.name, [...byName.keys()]), lte(jobSchedule.nextRunAt, now)))
  const fired: string[] = []
  for (const row of due) {
    const schedule = byName.get(row.name)
    if (!schedule) continue
    const nextRunAt = nextSlot(schedule.cron, schedule.timeZone, now)
    const outcome = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(jobSchedule)
        .set({ nextRunAt, lastRunAt: now })
        .where(and(eq(jobSchedule.name, row.name), sameInstant(row.nextRunAt)))
        .returning({ name: jobSchedule.name })
      if (!won) return 'lost' as const
      const id = await enqueue(tx, schedule.job, schedule.payload, {
        singletonKey: `schedule:${schedule.name}`,
      })
      return id ? ('enqueued' as const) : ('overrun' as const)
    })
    if (outcome === 'lost') continue
    fired.push(schedule.name)
    const fields = { schedule: schedule.name, slot: row.nextRunAt.toISOString() }
    if (outcome === 'overrun')
      logger.warn('scheduled job still queued or running; slot skipped', fields)
    else logger.info('schedule fired', fields)
  }
  return fired
}
