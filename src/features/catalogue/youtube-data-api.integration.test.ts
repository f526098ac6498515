import { describe, expect, it, vi } from 'vitest'
import { QuotaExhaustedError } from '~/features/catalogue/quota.server'
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
import type { YoutubeClientOptions } from './youtube.server'

const fake = await youtubeFakeForFile()
const client = (overrides: Partial<YoutubeClientOptions> = {}) => clientOf(fake, overrides)

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
