import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GrowthPoint } from './growth.schemas'
import {
  addDays,
  deltasOf,
  isRoundedCount,
  lastDays,
  percentChange,
  roundLikeYoutube,
} from './growth-math'

function point(day: string, subscribers: number | null, views = 0): GrowthPoint {
  return {
    day,
    subscribers,
    subscribersApprox: isRoundedCount(subscribers),
    views,
    videos: 1,
  }
}

describe('YouTube rounding', () => {
  it('keeps 3 significant figures from 1,000 up, truncating', () => {
    expect(roundLikeYoutube(999)).toBe(999)
    expect(roundLikeYoutube(1234)).toBe(1230)
    expect(roundLikeYoutube(1_239_999)).toBe(1_230_000)
    expect(roundLikeYoutube(98_765_432)).toBe(98_700_000)
  })

  it('never rounds up and never keeps more than 3 significant figures', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 10 }), (count) => {
        const rounded = roundLikeYoutube(count)
        expect(rounded).toBeLessThanOrEqual(count)
        if (count >= 1000) {
          expect(Number(rounded.toPrecision(3))).toBe(rounded)
          expect(count - rounded).toBeLessThan(rounded / 99)
        } else {
          expect(rounded).toBe(count)
        }
      }),
    )
  })

  it('marks figures of 1,000 and more as approximate', () => {
    expect(isRoundedCount(999)).toBe(false)
    expect(isRoundedCount(1000)).toBe(true)
    expect(isRoundedCount(null)).toBe(false)
  })
})

describe('days and deltas', () => {
  it('walks UTC days across months and leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-01-01', -365)).toBe('2025-01-01')
  })

  it('takes each delta from the snapshot exactly N days before the last', () => {
    const series = Array.from({ length: 40 }, (_, index) =>
      point(addDays('2026-01-01', index), 500 + index, 10 * index),
    )
    const [week, month, quarter] = deltasOf(series, [7, 30, 90])
    expect(week).toEqual({
      days: 7,
      subscribers: 7,
      subscribersApprox: false,
      views: 70,
      videos: 0,
    })
    expect(month).toMatchObject({ subscribers: 30, views: 300 })
    expect(quarter).toEqual({
      days: 90,
      subscribers: null,
      subscribersApprox: false,
      views: null,
      videos: null,
    })
  })

  it('gives no delta across a missing day, and marks approximate ends', () => {
    const series = [point('2026-01-01', 1230), point('2026-01-09', 1250)]
    expect(deltasOf(series, [7])[0]?.subscribers).toBeNull()
    const rounded = [point('2026-01-01', 1230), point('2026-01-08', 1250)]
    expect(deltasOf(rounded, [7])[0]).toMatchObject({ subscribers: 20, subscribersApprox: true })
    expect(deltasOf([], [7])[0]?.subscribers).toBeNull()
  })

  it('keeps the points of the last N days', () => {
    const series = Array.from({ length: 10 }, (_, index) =>
      point(addDays('2026-01-01', index), index),
    )
    expect(lastDays(series, 3).map((p) => p.day)).toEqual([
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
    ])
    expect(lastDays([], 3)).toEqual([])
  })

  it('has no percentage from zero', () => {
    expect(percentChange(0, 10)).toBeNull()
    expect(percentChange(200, 250)).toBe(25)
  })
})
