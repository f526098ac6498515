import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineJob, JOB_DEFAULTS, retryDelayMs } from './jobs.server'

describe('retryDelayMs', () => {
  it('doubles the backoff on every attempt', () => {
    const none = () => 0
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, none))).toEqual([
      1000, 2000, 4000, 8000,
    ])
  })

  it('adds up to 25 % jitter, never less than the plain delay', () => {
    expect(retryDelayMs(2, 1000, () => 0.999_999)).toBe(2500)
    for (let run = 0; run < 200; run += 1) {
      const delay = retryDelayMs(3, 100)
      expect(delay).toBeGreaterThanOrEqual(400)
      expect(delay).toBeLessThanOrEqual(500)
    }
  })

  it('stops growing at six hours', () => {
    expect(retryDelayMs(40, 10_000, () => 0)).toBe(6 * 60 * 60 * 1000)
  })
})

describe('defineJob', () => {
  const schema = z.object({})
  const handler = async () => {}

  it('fills in the defaults', () => {
    expect(defineJob({ name: 'a', schema, handler })).toMatchObject({
      name: 'a',
      ...JOB_DEFAULTS,
    })
  })

  it('rejects settings that could never run', () => {
    expect(() => defineJob({ name: 'a', schema, handler, maxAttempts: 0 })).toThrow(/maxAttempts/)
    expect(() => defineJob({ name: 'a', schema, handler, maxAttempts: 1.5 })).toThrow(/maxAttempts/)
    expect(() => defineJob({ name: 'a', schema, handler, leaseMs: 0 })).toThrow(/leaseMs/)
    expect(() => defineJob({ name: 'a', schema, handler, backoffMs: -1 })).toThrow(/backoffMs/)
  })
})
