import { afterAll, beforeAll } from 'vitest'
import { resetEnvCacheForTests } from '../../src/server/env.server'
import { type AnilistFake, startAnilistFake } from '../fakes/anilist-fake'
import { startYoutubeFake, type YoutubeFake } from '../fakes/youtube-fake'

/** The Data API key the YouTube fake accepts while the fakes run. */
export const FAKE_YOUTUBE_KEY = 'test-key'

const ENV_KEYS = [
  'YOUTUBE_API_BASE_URL',
  'YOUTUBE_WEB_BASE_URL',
  'YOUTUBE_API_KEY',
  'ANILIST_API_URL',
] as const

export type CatalogueFakes = { readonly youtube: YoutubeFake; readonly anilist: AnilistFake }

/**
 * Local fakes of YouTube and AniList for one test file: started before its
 * tests, with the real clients pointed at them through the environment, which
 * is put back afterwards. Read the fakes inside tests, once they have started.
 */
export function runCatalogueFakes(): CatalogueFakes {
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]))
  let started: CatalogueFakes | undefined

  beforeAll(async () => {
    const [youtube, anilist] = await Promise.all([startYoutubeFake(), startAnilistFake()])
    started = { youtube, anilist }
    process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl
    process.env.YOUTUBE_WEB_BASE_URL = youtube.webBaseUrl
    process.env.YOUTUBE_API_KEY = FAKE_YOUTUBE_KEY
    process.env.ANILIST_API_URL = anilist.url
    resetEnvCacheForTests()
  })

  afterAll(async () => {
    if (started) await Promise.all([started.youtube.close(), started.anilist.close()])
    for (const key of ENV_KEYS) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
    resetEnvCacheForTests()
  })

  const running = (): CatalogueFakes => {
    if (!started) throw new Error('the catalogue fakes start in beforeAll')
    return started
  }
  return {
    get youtube() {
      return running().youtube
    },
    get anilist() {
      return running().anilist
    },
  }
}
