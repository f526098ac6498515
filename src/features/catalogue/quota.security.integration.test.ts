import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '~/db/client.server'
import { youtubeQuota, youtubeQuotaUser } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { startYoutubeFake, type YoutubeFake } from '../../../tests/fakes/youtube-fake'
import { rejectionOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import type { FetchFn } from './http.server'
import {
  chargeQuota,
  QuotaExhaustedError,
  QuotaShareExhaustedError,
  quotaDay,
  quotaStatus,
  unitsSpentBy,
} from './quota.server'
import { youtubeFor } from './youtube-client.server'

/*
 * Issue 21 item 3: one account could spend the whole instance's daily
 * YouTube quota. Each user now has a daily share, booked with the ledger.
 */

const ENV_KEYS = [
  'YOUTUBE_API_KEY',
  'YOUTUBE_API_BASE_URL',
  'YOUTUBE_WEB_BASE_URL',
  'YOUTUBE_DAILY_QUOTA',
  'YOUTUBE_USER_DAILY_UNITS',
  'YOUTUBE_UNCONFIRMED_DAILY_UNITS',
] as const
const saved = Object.fromEntries(ENV_KEYS.map((name) => [name, process.env[name]]))
const NOON = new Date('2031-02-10T20:00:00Z')
const MKBHD = 'UCBJycsmduvYEL83R_U4JriQ'

let fake: YoutubeFake

function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  resetEnvCacheForTests()
}

/**
 * A client's database and fetch that count the bookings (one transaction each) and requests it
 * began and those that settled. A request settles once its answer is read, so a client with
 * nothing unsettled has nothing left on the wire; the next queued request starts as one settles.
 */
function watched(database: Database) {
  let begun = 0
  let settled = 0
  const count = <T>(work: Promise<T>): Promise<T> => {
    begun += 1
    return work.finally(() => {
      settled += 1
    })
  }
  const countedDb = new Proxy(database, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver)
      const transaction: Database['transaction'] = (run, config) =>
        count(target.transaction(run, config))
      return transaction
    },
  })
  const countedFetch: FetchFn = (input, init) =>
    count(
      fetch(input, init).then(
        async (response) =>
          new Response(await response.arrayBuffer(), {
            status: response.status,
            headers: response.headers,
          }),
      ),
    )
  return { db: countedDb, fetch: countedFetch, begun: () => begun, settled: () => settled }
}

beforeAll(async () => {
  fake = await startYoutubeFake()
})

beforeEach(async () => {
  await db.delete(youtubeQuota)
  await db.delete(youtubeQuotaUser)
  setEnv({
    YOUTUBE_API_KEY: 'client-test-key',
    YOUTUBE_API_BASE_URL: fake.apiBaseUrl,
    YOUTUBE_WEB_BASE_URL: fake.webBaseUrl,
    YOUTUBE_DAILY_QUOTA: '100',
    YOUTUBE_USER_DAILY_UNITS: '10',
    YOUTUBE_UNCONFIRMED_DAILY_UNITS: '3',
  })
})

afterEach(() => {
  fake.reset()
  setEnv(saved)
})

afterAll(async () => {
  await fake.close()
})

describe('each user’s share of the daily quota', () => {
  it('stops one user at their share while the instance and others go on', async () => {
    const ana = await createActor(db, 'Ana')
    const bia = await createActor(db, 'Bia')
    await chargeQuota(db, 'lookup', 7, NOON, ana.id)
    await chargeQuota(db, 'import', 3, NOON, ana.id)

    const refused = await rejectionOf(chargeQuota(db, 'lookup', 1, NOON, ana.id))
    expect(refused).toBeInstanceOf(QuotaShareExhaustedError)
    // Jobs that wait for the reset handle it like an exhausted quota.
    expect(refused).toBeInstanceOf(QuotaExhaustedError)
    expect(refused).toMatchObject({ resumeAt: new Date('2031-02-11T08:00:00Z') })

    // The refusal booked nothing; Bia and the instance's own jobs still have units.
    expect(await unitsSpentBy(db, ana.id, quotaDay(NOON))).toBe(10)
    await chargeQuota(db, 'lookup', 10, NOON, bia.id)
    await chargeQuota(db, 'sync', 50, NOON)
    expect((await quotaStatus(db, NOON)).byPurpose).toEqual({ lookup: 17, import: 3, sync: 50 })

    // A new Pacific day, a new share.
    await chargeQuota(db, 'lookup', 10, new Date('2031-02-11T09:00:00Z'), ana.id)
  })

  it('gives an account with an unconfirmed address a smaller share', async () => {
    const unconfirmed = await createActor(db, 'Throwaway', { verified: false })
    await chargeQuota(db, 'lookup', 3, NOON, unconfirmed.id)
    expect(await rejectionOf(chargeQuota(db, 'lookup', 1, NOON, unconfirmed.id))).toBeInstanceOf(
      QuotaShareExhaustedError,
    )
  })

  it('still refuses at the instance’s budget, even inside a share', async () => {
    setEnv({ YOUTUBE_DAILY_QUOTA: '5' })
    const ana = await createActor(db, 'Ana')
    await chargeQuota(db, 'sync', 5, NOON)
    const refused = await rejectionOf(chargeQuota(db, 'lookup', 1, NOON, ana.id))
    expect(refused).toBeInstanceOf(QuotaExhaustedError)
    expect(refused).not.toBeInstanceOf(QuotaShareExhaustedError)
    expect(await unitsSpentBy(db, ana.id, quotaDay(NOON))).toBe(0)
  })

  it('tells a look-up past the share when it resets, and asks YouTube no more than the share', async () => {
    const ana = await createActor(db, 'Ana')
    const handles = Array.from({ length: 12 }, (_, index) => ({
      kind: 'handle' as const,
      handle: `nobody-${index}`,
    }))
    const client = watched(db)
    const error = await rejectionOf(
      youtubeFor(client.db, 'lookup', { payer: ana.id, fetch: client.fetch }).resolve(handles),
    )
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'QUOTA_SHARE_EXHAUSTED',
      params: { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/) },
    })
    // Requests still in flight when the share ran out settle, refused, on their own: once every
    // booking and request the client began has settled, it has nothing left to send.
    await vi.waitFor(
      () => {
        expect(client.begun()).toBeGreaterThanOrEqual(handles.length)
        expect(client.settled()).toBe(client.begun())
      },
      { timeout: 20_000, interval: 5 },
    )
    expect(fake.apiCalls().length).toBeLessThanOrEqual(10)
    expect(await unitsSpentBy(db, ana.id)).toBe(10)
  })

  it('ends an import’s look-ups like YouTube being unavailable, so the file’s titles stay', async () => {
    const ana = await createActor(db, 'Ana')
    await chargeQuota(db, 'import', 10, new Date(), ana.id)
    const error = await rejectionOf(
      youtubeFor(db, 'import', { payer: ana.id }).channelsByIds([MKBHD]),
    )
    expect(error).toMatchObject({ code: 'YOUTUBE_UNAVAILABLE', params: { reason: 'quotaShare' } })
    expect(fake.apiCalls()).toHaveLength(0)
  })
})
