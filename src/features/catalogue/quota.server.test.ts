import { describe, expect, it } from 'vitest'
import { nextQuotaReset, quotaDay } from './quota.server'

describe('the quota day (Pacific time)', () => {
  it('changes at midnight in Los Angeles, not at midnight UTC', () => {
    expect(quotaDay(new Date('2031-01-16T07:59:59Z'))).toBe('2031-01-15')
    expect(quotaDay(new Date('2031-01-16T08:00:00Z'))).toBe('2031-01-16')
    expect(quotaDay(new Date('2031-07-16T06:59:59Z'))).toBe('2031-07-15')
    expect(quotaDay(new Date('2031-07-16T07:00:00Z'))).toBe('2031-07-16')
  })

  it('resets at the next Pacific midnight: 08:00 UTC in winter, 07:00 UTC in summer', () => {
    expect(nextQuotaReset(new Date('2031-01-15T18:00:00Z')).toISOString()).toBe(
      '2031-01-16T08:00:00.000Z',
    )
    expect(nextQuotaReset(new Date('2031-07-15T18:00:00Z')).toISOString()).toBe(
      '2031-07-16T07:00:00.000Z',
    )
    // Just after a reset, the next one is a whole day away.
    expect(nextQuotaReset(new Date('2031-01-16T08:00:00Z')).toISOString()).toBe(
      '2031-01-17T08:00:00.000Z',
    )
    // Across the month and year end.
    expect(nextQuotaReset(new Date('2031-12-31T20:00:00Z')).toISOString()).toBe(
      '2032-01-01T08:00:00.000Z',
    )
  })

  it('follows daylight saving on the days it changes', () => {
    // 2031-03-09: clocks go forward at 2 am; that midnight was still PST, the next is PDT.
    expect(nextQuotaReset(new Date('2031-03-09T12:00:00Z')).toISOString()).toBe(
      '2031-03-10T07:00:00.000Z',
    )
    expect(nextQuotaReset(new Date('2031-03-08T12:00:00Z')).toISOString()).toBe(
      '2031-03-09T08:00:00.000Z',
    )
    // 2031-11-02: clocks go back; that day's midnight was PDT, the next is PST.
    expect(nextQuotaReset(new Date('2031-11-01T12:00:00Z')).toISOString()).toBe(
      '2031-11-02T07:00:00.000Z',
    )
    expect(nextQuotaReset(new Date('2031-11-02T12:00:00Z')).toISOString()).toBe(
      '2031-11-03T08:00:00.000Z',
    )
  })

  it('is always in the future and at most 25 hours away', () => {
    for (let hour = 0; hour < 24 * 400; hour += 7) {
      const now = new Date(Date.UTC(2031, 0, 1) + hour * 3_600_000)
      const reset = nextQuotaReset(now)
      expect(reset.getTime()).toBeGreaterThan(now.getTime())
      expect(reset.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3_600_000)
      expect(quotaDay(reset)).not.toBe(quotaDay(now))
      expect(quotaDay(new Date(reset.getTime() - 1))).toBe(quotaDay(now))
    }
  })
})
