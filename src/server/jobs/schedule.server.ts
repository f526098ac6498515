import { Cron } from 'croner'
import { and, eq, gte, inArray, lt, lte, ne, or } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { jobSchedule } from '~/db/schema'
import { log } from '~/server/logger.server'
import { enqueue, type JobDefinition, type JobLogger } from './jobs.server'

// The instance whose compare-and-set on `next_run_at` wins enqueues the job in the same transaction: a slot fires once.

export type Schedule<T = unknown> = {
  readonly name: string
  readonly cron: string
  readonly timeZone: string
  readonly job: JobDefinition<T>
  readonly payload: T
}

function parseCron(cron: string, timeZone: string): Cron {
  return new Cron(cron, { timezone: timeZone, mode: '5-part' })
}

/** Across DST croner follows Vixie cron: a time in the gap runs at its end, a repeated one at its first pass. */
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

/** Adds missing schedules and updates changed ones; unknown rows stay. Safe from several instances at once. */
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

// PostgreSQL keeps microseconds and a JS Date milliseconds, so match the millisecond it truncated to.
function sameInstant(read: Date) {
  return and(
    gte(jobSchedule.nextRunAt, read),
    lt(jobSchedule.nextRunAt, new Date(read.getTime() + 1)),
  )
}

/**
 * Only the transaction whose update of `next_run_at` wins enqueues, with singleton key
 * `schedule:<name>` so an overrunning run is not queued twice. Missed slots fire once.
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
