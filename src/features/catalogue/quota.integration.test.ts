import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { youtubeQuota } from '~/db/schema'
import { resetEnvCacheForTests } from '~/server/env.server'
import { db } from '../../../tests/support/database'
import {
  chargeQuota,
  markQuotaExhausted,
  QuotaExhaustedError,
  quotaStatus,
  unitsSpent,
} from './quota.server'

const saved = process.env.YOUTUBE_DAILY_QUOTA
const NOON = new Date('2031-02-10T20:00:00Z')

beforeEach(async () => {
  await db.delete(youtubeQuota)
  process.env.YOUTUBE_DAILY_QUOTA = '10'
  resetEnvCacheForTests()
})

afterEach(() => {
  if (saved === undefined) delete process.env.YOUTUBE_DAILY_QUOTA
  else process.env.YOUTUBE_DAILY_QUOTA = saved
  resetEnvCacheForTests()
})

describe('the quota ledger', () => {
  it('books units by purpose and refuses what would pass the budget', async () => {
    await chargeQuota(db, 'sync', 6, NOON)
    await chargeQuota(db, 'lookup', 3, NOON)
    const refused = await chargeQuota(db, 'sync', 2, NOON).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(QuotaExhaustedError)
    expect(refused).toMatchObject({ resumeAt: new Date('2031-02-11T08:00:00Z') })
    await chargeQuota(db, 'import', 1, NOON)
    expect(await quotaStatus(db, NOON)).toEqual({
      day: '2031-02-10',
      budget: 10,
      spent: 10,
      remaining: 0,
      byPurpose: { sync: 6, lookup: 3, import: 1 },
      exhausted: true,
      resetsAt: '2031-02-11T08:00:00.000Z',
    })
    // A new Pacific day starts from zero.
    const tomorrow = new Date('2031-02-11T08:00:01Z')
    await chargeQuota(db, 'sync', 10, tomorrow)
    expect(await unitsSpent(db, 'sync', '2031-02-11')).toBe(10)
    expect(await unitsSpent(db, 'sync', '2031-02-10')).toBe(6)
  })

  it('never lets concurrent charges pass the budget together', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () => chargeQuota(db, 'sync', 1, NOON)),
    )
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10)
    expect(
      outcomes.every(
        (outcome) =>
          outcome.status === 'fulfilled' || outcome.reason instanceof QuotaExhaustedError,
      ),
    ).toBe(true)
    expect(await unitsSpent(db, 'sync', '2031-02-10')).toBe(10)
  })

  it('books the rest of the day when YouTube says the quota is gone, and only once', async () => {
    await chargeQuota(db, 'sync', 4, NOON)
    expect(await markQuotaExhausted(db, NOON)).toEqual(new Date('2031-02-11T08:00:00Z'))
    await markQuotaExhausted(db, NOON)
    expect(await quotaStatus(db, NOON)).toMatchObject({
      spent: 10,
      exhausted: true,
      byPurpose: { sync: 4, exhausted: 6 },
    })
    await expect(chargeQuota(db, 'lookup', 1, NOON)).rejects.toBeInstanceOf(QuotaExhaustedError)
  })
})
