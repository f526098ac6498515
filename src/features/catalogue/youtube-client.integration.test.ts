import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { youtubeQuota } from '~/db/schema'
import { createYoutubeClient, setYoutubeForTests } from '~/features/catalogue/youtube.server'
import { AppError } from '~/lib/app-error'
import { resetEnvCacheForTests } from '~/server/env.server'
import { startYoutubeFake, type YoutubeFake } from '../../../tests/fakes/youtube-fake'
import { rejectionOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { QuotaExhaustedError, quotaDay, quotaStatus, unitsSpent } from './quota.server'
import { youtubeFor } from './youtube-client.server'

const MKBHD = 'UCBJycsmduvYEL83R_U4JriQ'
const ENV_KEYS = [
  'YOUTUBE_API_KEY',
  'YOUTUBE_API_BASE_URL',
  'YOUTUBE_WEB_BASE_URL',
  'YOUTUBE_DAILY_QUOTA',
] as const
const saved = Object.fromEntries(ENV_KEYS.map((name) => [name, process.env[name]]))

let fake: YoutubeFake

function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  resetEnvCacheForTests()
}

beforeAll(async () => {
  fake = await startYoutubeFake()
})

beforeEach(async () => {
  await db.delete(youtubeQuota)
  setEnv({
    YOUTUBE_API_KEY: 'client-test-key',
    YOUTUBE_API_BASE_URL: fake.apiBaseUrl,
    YOUTUBE_WEB_BASE_URL: fake.webBaseUrl,
    YOUTUBE_DAILY_QUOTA: undefined,
  })
})

afterEach(() => {
  fake.reset()
  fake.setOptions({ quotaExhausted: false })
  setYoutubeForTests(undefined)
  setEnv(saved)
})

afterAll(async () => {
  await fake.close()
})

const ids = (...values: string[]) => values.map((id) => ({ kind: 'id' as const, id }))
describe('youtubeFor', () => {
  it('charges every Data API request to its purpose', async () => {
    await youtubeFor(db, 'lookup').resolve([...ids(MKBHD), { kind: 'handle', handle: 'mkbhd' }])
    await youtubeFor(db, 'import').channelsByIds([MKBHD])
    expect(fake.apiCalls()).toHaveLength(3)
    expect((await quotaStatus(db)).byPurpose).toEqual({ lookup: 2, import: 1 })
  })

  it('tells each caller about an exhausted budget in its own terms, without asking YouTube', async () => {
    setEnv({ YOUTUBE_DAILY_QUOTA: '0' })
    const sync = await rejectionOf(youtubeFor(db, 'sync').channelsBatch([MKBHD]))
    expect(sync).toBeInstanceOf(QuotaExhaustedError)

    const lookup = await rejectionOf(youtubeFor(db, 'lookup').resolve(ids(MKBHD)))
    expect(lookup).toBeInstanceOf(AppError)
    expect(lookup).toMatchObject({
      code: 'QUOTA_EXHAUSTED',
      params: { time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/) },
    })

    // The import already carries on without YouTube when it is unavailable.
    const importing = await rejectionOf(youtubeFor(db, 'import').channelsByIds([MKBHD]))
    expect(importing).toMatchObject({
      code: 'YOUTUBE_UNAVAILABLE',
      params: { reason: 'quotaExceeded' },
    })
    expect(fake.apiCalls()).toHaveLength(0)
  })

  it('books the rest of the day when YouTube refuses for quota', async () => {
    fake.setOptions({ quotaExhausted: true })
    const error = await rejectionOf(youtubeFor(db, 'subscriptions').channelsByIds([MKBHD]))
    expect(error).toBeInstanceOf(QuotaExhaustedError)
    expect(await unitsSpent(db, 'exhausted', quotaDay())).toBe(9_999)
    expect((await quotaStatus(db)).exhausted).toBe(true)
  })

  it('uses pages, and no quota, without a key', async () => {
    setEnv({ YOUTUBE_API_KEY: undefined })
    const found = await youtubeFor(db, 'lookup').resolve(ids(MKBHD))
    expect(found.get(`id:${MKBHD}`)?.title).toBe('Marques Brownlee')
    expect(await db.select().from(youtubeQuota)).toEqual([])
  })

  it('honours a client set for tests', () => {
    const replacement = createYoutubeClient({
      apiBaseUrl: fake.apiBaseUrl,
      webBaseUrl: fake.webBaseUrl,
    })
    setYoutubeForTests(replacement)
    expect(youtubeFor(db, 'sync')).toBe(replacement)
  })
})
