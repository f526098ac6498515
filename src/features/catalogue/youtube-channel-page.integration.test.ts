import { describe, expect, it } from 'vitest'
import { refKey } from '~/lib/youtube-urls'
import { DEMO_CHANNELS } from '~/seed/factories/catalogue-fixtures'
import { startYoutubeFake } from '../../../tests/fakes/youtube-fake'
import { errorOf } from '../../../tests/support/app-errors'
import {
  channel,
  clientOf,
  ids,
  LTT,
  MKBHD,
  UNKNOWN_ID,
  youtubeFakeForFile,
} from '../../../tests/support/youtube-client-suite'
import { createYoutubeClient, type YoutubeClientOptions } from './youtube.server'

const fake = await youtubeFakeForFile()
const client = (overrides: Partial<YoutubeClientOptions> = {}) => clientOf(fake, overrides)

describe('without an API key (channel pages)', () => {
  it('reads id, title, handle, description and avatar from the public pages', async () => {
    const youtube = client({ apiKey: undefined })
    expect(youtube.usesApi).toBe(false)
    const found = await youtube.resolve([
      { kind: 'id', id: MKBHD },
      { kind: 'handle', handle: 'linustechtips' },
      { kind: 'username', username: 'numberphile' },
      { kind: 'custom', name: 'Vsauce' },
      { kind: 'handle', handle: 'ゆっくり実況' },
    ])
    expect(found.get(`id:${MKBHD}`)).toEqual({
      id: MKBHD,
      title: 'Marques Brownlee',
      handle: 'mkbhd',
      description: channel(MKBHD).description,
      avatarUrl: channel(MKBHD).avatarUrl,
      subscriberCount: null,
      viewCount: null,
      videoCount: null,
      hiddenSubscriberCount: false,
      country: null,
      etag: null,
    })
    expect(found.get('handle:linustechtips')).toMatchObject({ id: LTT, handle: 'LinusTechTips' })
    expect(found.get('username:numberphile')?.id).toBe('UCoxcjq-8xIDTYp3uz647V5A')
    expect(found.get('custom:vsauce')?.title).toBe('Vsauce')
    expect(found.get(refKey({ kind: 'handle', handle: 'ゆっくり実況' }))).toMatchObject({
      id: 'UCfakeTubefoldDemo00001A',
      handle: 'ゆっくり実況',
      title: 'ゆっくり実況チャンネル',
    })

    expect(fake.apiCalls()).toHaveLength(0)
    expect(fake.calls.map((call) => call.path).sort()).toEqual(
      [
        `/channel/${MKBHD}`,
        '/@linustechtips',
        '/user/numberphile',
        '/c/Vsauce',
        `/@${encodeURIComponent('ゆっくり実況')}`,
      ].sort(),
    )
    expect(youtube.quotaUsed).toBe(0)
  })

  it('decodes HTML entities in page titles', async () => {
    const found = await client({ apiKey: undefined }).resolve(ids('UCqJ-Xo29CKyLTjn6z2XwYAw'))
    expect(found.get('id:UCqJ-Xo29CKyLTjn6z2XwYAw')?.title).toBe("Game Maker's Toolkit")
  })

  it('answers null for a page YouTube does not have (404)', async () => {
    const found = await client({ apiKey: undefined }).resolve([
      { kind: 'handle', handle: 'nobody-has-this' },
      { kind: 'id', id: UNKNOWN_ID },
    ])
    expect([...found.values()]).toEqual([null, null])
  })

  it('retries a 500 page once, and fails after two', async () => {
    fake.failNext(1, { status: 502 })
    const found = await client({ apiKey: undefined }).resolve(ids(MKBHD))
    expect(found.get(`id:${MKBHD}`)?.id).toBe(MKBHD)
    expect(fake.calls).toHaveLength(2)

    fake.reset()
    fake.failNext(2, { status: 500 })
    const error = await errorOf(client({ apiKey: undefined }).resolve(ids(MKBHD)))
    expect(error.code).toBe('YOUTUBE_UNAVAILABLE')
  })

  it('times out a silent page and reports YOUTUBE_UNAVAILABLE', async () => {
    fake.failNext(2, 'hang')
    const error = await errorOf(
      client({ apiKey: undefined, timeoutMs: 150 }).resolve([{ kind: 'handle', handle: 'mkbhd' }]),
    )
    expect(error).toMatchObject({ code: 'YOUTUBE_UNAVAILABLE', params: { reason: 'timeout' } })
    expect(fake.calls).toHaveLength(2)
  })

  it('keeps at most 8 page requests in flight', async () => {
    fake.setOptions({ latencyMs: 40 })
    let inFlight = 0
    let peak = 0
    const counting: typeof fetch = async (input, init) => {
      inFlight++
      peak = Math.max(peak, inFlight)
      try {
        return await fetch(input, init)
      } finally {
        inFlight--
      }
    }
    await client({ apiKey: undefined, fetch: counting }).channelsByIds(
      DEMO_CHANNELS.slice(0, 20).map((entry) => entry.id),
    )
    expect(fake.calls).toHaveLength(20)
    expect(peak).toBe(8)
  })

  it('reports an unreachable server as YOUTUBE_UNAVAILABLE', async () => {
    const gone = await startYoutubeFake()
    const base = gone.webBaseUrl
    await gone.close()
    const error = await errorOf(
      createYoutubeClient({ apiBaseUrl: base, webBaseUrl: base, retryDelayMs: 5 }).resolve(
        ids(MKBHD),
      ),
    )
    expect(error).toMatchObject({ code: 'YOUTUBE_UNAVAILABLE', params: { reason: 'network' } })
  })
})
