import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import { createRateLimiter } from './rate-limit.server'

function clock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

function caught(run: () => void): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('createRateLimiter', () => {
  it('allows up to the limit per key, then throws RATE_LIMITED', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: time.now })
    for (let i = 0; i < 3; i++) limiter.hit('1.2.3.4')
    const error = caught(() => limiter.hit('1.2.3.4'))
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', params: { seconds: 60 } })
  })

  it('counts keys separately', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now })
    limiter.hit('a')
    expect(() => limiter.hit('b')).not.toThrow()
    expect(() => limiter.hit('a')).toThrow(AppError)
  })

  it('reports the whole seconds left in the window, rounded up', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now })
    limiter.hit('k')
    time.advance(15_500)
    expect(caught(() => limiter.hit('k'))).toMatchObject({ params: { seconds: 45 } })
    time.advance(44_000)
    expect(caught(() => limiter.hit('k'))).toMatchObject({ params: { seconds: 1 } })
  })

  it('starts a fresh window once the old one has passed', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000, now: time.now })
    limiter.hit('k')
    limiter.hit('k')
    time.advance(9_999)
    expect(() => limiter.hit('k')).toThrow(AppError)
    time.advance(1)
    expect(() => limiter.hit('k')).not.toThrow()
    expect(() => limiter.hit('k')).not.toThrow()
    expect(caught(() => limiter.hit('k'))).toMatchObject({
      code: 'RATE_LIMITED',
      params: { seconds: 10 },
    })
  })

  it('keeps refusing while over the limit instead of resetting on refusals', () => {
    const time = clock()
    const limiter = createRateLimiter({ limit: 1, windowMs: 5_000, now: time.now })
    limiter.hit('k')
    for (let i = 0; i < 10; i++) {
      time.advance(100)
      expect(() => limiter.hit('k')).toThrow(AppError)
    }
    time.advance(4_000)
    expect(() => limiter.hit('k')).not.toThrow()
  })
})
