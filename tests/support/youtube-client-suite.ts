/**
 * Set-up shared by the YouTube client's integration tests: one fake YouTube
 * per file, reset after each test, and clients aimed at it.
 */
import { afterAll, afterEach } from 'vitest'
import {
  createYoutubeClient,
  type YoutubeClientOptions,
} from '../../src/features/catalogue/youtube.server'
import type { ChannelRef } from '../../src/lib/youtube-urls'
import {
  DEMO_CHANNELS,
  type DemoChannel,
  FAKE_ONLY_CHANNELS,
  initialsAvatar,
} from '../../src/seed/factories/catalogue-fixtures'
import { startYoutubeFake, type YoutubeFake } from '../fakes/youtube-fake'

export const KEY = 'test-key-0123456789'
export const MKBHD = 'UCBJycsmduvYEL83R_U4JriQ'
export const LTT = 'UCXuqSBlHAE6Xw-yeJA0Tunw'
export const UNKNOWN_ID = 'UCzzzzzzzzzzzzzzzzzzzzzz'

/**
 * Starts the fake for the calling test file (`const fake = await youtubeFakeForFile()`
 * at its top level): reset to the demo catalogue after each test, closed after all.
 */
export async function youtubeFakeForFile(): Promise<YoutubeFake> {
  const fake = await startYoutubeFake()
  afterEach(() => {
    fake.reset()
    fake.setChannels([...DEMO_CHANNELS, ...FAKE_ONLY_CHANNELS])
    fake.setOptions({ latencyMs: 0, failRate: 0, quotaExhausted: false })
  })
  afterAll(async () => {
    await fake.close()
  })
  return fake
}

/** A client with a key, aimed at `fake`, retrying quickly. */
export function clientOf(fake: YoutubeFake, overrides: Partial<YoutubeClientOptions> = {}) {
  return createYoutubeClient({
    apiKey: KEY,
    apiBaseUrl: fake.apiBaseUrl,
    webBaseUrl: fake.webBaseUrl,
    retryDelayMs: 10,
    ...overrides,
  })
}

export function channel(id: string): DemoChannel {
  const found = [...DEMO_CHANNELS, ...FAKE_ONLY_CHANNELS].find((entry) => entry.id === id)
  if (!found) throw new Error(`no fixture ${id}`)
  return found
}

/** A made-up channel with a valid-format id, numbered. */
export function generated(index: number, extra: Partial<DemoChannel> = {}): DemoChannel {
  const id = `UCgen${String(index).padStart(19, '0')}`
  return {
    ...channel(MKBHD),
    id,
    handle: `generated${index}`,
    title: `Generated ${index}`,
    avatarUrl: initialsAvatar(id, `Generated ${index}`),
    username: null,
    customName: null,
    ...extra,
  }
}

export const ids = (...values: string[]): ChannelRef[] => values.map((id) => ({ kind: 'id', id }))
