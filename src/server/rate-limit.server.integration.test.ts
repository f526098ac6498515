import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimitWindow } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { openTestInstance, type TestInstance } from '~/server/jobs/test-instances'
import { db } from '../../tests/support/database'
import { createRateLimiter, purgeRateLimits } from './rate-limit.server'

let others: TestInstance[] = []

beforeAll(async () => {
  others = [await openTestInstance(db), await openTestInstance(db)]
})

afterAll(async () => {
  for (const other of others) await other.close()
})

let sequence = 0
/** Each test its own bucket, so windows never overlap between tests. */
const bucket = (label: string) => `test.${label}.${++sequence}`

function clock(start = 1_000_000_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

async function caught(run: () => Promise<void>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('createRateLimiter', () => {
  it('allows up to the limit per key, then throws RATE_LIMITED', async () => {
    const time = clock()
    const limiter = createRateLimiter({
      bucket: bucket('limit'),
      limit: 3,
      windowMs: 60_000,
      now: time.now,
    })
    for (let i = 0; i < 3; i++) await limiter.hit(db, '1.2.3.4')
    const error = await caught(() => limiter.hit(db, '1.2.3.4'))
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ code: 'RATE_LIMITED', params: { seconds: 60 } })
  })

  it('counts keys and buckets separately', async () => {
    const time = clock()
    const name = bucket('keys')
    const limiter = createRateLimiter({ bucket: name, limit: 1, windowMs: 60_000, now: time.now })
    const sibling = createRateLimiter({
      bucket: `${name}.other`,
      limit: 1,
      windowMs: 60_000,
      now: time.now,
    })
    await limiter.hit(db, 'a')
    await expect(limiter.hit(db, 'b')).resolves.toBeUndefined()
    await expect(sibling.hit(db, 'a')).resolves.toBeUndefined()
    await expect(limiter.hit(db, 'a')).rejects.toThrow(AppError)
  })

  it('reports the whole seconds left in the window, rounded up', async () => {
    const time = clock()
    const limiter = createRateLimiter({
      bucket: bucket('seconds'),
      limit: 1,
      windowMs: 60_000,
      now: time.now,
    })
    await limiter.hit(db, 'k')
    time.advance(15_500)
    expect(await caught(() => limiter.hit(db, 'k'))).toMatchObject({ params: { seconds: 45 } })
    time.advance(44_000)
    expect(await caught(() => limiter.hit(db, 'k'))).toMatchObject({ params: { seconds: 1 } })
  })

  it('starts a fresh window once the old one has passed', async () => {
    const time = clock()
    const limiter = createRateLimiter({
      bucket: bucket('fresh'),
      limit: 2,
      windowMs: 10_000,
      now: time.now,
    })
    await limiter.hit(db, 'k')
    await limiter.hit(db, 'k')
    time.advance(9_999)
    await expect(limiter.hit(db, 'k')).rejects.toThrow(AppError)
    time.advance(1)
    await limiter.hit(db, 'k')
    await limiter.hit(db, 'k')
    expect(await caught(() => limiter.hit(db, 'k'))).toMatchObject({
      code: 'RATE_LIMITED',
      params: { seconds: 10 },
    })
  })

  it('keeps refusing while over the limit instead of resetting on refusals', async () => {
    const time = clock()
    const limiter = createRateLimiter({
      bucket: bucket('refusing'),
      limit: 1,
      windowMs: 5_000,
      now: time.now,
    })
    await limiter.hit(db, 'k')
    for (let i = 0; i < 10; i++) {
      time.advance(100)
      await expect(limiter.hit(db, 'k')).rejects.toThrow(AppError)
    }
    time.advance(4_000)
    await expect(limiter.hit(db, 'k')).resolves.toBeUndefined()
  })

  it('shares one window between instances and survives a restart', async () => {
    const name = bucket('shared')
    const options = { bucket: name, limit: 10, windowMs: 60_000 }
    const handles = [db, ...others.map((other) => other.db)]
    // Three instances, each with its own limiter object (as after a restart), hit at once.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => {
        const handle = handles[i % handles.length] ?? db
        return createRateLimiter(options).hit(handle, 'victim@example.test')
      }),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10)
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected')
    expect(refused).toHaveLength(20)
    for (const outcome of refused) expect(outcome.reason).toMatchObject({ code: 'RATE_LIMITED' })
  })

  it('stores the key hashed, never as given', async () => {
    const name = bucket('hashed')
    await createRateLimiter({ bucket: name, limit: 5, windowMs: 60_000 }).hit(
      db,
      'someone@example.test',
    )
    const rows = await db.select().from(rateLimitWindow).where(eq(rateLimitWindow.bucket, name))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain('someone')
  })
})

describe('purgeRateLimits', () => {
  it('deletes ended windows and keeps running ones', async () => {
    const time = clock()
    const ended = bucket('ended')
    const running = bucket('running')
    await createRateLimiter({ bucket: ended, limit: 5, windowMs: 1_000, now: time.now }).hit(
      db,
      'k',
    )
    await createRateLimiter({ bucket: running, limit: 5, windowMs: 60_000, now: time.now }).hit(
      db,
      'k',
    )
    await purgeRateLimits(db, new Date(time.now() + 1_000))
    const left = await db.select({ bucket: rateLimitWindow.bucket }).from(rateLimitWindow)
    const names = left.map((row) => row.bucket)
    expect(names).not.toContain(ended)
    expect(names).toContain(running)
  })
})
