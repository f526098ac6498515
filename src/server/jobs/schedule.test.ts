import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineJob } from './jobs.server'
import { defineSchedule, nextSlot } from './schedule.server'

const LA = 'America/Los_Angeles'

/** The next `count` slots after `from`, each computed from the one before. */
function slots(cron: string, timeZone: string, from: string, count: number): string[] {
  const out: string[] = []
  let after = new Date(from)
  for (let n = 0; n < count; n += 1) {
    after = nextSlot(cron, timeZone, after)
    out.push(after.toISOString())
  }
  return out
}

describe('nextSlot', () => {
  it('is strictly after the given time, on the next whole minute', () => {
    expect(nextSlot('* * * * *', 'UTC', new Date('2026-05-01T10:00:00.000Z')).toISOString()).toBe(
      '2026-05-01T10:01:00.000Z',
    )
    expect(nextSlot('* * * * *', 'UTC', new Date('2026-05-01T10:00:59.999Z')).toISOString()).toBe(
      '2026-05-01T10:01:00.000Z',
    )
    expect(nextSlot('15 3 * * *', 'UTC', new Date('2026-05-01T03:15:00.000Z')).toISOString()).toBe(
      '2026-05-02T03:15:00.000Z',
    )
  })

  it('keeps a daily local time across the spring-forward change in Los Angeles', () => {
    // 2026-03-08 02:00 PST becomes 03:00 PDT: 09:00 local is 17:00Z before, 16:00Z after.
    expect(slots('0 9 * * *', LA, '2026-03-06T12:00:00Z', 4)).toEqual([
      '2026-03-06T17:00:00.000Z',
      '2026-03-07T17:00:00.000Z',
      '2026-03-08T16:00:00.000Z',
      '2026-03-09T16:00:00.000Z',
    ])
  })

  it('runs a fixed time that falls in the spring-forward gap once, at the end of the gap', () => {
    // 02:30 does not exist on 2026-03-08 in Los Angeles; 03:00 PDT is 10:00Z.
    expect(slots('30 2 * * *', LA, '2026-03-07T12:00:00Z', 3)).toEqual([
      '2026-03-08T10:00:00.000Z',
      '2026-03-09T09:30:00.000Z',
      '2026-03-10T09:30:00.000Z',
    ])
  })

  it('runs a fixed time that occurs twice at fall-back once, at its first occurrence', () => {
    // 2026-11-01 02:00 PDT becomes 01:00 PST: 01:30 happens at 08:30Z and again at 09:30Z.
    expect(slots('30 1 * * *', LA, '2026-10-31T12:00:00Z', 2)).toEqual([
      '2026-11-01T08:30:00.000Z',
      '2026-11-02T09:30:00.000Z',
    ])
  })

  it('runs an hourly schedule on both passes of the repeated hour, an hour apart', () => {
    expect(slots('0 * * * *', LA, '2026-11-01T07:30:00Z', 4)).toEqual([
      '2026-11-01T08:00:00.000Z',
      '2026-11-01T09:00:00.000Z',
      '2026-11-01T10:00:00.000Z',
      '2026-11-01T11:00:00.000Z',
    ])
  })

  it('reads the expression in its zone, not in UTC', () => {
    const after = new Date('2026-07-01T00:00:00Z')
    expect(nextSlot('0 0 * * *', 'UTC', after).toISOString()).toBe('2026-07-02T00:00:00.000Z')
    expect(nextSlot('0 0 * * *', LA, after).toISOString()).toBe('2026-07-01T07:00:00.000Z')
  })
})

describe('defineSchedule', () => {
  const job = defineJob({
    name: 'test.schedule.unit',
    schema: z.object({ scope: z.enum(['all', 'some']), label: z.string().trim() }),
    handler: async () => {},
  })

  it('defaults to UTC and stores the payload as the job schema parses it', () => {
    const schedule = defineSchedule({
      name: 'nightly',
      cron: '0 3 * * *',
      job,
      payload: { scope: 'all', label: '  nightly ' },
    })
    expect(schedule).toMatchObject({
      name: 'nightly',
      cron: '0 3 * * *',
      timeZone: 'UTC',
      payload: { scope: 'all', label: 'nightly' },
    })
    expect(schedule.job).toBe(job)
  })

  it('rejects bad expressions, six fields, unknown zones and dates that never come', () => {
    const define = (cron: string, timeZone?: string) => () =>
      defineSchedule({ name: 'bad', cron, timeZone, job, payload: { scope: 'all', label: '' } })
    expect(define('every day')).toThrow(/^schedule bad: /)
    expect(define('61 * * * *')).toThrow(/^schedule bad: /)
    expect(define('0 * * * * *')).toThrow(/^schedule bad: /)
    expect(define('0 3 * * *', 'Nowhere/City')).toThrow(/^schedule bad: /)
    expect(define('0 0 30 2 *')).toThrow(/^schedule bad: .*no slot/)
    expect(define('0 3 * * *', LA)).not.toThrow()
  })

  it('rejects a payload the job would refuse', () => {
    expect(() =>
      defineSchedule({
        name: 'bad-payload',
        cron: '0 3 * * *',
        job,
        // @ts-expect-error: not a scope the job knows
        payload: { scope: 'none', label: '' },
      }),
    ).toThrow(z.ZodError)
  })
})
