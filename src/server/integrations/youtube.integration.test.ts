import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  DEMO_CHANNELS,
  type DemoChannel,
  FAKE_ONLY_CHANNELS,
  initialsAvatar,
} from '~/db/factories/catalogue-fixtures'
import { AppError } from '~/lib/app-error'
import { type ChannelRef, refKey } from '~/lib/youtube-urls'
import { resetEnvCacheForTests } from '~/server/env.server'
import { setLogLevel } from '~/server/logger.server'
import { QuotaExhaustedError } from '~/server/youtube/quota.server'
import { startYoutubeFake, type YoutubeFake } from '../../../tests/fakes/youtube-fake'
import {
  createYoutubeClient,
  getYoutube,
  setYoutubeForTests,
  type YoutubeClientOptions,
} from './youtube.server'

const KEY = 'test-key-0123456789'
const MKBHD = 'UCBJycsmduvYEL83R_U4JriQ'
const LTT = 'UCXuqSBlHAE6Xw-yeJA0Tunw'
const UNKNOWN_ID = 'UCzzzzzzzzzzzzzzzzzzzzzz'

let fake: YoutubeFake

beforeAll(async () => {
  fake = await startYoutubeFake()
})

afterEach(() => {
  fake.reset()
  fake.setChannels([...DEMO_CHANNELS, ...FAKE_ONLY_CHANNELS])
  fake.setOptions({ latencyMs: 0, failRate: 0, quotaExhausted: false })
})

afterAll(async () => {
  await fake.close()
})

function client(overrides: Partial<YoutubeClientOptions> = {}) {
  return createYoutubeClient({
    apiKey: KEY,
    apiBaseUrl: fake.apiBaseUrl,
    webBaseUrl: fake.webBaseUrl,
    retryDelayMs: 10,
    ...overrides,
  })
}

function channel(id: string): DemoChannel {
  const found = [...DEMO_CHANNELS, ...FAKE_ONLY_CHANNELS].find((entry) => entry.id === id)
  if (!found) throw new Error(`no fixture ${id}`)
  return found
}

/** A made-up channel with a valid-format id, numbered. */
function generated(index: number, extra: Partial<DemoChannel> = {}): DemoChannel {
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

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}

const ids = (...values: string[]): ChannelRef[] => values.map((id) => ({ kind: 'id', id }))

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
    const error = await appErrorOf(client().resolve(ids(MKBHD)))
    expect(error.code).toBe('YOUTUBE_UNAVAILABLE')
    expect(fake.apiCalls()).toHaveLength(2)
  })

  it('times out, retries once, then reports YOUTUBE_UNAVAILABLE', async () => {
    fake.failNext(2, 'hang')
    const started = Date.now()
    const error = await appErrorOf(client({ timeoutMs: 200 }).resolve(ids(MKBHD)))
    expect(error.code).toBe('YOUTUBE_UNAVAILABLE')
    expect(error.params.reason).toBe('timeout')
    expect(fake.apiCalls()).toHaveLength(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(400)
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
    const badKey = await appErrorOf(client({ apiKey: 'invalid-key' }).resolve(ids(MKBHD)))
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

describe('beforeRequest (the quota ledger hook)', () => {
  it('is awaited before every Data API request, retries included, never for pages', async () => {
    const seen: string[] = []
    const beforeRequest = vi.fn(async (units: number, method: string) => {
      seen.push(`${method}:${units}:${fake.apiCalls().length}`)
    })
    fake.failNext(1, { status: 500 })
    const youtube = client({ beforeRequest })
    await youtube.resolve([...ids(MKBHD), { kind: 'custom', name: 'OldCustomName' }])
    // Booked before reaching the fake: the first booking saw no call yet.
    expect(seen[0]).toBe('channels.list:1:0')
    expect(beforeRequest).toHaveBeenCalledTimes(fake.apiCalls().length)
    expect(fake.apiCalls().length).toBeGreaterThanOrEqual(3)
    expect(seen.every((line) => line.startsWith('channels.list:1:'))).toBe(true)
    expect(youtube.quotaUsed).toBe(fake.apiCalls().length)
  })

  it('lets what it throws through at once: no request, no retry, no YOUTUBE_UNAVAILABLE', async () => {
    const refusal = new QuotaExhaustedError(new Date('2030-01-01T08:00:00Z'))
    const beforeRequest = vi.fn(async () => {
      throw refusal
    })
    const youtube = client({ beforeRequest })
    await expect(youtube.resolve(ids(MKBHD, LTT))).rejects.toBe(refusal)
    await expect(youtube.channelsBatch([MKBHD])).rejects.toBe(refusal)
    expect(beforeRequest).toHaveBeenCalledTimes(2)
    expect(fake.apiCalls()).toHaveLength(0)
    expect(youtube.quotaUsed).toBe(0)
  })
})

describe('channelsBatch (conditional channels.list)', () => {
  it('answers the batch with its ETag, then "unchanged" on a matching If-None-Match', async () => {
    const youtube = client()
    const first = await youtube.channelsBatch([MKBHD, LTT, UNKNOWN_ID])
    if (first.status !== 'changed') throw new Error('expected a body')
    expect(first.channels.map((entry) => entry.id).sort()).toEqual([MKBHD, LTT].sort())
    expect(first.etag).toEqual(expect.any(String))
    expect(fake.apiCalls()[0]?.headers['if-none-match']).toBeUndefined()

    expect(await youtube.channelsBatch([MKBHD, LTT, UNKNOWN_ID], first.etag)).toEqual({
      status: 'unchanged',
    })
    expect(fake.apiCalls()[1]?.headers['if-none-match']).toBe(first.etag)

    // Data changed on YouTube: the old ETag no longer matches.
    fake.setChannels([{ ...channel(MKBHD), subscriberCount: 1 }, channel(LTT)])
    const changed = await youtube.channelsBatch([MKBHD, LTT, UNKNOWN_ID], first.etag)
    expect(changed).toMatchObject({ status: 'changed' })
    if (changed.status === 'changed') {
      expect(changed.etag).not.toBe(first.etag)
      expect(changed.channels.find((entry) => entry.id === MKBHD)?.subscriberCount).toBe(1)
    }
    expect(youtube.quotaUsed).toBe(3)
  })

  it('refuses more than 50 ids and works only with a key', async () => {
    const many = Array.from({ length: 51 }, (_, index) => generated(index).id)
    await expect(client().channelsBatch(many)).rejects.toThrow(/1 to 50/)
    await expect(client({ apiKey: undefined }).channelsBatch([MKBHD])).rejects.toThrow(
      /YOUTUBE_API_KEY/,
    )
    expect(fake.calls).toHaveLength(0)
  })
})

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
    const error = await appErrorOf(client({ apiKey: undefined }).resolve(ids(MKBHD)))
    expect(error.code).toBe('YOUTUBE_UNAVAILABLE')
  })

  it('times out a silent page and reports YOUTUBE_UNAVAILABLE', async () => {
    fake.failNext(2, 'hang')
    const error = await appErrorOf(
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
    const error = await appErrorOf(
      createYoutubeClient({ apiBaseUrl: base, webBaseUrl: base, retryDelayMs: 5 }).resolve(
        ids(MKBHD),
      ),
    )
    expect(error).toMatchObject({ code: 'YOUTUBE_UNAVAILABLE', params: { reason: 'network' } })
  })
})

describe('the fake itself', () => {
  it('answers If-None-Match with 304 when nothing changed', async () => {
    const url = `${fake.apiBaseUrl}/channels?part=snippet&id=${MKBHD}`
    const first = await fetch(url, { headers: { 'x-goog-api-key': KEY } })
    const body: unknown = await first.json()
    const etag = first.headers.get('etag')
    expect(body).toMatchObject({ etag, items: [{ id: MKBHD }] })
    const again = await fetch(url, {
      headers: { 'x-goog-api-key': KEY, 'if-none-match': etag ?? '' },
    })
    expect(again.status).toBe(304)
    const changed = await fetch(url.replace('part=snippet', 'part=snippet,statistics'), {
      headers: { 'x-goog-api-key': KEY, 'if-none-match': etag ?? '' },
    })
    expect(changed.status).toBe(200)
  })

  it('refuses a missing key (403), more than 50 ids (400) and a missing part (400)', async () => {
    const base = `${fake.apiBaseUrl}/channels`
    expect((await fetch(`${base}?part=snippet&id=${MKBHD}`)).status).toBe(403)
    const tooMany = Array.from({ length: 51 }, (_, index) => generated(index).id).join(',')
    const headers = { 'x-goog-api-key': KEY }
    expect((await fetch(`${base}?part=snippet&id=${tooMany}`, { headers })).status).toBe(400)
    expect((await fetch(`${base}?id=${MKBHD}`, { headers })).status).toBe(400)
    expect((await fetch(`${base}?part=snippet&key=${KEY}&forHandle=@mkbhd`)).status).toBe(200)
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
