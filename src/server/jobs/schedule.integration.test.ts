import { and, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { job, jobSchedule } from '~/db/schema'
import { db } from '../../../tests/support/database'
import { countedPolls } from '../../../tests/support/worker-polls'
import { defineJob, type JobDefinition, type JobLogger, runDueJobs } from './jobs.server'
import { defineSchedule, fireDueSchedules, type Schedule, syncSchedules } from './schedule.server'
import { openTestInstance, type TestInstance } from './test-instances'
import { type JobWorker, startJobWorker } from './worker.server'

const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

let sequence = 0
const uniqueName = (label: string) => `test.${label}.${++sequence}`

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const until = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`)
    await sleep(5)
  }
}

async function instance(): Promise<TestInstance> {
  const opened = await openTestInstance(db)
  cleanups.push(opened.close)
  return opened
}

function worker(options: Parameters<typeof startJobWorker>[0]): JobWorker {
  const started = startJobWorker(options)
  cleanups.push(started.stop)
  return started
}

const minutes = (n: number) => n * 60_000
const at = (iso: string) => new Date(iso)
const later = (date: Date, ms: number) => new Date(date.getTime() + ms)

const counter = z.object({ n: z.number().int() })

/** A job that counts its runs, and an every-minute schedule of it. */
function countedSchedule(label: string, cron = '* * * * *') {
  const runs: number[] = []
  const definition = defineJob({
    name: uniqueName(label),
    schema: counter,
    handler: async (payload) => {
      runs.push(payload.n)
    },
  })
  const schedule = defineSchedule({
    name: uniqueName(label),
    cron,
    job: definition,
    payload: { n: 7 },
  })
  return { runs, definition, schedule }
}

async function scheduleRow(name: string) {
  const [row] = await db.select().from(jobSchedule).where(eq(jobSchedule.name, name))
  if (!row) throw new Error(`no schedule row ${name}`)
  return row
}

async function jobsOf(definition: JobDefinition<z.infer<typeof counter>>) {
  return db.select().from(job).where(eq(job.name, definition.name))
}

describe('syncSchedules', () => {
  it('adds missing schedules at their next slot and leaves unchanged ones alone', async () => {
    const { schedule } = countedSchedule('sync')
    const hourly = defineSchedule({
      ...schedule,
      name: uniqueName('sync-hourly'),
      cron: '0 * * * *',
    })
    const now = at('2030-01-01T10:20:30Z')
    await syncSchedules(db, [schedule, hourly], now)
    expect(await scheduleRow(schedule.name)).toMatchObject({
      cron: '* * * * *',
      timeZone: 'UTC',
      nextRunAt: at('2030-01-01T10:21:00Z'),
      lastRunAt: null,
    })
    expect((await scheduleRow(hourly.name)).nextRunAt).toEqual(at('2030-01-01T11:00:00Z'))

    // A restart later keeps the slot it had (it may be due and fire at the next tick).
    await syncSchedules(db, [schedule, hourly], later(now, minutes(90)))
    expect((await scheduleRow(schedule.name)).nextRunAt).toEqual(at('2030-01-01T10:21:00Z'))
    expect((await scheduleRow(hourly.name)).nextRunAt).toEqual(at('2030-01-01T11:00:00Z'))
  })

  it('takes a changed expression or zone and recomputes the next slot', async () => {
    const { schedule } = countedSchedule('sync-change', '0 3 * * *')
    const now = at('2030-06-01T12:00:00Z')
    await syncSchedules(db, [schedule], now)
    expect((await scheduleRow(schedule.name)).nextRunAt).toEqual(at('2030-06-02T03:00:00Z'))

    const inLosAngeles = defineSchedule({ ...schedule, timeZone: 'America/Los_Angeles' })
    await syncSchedules(db, [inLosAngeles], now)
    expect(await scheduleRow(schedule.name)).toMatchObject({
      timeZone: 'America/Los_Angeles',
      nextRunAt: at('2030-06-02T10:00:00Z'),
    })

    const twiceDaily = defineSchedule({ ...inLosAngeles, cron: '0 3,15 * * *' })
    await syncSchedules(db, [twiceDaily], now)
    expect(await scheduleRow(schedule.name)).toMatchObject({
      cron: '0 3,15 * * *',
      nextRunAt: at('2030-06-01T22:00:00Z'),
    })
  })

  it('leaves rows of schedules it was not given alone', async () => {
    const { schedule } = countedSchedule('sync-other')
    const other = countedSchedule('sync-foreign').schedule
    const now = at('2030-01-01T00:00:00Z')
    await syncSchedules(db, [schedule, other], now)
    await syncSchedules(db, [schedule], later(now, minutes(30)))
    expect((await scheduleRow(other.name)).nextRunAt).toEqual(at('2030-01-01T00:01:00Z'))
  })
})

describe('fireDueSchedules', () => {
  it('fires a due schedule once: advances it and enqueues its job with a singleton key', async () => {
    const { definition, schedule } = countedSchedule('fire')
    const start = at('2030-01-01T00:00:10Z')
    await syncSchedules(db, [schedule], start)
    expect(await fireDueSchedules(db, [schedule], start)).toEqual([])
    expect(await jobsOf(definition)).toHaveLength(0)

    const now = at('2030-01-01T00:01:05Z')
    expect(await fireDueSchedules(db, [schedule], now)).toEqual([schedule.name])
    expect(await scheduleRow(schedule.name)).toMatchObject({
      nextRunAt: at('2030-01-01T00:02:00Z'),
      lastRunAt: now,
    })
    const rows = await jobsOf(definition)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      state: 'queued',
      payload: { n: 7 },
      singletonKey: `schedule:${schedule.name}`,
    })
    // The same tick again finds nothing due.
    expect(await fireDueSchedules(db, [schedule], now)).toEqual([])
    expect(await jobsOf(definition)).toHaveLength(1)
  })

  it('fires a schedule whose next_run_at holds microseconds (JS dates keep milliseconds)', async () => {
    const { definition, schedule } = countedSchedule('fire-micro')
    await syncSchedules(db, [schedule], at('2030-01-01T00:00:10Z'))
    // Written by SQL (now(), a hand edit, an older version): finer than a JS Date can hold.
    await db
      .update(jobSchedule)
      .set({ nextRunAt: sql`'2030-01-01 00:01:00.123456+00'::timestamptz` })
      .where(eq(jobSchedule.name, schedule.name))
    const now = at('2030-01-01T00:01:05Z')
    expect(await fireDueSchedules(db, [schedule], now)).toEqual([schedule.name])
    expect(await scheduleRow(schedule.name)).toMatchObject({
      nextRunAt: at('2030-01-01T00:02:00Z'),
      lastRunAt: now,
    })
    expect(await jobsOf(definition)).toHaveLength(1)
    expect(await fireDueSchedules(db, [schedule], now)).toEqual([])
    expect(await jobsOf(definition)).toHaveLength(1)
  })

  it('fires slots missed while every instance was down once, not once per slot', async () => {
    const { definition, schedule, runs } = countedSchedule('missed')
    await syncSchedules(db, [schedule], at('2030-01-01T00:00:00Z'))
    // Six hours of every-minute slots went by.
    const now = at('2030-01-01T06:00:30Z')
    expect(await fireDueSchedules(db, [schedule], now)).toEqual([schedule.name])
    expect((await scheduleRow(schedule.name)).nextRunAt).toEqual(at('2030-01-01T06:01:00Z'))
    await runDueJobs(db, [definition])
    expect(runs).toEqual([7])
    expect(await fireDueSchedules(db, [schedule], later(now, 1000))).toEqual([])
    expect(await jobsOf(definition)).toHaveLength(1)
  })

  it('does not queue a second run while the last one is still queued or running', async () => {
    const { definition, schedule, runs } = countedSchedule('overrun')
    await syncSchedules(db, [schedule], at('2030-01-01T00:00:00Z'))
    await fireDueSchedules(db, [schedule], at('2030-01-01T00:01:00Z'))
    // The next slot comes while the first run has not finished: the slot passes.
    expect(await fireDueSchedules(db, [schedule], at('2030-01-01T00:02:00Z'))).toEqual([
      schedule.name,
    ])
    expect(await jobsOf(definition)).toHaveLength(1)
    expect((await scheduleRow(schedule.name)).nextRunAt).toEqual(at('2030-01-01T00:03:00Z'))

    await runDueJobs(db, [definition])
    await fireDueSchedules(db, [schedule], at('2030-01-01T00:03:00Z'))
    await runDueJobs(db, [definition])
    expect(runs).toEqual([7, 7])
    expect(await jobsOf(definition)).toHaveLength(2)
  })

  it('advances the schedule only together with its job: a failed enqueue leaves the slot due', async () => {
    const { definition, schedule } = countedSchedule('atomic')
    await syncSchedules(db, [schedule], at('2030-01-01T00:00:00Z'))
    // Written by hand past defineSchedule's check, so enqueue rejects the payload.
    const broken: Schedule<z.infer<typeof counter>> = { ...schedule, payload: { n: 1.5 } }
    await expect(fireDueSchedules(db, [broken], at('2030-01-01T00:01:30Z'))).rejects.toThrow()
    expect(await scheduleRow(schedule.name)).toMatchObject({
      nextRunAt: at('2030-01-01T00:01:00Z'),
      lastRunAt: null,
    })
    expect(await jobsOf(definition)).toHaveLength(0)
    expect(await fireDueSchedules(db, [schedule], at('2030-01-01T00:01:30Z'))).toEqual([
      schedule.name,
    ])
  })

  it('concurrent calls from two instances: exactly one wins each slot', async () => {
    const { definition, schedule, runs } = countedSchedule('race')
    const [one, two] = [await instance(), await instance()]
    const start = at('2030-01-01T00:00:00Z')
    await syncSchedules(one.db, [schedule], start)
    const slots = 25
    for (let slot = 1; slot <= slots; slot += 1) {
      const now = later(start, minutes(slot) + 500)
      const fired = await Promise.all(
        [one, two, one, two].map((side) => fireDueSchedules(side.db, [schedule], now)),
      )
      expect(fired.flat()).toEqual([schedule.name])
      // Finish the run, so only the schedule row (not the singleton key) can stop a second one.
      await runDueJobs(db, [definition])
    }
    expect(runs).toHaveLength(slots)
    const rows = await jobsOf(definition)
    expect(rows).toHaveLength(slots)
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true)
  })
})

describe('scheduled jobs in workers', () => {
  it('two app instances on one PostgreSQL run a scheduled job once', async () => {
    const { definition, schedule, runs } = countedSchedule('instances')
    let now = at('2030-01-01T00:00:30Z')
    const clock = () => now
    // Every fire is logged (enqueued or skipped as an overrun): count them across instances.
    const fires: string[] = []
    const errors: string[] = []
    const logger: JobLogger = {
      debug: () => {},
      info: (msg) => {
        if (msg === 'schedule fired') fires.push(msg)
      },
      warn: (msg) => {
        if (msg.startsWith('scheduled job still queued')) fires.push(msg)
      },
      error: (msg) => {
        errors.push(msg)
      },
    }
    const [one, two] = [await instance(), await instance()]
    const polls = [one, two].map((side) => countedPolls(side.db))
    /** Both workers ran a whole poll (firing what was due) after this call. */
    const bothPolled = () => Promise.all(polls.map((counted) => counted.fullPoll()))
    for (const counted of polls) {
      worker({
        db: counted.db,
        jobs: [definition],
        schedules: [schedule],
        clock,
        logger,
        pollMs: 2,
        concurrency: 2,
      })
    }
    await waitFor(async () => {
      const rows = await db.select().from(jobSchedule).where(eq(jobSchedule.name, schedule.name))
      return rows.length === 1
    })

    const done = async (count: number) => {
      const rows = await db
        .select()
        .from(job)
        .where(and(eq(job.name, definition.name), eq(job.state, 'done')))
      return rows.length === count
    }
    const slots = 12
    for (let slot = 1; slot <= slots; slot += 1) {
      now = later(now, minutes(1))
      await waitFor(() => done(slot))
      // Both workers keep ticking on the same minute; nothing more may fire.
      await bothPolled()
      expect(runs).toHaveLength(slot)
      expect(fires).toHaveLength(slot)
    }
    // Both instances were down for a day: one run, not 1,440.
    now = later(now, minutes(24 * 60))
    await waitFor(() => done(slots + 1))
    await bothPolled()

    expect(runs).toHaveLength(slots + 1)
    expect(fires).toEqual(Array(slots + 1).fill('schedule fired'))
    expect(errors).toEqual([])
    const rows = await jobsOf(definition)
    expect(rows).toHaveLength(slots + 1)
    expect(rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true)
    expect(await scheduleRow(schedule.name)).toMatchObject({
      lastRunAt: now,
      nextRunAt: at('2030-01-02T00:13:00Z'),
    })
  })

  it('refuses a schedule whose job the worker does not run', () => {
    const { schedule } = countedSchedule('unknown-job')
    expect(() =>
      startJobWorker({ db: () => Promise.resolve(db), jobs: [], schedules: [schedule] }),
    ).toThrow(/is not in jobs/)
  })
})
