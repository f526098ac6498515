import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { youtubeQuota, youtubeQuotaUser } from '~/db/schema'
import { nextQuotaReset, quotaStatus, unitsSpentBy } from '~/features/catalogue/quota.server'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { codeOf, errorOf } from '../../../tests/support/app-errors'
import { runCatalogueFakes } from '../../../tests/support/catalogue-fakes'
import { db } from '../../../tests/support/database'
import { addChannels, resolveChannels } from './add-channels.server'

/*
 * Issue 21 item 3: 20 pastes of 500 @handles spent the instance's whole
 * daily YouTube quota in 77 s. Look-ups are now paid from the user's daily
 * share and limited per minute.
 */

const fakes = runCatalogueFakes()
const ENV_KEYS = [
  'YOUTUBE_DAILY_QUOTA',
  'YOUTUBE_USER_DAILY_UNITS',
  'YOUTUBE_UNCONFIRMED_DAILY_UNITS',
] as const
const saved = Object.fromEntries(ENV_KEYS.map((name) => [name, process.env[name]]))

/** `count` @handles nobody has: each one costs a Data API unit to look up. */
const handles = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `@${prefix}-${index}`).join('\n')

beforeAll(async () => {
  process.env.YOUTUBE_DAILY_QUOTA = '1000'
  process.env.YOUTUBE_USER_DAILY_UNITS = '20'
  process.env.YOUTUBE_UNCONFIRMED_DAILY_UNITS = '5'
  resetEnvCacheForTests()
})

beforeEach(async () => {
  await db.delete(youtubeQuota)
  await db.delete(youtubeQuotaUser)
})

afterAll(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetEnvCacheForTests()
})

describe('look-ups and the daily quota', () => {
  it('stops one account at its daily share, with the reset time, and leaves the rest to others', async () => {
    const mallory = await createActor(db, 'Mallory')
    await resolveChannels(db, mallory, { text: handles('first', 15), groupId: null })

    const error = await errorOf(
      resolveChannels(db, mallory, { text: handles('second', 15), groupId: null }),
    )
    expect(error.code).toBe('QUOTA_SHARE_EXHAUSTED')
    expect(error.params).toEqual({ at: nextQuotaReset().toISOString() })
    expect(await unitsSpentBy(db, mallory.id)).toBe(20)
    expect((await quotaStatus(db)).spent).toBeLessThanOrEqual(20)

    const ana = await createActor(db, 'Ana')
    const lines = await resolveChannels(db, ana, { text: '@mkbhd', groupId: null })
    expect(lines[0]?.status).toBe('new')
    expect(fakes.youtube.apiCalls().length).toBeLessThanOrEqual(21)
  })

  it('gives an account whose address is unconfirmed a smaller share', async () => {
    const throwaway = await createActor(db, 'Throwaway', { verified: false })
    expect(
      await codeOf(resolveChannels(db, throwaway, { text: handles('x', 6), groupId: null })),
    ).toBe('QUOTA_SHARE_EXHAUSTED')
    expect(await unitsSpentBy(db, throwaway.id)).toBe(5)
  })

  it('limits how often one user may look up, per minute', async () => {
    const eve = await createActor(db, 'Eve')
    const codes = []
    for (let attempt = 0; attempt < 11; attempt++) {
      codes.push(await codeOf(resolveChannels(db, eve, { text: 'not a channel', groupId: null })))
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('ok'))
    expect(codes[10]).toBe('RATE_LIMITED')
    // Another user is not held back by Eve.
    const ana = await createActor(db, 'Ana')
    expect(await codeOf(resolveChannels(db, ana, { text: 'not a channel', groupId: null }))).toBe(
      'ok',
    )
  })

  it('counts pending lines sent straight to "add" like a check', async () => {
    const pat = await createActor(db, 'Pat')
    const codes = []
    for (let attempt = 0; attempt < 11; attempt++) {
      const add = addChannels(db, pat, { channelIds: [], pending: ['@x'], groupId: null })
      codes.push(await codeOf(add))
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('ok'))
    expect(codes[10]).toBe('RATE_LIMITED')
  })

  it('bounds look-ups per address across accounts', async () => {
    const codes = []
    for (let person = 0; person < 31; person++) {
      const actor = await createActor(db, `Sybil ${person}`)
      const from = { ip: '203.0.113.7' }
      codes.push(
        await codeOf(resolveChannels(db, actor, { text: 'not a channel', groupId: null }, from)),
      )
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill('ok'))
    expect(codes[30]).toBe('RATE_LIMITED')
  })
})
