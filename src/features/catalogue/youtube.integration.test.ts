import { afterEach, describe, expect, it, vi } from 'vitest'
import { QuotaExhaustedError } from '~/features/catalogue/quota.server'
import { type ChannelRef, refKey } from '~/lib/youtube-urls'
import { DEMO_CHANNELS } from '~/seed/factories/catalogue-fixtures'
import { resetEnvCacheForTests } from '~/server/env.server'
import { setLogLevel } from '~/server/logger.server'
import { errorOf } from '../../../tests/support/app-errors'
import {
  channel,
  clientOf,
  generated,
  ids,
  KEY,
  LTT,
  MKBHD,
  UNKNOWN_ID,
  youtubeFakeForFile,
} from '../../../tests/support/youtube-client-suite'
import type { FetchFn } from './http.server'
import { getYoutube, setYoutubeForTests, type YoutubeClientOptions } from './youtube.server'

const fake = await youtubeFakeForFile()
const client = (overrides: Partial<YoutubeClientOptions> = {}) => clientOf(fake, overrides)

describe('with an API key (channels.list)', () => {
  it('resolves ids, handles, usernames and custom names to full channel data', async () => {
    const youtube = client()
    const refs: ChannelRef[] = [
      { kind: 'id', id: MKBHD },
      { kind: 'handle', handle: 'LinusTechTips' },
      { kind: 'username', username: 'destinws2' },
      { kind: 'custom', name: 'Vsauce' },
      { kind: 'id', id: UNKNOWN_ID },
      { kind: 'handle', handle: 'nobody-has-this' },
    ]
    const found = await youtube.resolve(refs)

    expect(found.size).toBe(6)
    const mkbhd = channel(MKBHD)
    expect(found.get(`id:${MKBHD}`)).toEqual({
      id: MKBHD,
      title: 'Marques Brownlee',
      handle: 'mkbhd',
      description: mkbhd.description,
      avatarUrl: mkbhd.avatarUrl,
      subscriberCount: mkbhd.subscriberCount,
      viewCount: mkbhd.viewCount,
      videoCount: mkbhd.videoCount,
      hiddenSubscriberCount: false,
      country: 'US',
      etag: expect.any(String),
    })
    expect(found.get('handle:linustechtips')?.id).toBe(LTT)
    expect(found.get('username:destinws2')?.title).toBe('SmarterEveryDay')
    expect(found.get('custom:vsauce')?.id).toBe('UC6nSFpj9HTCZ5t-N3Rm3-HA')
    expect(found.get(`id:${UNKNOWN_ID}`)).toBeNull()
    expect(found.get('handle:nobody-has-this')).toBeNull()

    // Only channels.list, never search.list; ids share one call, the others one each.
    const api = fake.apiCalls()
    expect(api.every((call) => call.path === '/youtube/v3/channels')).toBe(true)
    expect(api.map((call) => call.params.part)).toEqual(Array(5).fill('snippet,statistics'))
    expect(api.filter((call) => call.params.id !== undefined)).toHaveLength(1)
    expect(api.find((call) => call.params.id !== undefined)?.params.id).toBe(
      `${MKBHD},${UNKNOWN_ID}`,
    )
    expect(youtube.quotaUsed).toBe(5)
    expect(youtube.usesApi).toBe(true)
  })

  it('sends the key in a header, never in the URL', async () => {
    await client().resolve(ids(MKBHD))
    const [call] = fake.apiCalls()
    expect(call?.headers['x-goog-api-key']).toBe(KEY)
    expect(call?.url).not.toContain(KEY)
    expect(call?.params.key).toBeUndefined()
  })

  it('batches 120 ids into 3 calls of at most 50 and counts 3 quota units', async () => {
    const many = Array.from({ length: 110 }, (_, index) => generated(index))
    fake.setChannels([...DEMO_CHANNELS, ...many])
    const onQuota = vi.fn()
    const youtube = client({ onQuota })
    const wanted = [
      ...many.map((entry) => entry.id),
      ...DEMO_CHANNELS.slice(0, 10).map((c) => c.id),
    ]
    expect(wanted).toHaveLength(120)

    const found = await youtube.resolve(ids(...wanted))

    const api = fake.apiCalls()
    expect(api).toHaveLength(3)
    expect(api.map((call) => call.params.id?.split(',').length).sort()).toEqual([20, 50, 50])
    expect(new Set(api.flatMap((call) => call.params.id?.split(',') ?? []))).toEqual(
      new Set(wanted),
    )
    expect([...found.values()].filter((entry) => entry !== null)).toHaveLength(120)
    expect(found.get(`id:${many[42]?.id}`)?.title).toBe('Generated 42')
    expect(youtube.quotaUsed).toBe(3)
    expect(onQuota).toHaveBeenCalledTimes(3)
    expect(onQuota).toHaveBeenLastCalledWith({ units: 1, method: 'channels.list', total: 3 })
  })

  it('asks once per distinct reference (refKey dedupe, handles case-insensitive)', async () => {
    const youtube = client()
    const found = await youtube.resolve([
      { kind: 'handle', handle: 'MKBHD' },
      { kind: 'handle', handle: 'mkbhd' },
      { kind: 'id', id: MKBHD },
      { kind: 'id', id: MKBHD },
    ])
    expect([...found.keys()].sort()).toEqual([`id:${MKBHD}`, 'handle:mkbhd'].sort())
    expect(fake.apiCalls()).toHaveLength(2)
  })

  it('finds handles with forHandle, in any script and any case', async () => {
    const youtube = client()
    const refs: ChannelRef[] = [
      { kind: 'handle', handle: 'ゆっくり実況' },
      { kind: 'handle', handle: 'VERITASIUM' },
    ]
    const found = await youtube.resolve(refs)
    expect(found.get(refKey({ kind: 'handle', handle: 'ゆっくり実況' }))?.id).toBe(
      'UCfakeTubefoldDemo00001A',
    )
    expect(found.get('handle:veritasium')?.title).toBe('Veritasium')
    const handles = fake.apiCalls().map((call) => call.params.forHandle)
    expect(handles.sort()).toEqual(['VERITASIUM', 'ゆっくり実況'].sort())
  })

  it('reports a hidden subscriber count as unknown, not zero', async () => {
    const found = await client().resolve(ids('UCfakeTubefoldDemo00002B'))
    expect(found.get('id:UCfakeTubefoldDemo00002B')).toMatchObject({
      hiddenSubscriberCount: true,
      subscriberCount: null,
      country: null,
    })
  })

  it('falls back from forHandle to the /c/ page for a custom name that is not a handle', async () => {
    const legacy = generated(1, { handle: 'brandnewhandle', customName: 'OldCustomName' })
    fake.setChannels([...DEMO_CHANNELS, legacy])
    const youtube = client()
    const found = await youtube.resolve([{ kind: 'custom', name: 'OldCustomName' }])
    expect(found.get('custom:oldcustomname')).toMatchObject({
      id: legacy.id,
      handle: 'brandnewhandle',
      subscriberCount: legacy.subscriberCount,
    })
    expect(fake.calls.map((call) => call.path)).toEqual([
      '/youtube/v3/channels',
      '/c/OldCustomName',
      '/youtube/v3/channels',
    ])
    expect(fake.calls[0]?.params.forHandle).toBe('OldCustomName')
    expect(fake.calls[2]?.params.id).toBe(legacy.id)
    expect(youtube.quotaUsed).toBe(2)
  })

  it('retries once after a 500 and then succeeds', async () => {
    fake.failNext(1, { status: 500 })
    const youtube = client()
    const found = await youtube.resolve(ids(MKBHD))
    expect(found.get(`id:${MKBHD}`)?.title).toBe('Marques Brownlee')
    expect(fake.apiCalls()).toHaveLength(2)
    expect(youtube.quotaUsed).toBe(2)
  })

  it('gives up with YOUTUBE_UNAVAILABLE when the retry fails too', async () => {
    fake.failNext(2, { status: 503 })
    const error = await errorOf(client().resolve(ids(MKBHD)))
    expect(error.code).toBe('YOUTUBE_UNAVAILABLE')
    expect(fake.apiCalls()).toHaveLength(2)
  })

  it('times out, retries once, then reports YOUTUBE_UNAVAILABLE', async () => {
    fake.failNext(2, 'hang')
    const signals: AbortSignal[] = []
    const keepSignal: FetchFn = (input, init) => {
      if (init?.signal) signals.push(init.signal)
      return fetch(input, init)
    }
    const error = await errorOf(client({ timeoutMs: 200, fetch: keepSignal }).resolve(ids(MKBHD)))
    expect(error.code).toBe('YOUTUBE_UNAVAILABLE')
    expect(error.params.reason).toBe('timeout')
    expect(fake.apiCalls()).toHaveLength(2)
    // Each attempt was ended by its own deadline (AbortSignal.timeout never fires early).
    expect(signals.map((signal) => signal.reason?.name)).toEqual(['TimeoutError', 'TimeoutError'])
  })

  it('does not retry an exhausted quota or a bad key', async () => {
    fake.setOptions({ quotaExhausted: true })
    const resumeAt = new Date('2030-01-02T08:00:00Z')
    const onQuotaExceeded = vi.fn(async () => resumeAt)
    const quota = await client({ onQuotaExceeded })
      .resolve(ids(MKBHD))
      .then(
        () => null,
        (error: unknown) => error,
      )
    // A distinct error, not YOUTUBE_UNAVAILABLE: the caller pauses instead of giving up.
    expect(quota).toBeInstanceOf(QuotaExhaustedError)
    expect(quota).toMatchObject({ resumeAt })
    expect(onQuotaExceeded).toHaveBeenCalledTimes(1)
    expect(fake.apiCalls()).toHaveLength(1)

    fake.reset()
    const unhooked = await client()
      .resolve(ids(MKBHD))
      .catch((error: unknown) => error)
    expect(unhooked).toBeInstanceOf(QuotaExhaustedError)
    expect(fake.apiCalls()).toHaveLength(1)

    fake.reset()
    fake.setOptions({ quotaExhausted: false })
    const badKey = await errorOf(client({ apiKey: 'invalid-key' }).resolve(ids(MKBHD)))
    expect(badKey).toMatchObject({ code: 'YOUTUBE_UNAVAILABLE', params: { reason: 'badRequest' } })
    expect(fake.apiCalls()).toHaveLength(1)
  })

  it('keeps at most 8 requests in flight', async () => {
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
    // Id batches and per-handle calls share the same 8 slots.
    const handles = DEMO_CHANNELS.slice(0, 30).map(
      (entry): ChannelRef => ({ kind: 'handle', handle: entry.handle }),
    )
    const batched = ids(...DEMO_CHANNELS.slice(0, 60).map((entry) => entry.id))
    const found = await client({ fetch: counting }).resolve([...handles, ...batched])
    expect([...found.values()].every((entry) => entry !== null)).toBe(true)
    expect(fake.apiCalls()).toHaveLength(32)
    expect(peak).toBe(8)
  })

  it('never writes the key to the log, even when a call fails', async () => {
    const lines: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    setLogLevel('debug')
    try {
      fake.failNext(1, { status: 500 })
      await client().resolve(ids(MKBHD))
      fake.setOptions({ quotaExhausted: true })
      await expect(client().resolve(ids(LTT))).rejects.toBeInstanceOf(QuotaExhaustedError)
    } finally {
      setLogLevel('silent')
      spy.mockRestore()
    }
    expect(lines.length).toBeGreaterThanOrEqual(2)
    expect(lines.join('')).not.toContain(KEY)
  })

  it('channelsByIds batches by 50, skips malformed ids and leaves unknown ones out', async () => {
    const many = Array.from({ length: 60 }, (_, index) => generated(index))
    fake.setChannels(many)
    const youtube = client()
    const found = await youtube.channelsByIds([
      ...many.map((entry) => entry.id),
      many[0]?.id ?? '',
      'not-an-id',
      UNKNOWN_ID,
    ])
    expect(found.size).toBe(60)
    expect(found.has(UNKNOWN_ID)).toBe(false)
    expect(fake.apiCalls()).toHaveLength(2)
    expect(await youtube.channelsByIds(['nope'])).toEqual(new Map())
    expect(fake.apiCalls()).toHaveLength(2)
  })
})

describe('getYoutube', () => {
  const names = ['YOUTUBE_API_KEY', 'YOUTUBE_API_BASE_URL', 'YOUTUBE_WEB_BASE_URL'] as const
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]))

  afterEach(() => {
    for (const name of names) {
      const value = saved[name]
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    resetEnvCacheForTests()
    setYoutubeForTests(undefined)
  })

  it('follows the environment and can be replaced for tests', async () => {
    process.env.YOUTUBE_API_KEY = KEY
    process.env.YOUTUBE_API_BASE_URL = fake.apiBaseUrl
    process.env.YOUTUBE_WEB_BASE_URL = fake.webBaseUrl
    resetEnvCacheForTests()
    const withKey = getYoutube()
    expect(withKey.usesApi).toBe(true)
    expect(getYoutube()).toBe(withKey)
    expect((await withKey.resolve(ids(MKBHD))).get(`id:${MKBHD}`)?.id).toBe(MKBHD)
    expect(fake.apiCalls()).toHaveLength(1)

    delete process.env.YOUTUBE_API_KEY
    resetEnvCacheForTests()
    expect(getYoutube().usesApi).toBe(false)

    const replacement = client()
    setYoutubeForTests(replacement)
    expect(getYoutube()).toBe(replacement)
  })
})
