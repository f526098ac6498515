import { describe, expect, it, vi } from 'vitest'
import {
  createLimiter,
  decodeEntities,
  type HttpResult,
  htmlToText,
  TransportError,
  withRetry,
} from './http.server'

const result = (status: number): HttpResult => ({ status, headers: new Headers(), body: '' })

describe('withRetry', () => {
  it('retries a 5xx once and returns the second answer', async () => {
    const attempt = vi.fn().mockResolvedValueOnce(result(500)).mockResolvedValueOnce(result(200))
    const onRetry = vi.fn()
    expect((await withRetry(attempt, { delayMs: 1 }, onRetry)).status).toBe(200)
    expect(attempt).toHaveBeenCalledTimes(2)
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('returns the last 5xx when the retry fails too, and never tries a third time', async () => {
    const attempt = vi.fn().mockResolvedValue(result(503))
    expect((await withRetry(attempt, { delayMs: 1 })).status).toBe(503)
    expect(attempt).toHaveBeenCalledTimes(2)
  })

  it('does not retry answers such as 404 or 403', async () => {
    for (const status of [200, 304, 403, 404]) {
      const attempt = vi.fn().mockResolvedValue(result(status))
      expect((await withRetry(attempt, { delayMs: 1 })).status).toBe(status)
      expect(attempt).toHaveBeenCalledTimes(1)
    }
  })

  it('retries a transport failure once and then throws it', async () => {
    const attempt = vi.fn().mockRejectedValue(new TransportError('no answer', true))
    await expect(withRetry(attempt, { delayMs: 1 })).rejects.toMatchObject({ timedOut: true })
    expect(attempt).toHaveBeenCalledTimes(2)
  })

  it('lets programming errors through at once', async () => {
    const attempt = vi.fn().mockRejectedValue(new RangeError('bug'))
    await expect(withRetry(attempt, { delayMs: 1 })).rejects.toThrow(RangeError)
    expect(attempt).toHaveBeenCalledTimes(1)
  })

  it('backs off before the retry', async () => {
    vi.useFakeTimers()
    try {
      const attempt = vi.fn().mockResolvedValueOnce(result(500)).mockResolvedValueOnce(result(200))
      const retried = withRetry(attempt, { delayMs: 60 })
      // Fake time: just short of the delay, no retry yet; past it plus the 50 % jitter, the retry.
      await vi.advanceTimersByTimeAsync(59)
      expect(attempt).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(31)
      expect(attempt).toHaveBeenCalledTimes(2)
      expect((await retried).status).toBe(200)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('createLimiter', () => {
  it('never runs more than the limit at once and runs everything', async () => {
    const limit = createLimiter(3)
    let active = 0
    let peak = 0
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        limit(async () => {
          active++
          peak = Math.max(peak, active)
          await new Promise((resolve) => setTimeout(resolve, 5))
          active--
          return index
        }),
      ),
    )
    expect(done).toEqual(Array.from({ length: 20 }, (_, index) => index))
    expect(peak).toBe(3)
  })

  it('frees the slot of a failed task', async () => {
    const limit = createLimiter(1)
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await limit(async () => 'next')).toBe('next')
  })
})

describe('decodeEntities and htmlToText', () => {
  it('decodes named and numeric references and leaves unknown ones', () => {
    expect(
      decodeEntities('Tom &amp; Jerry&#39;s &#x27;x&#x27; &quot;q&quot; &lt;b&gt; &bogus;'),
    ).toBe(`Tom & Jerry's 'x' "q" <b> &bogus;`)
    expect(decodeEntities('&#128512; &#0; &#x110000;')).toBe('😀 &#0; &#x110000;')
  })

  it('turns AniList-style HTML into paragraphs of plain text', () => {
    const html =
      'First <i>line</i> &amp; more.<br><br>\nSecond paragraph.<br>\n<br>\n<br>Third.\r\n<br/>(Source: Crunchyroll)  '
    expect(htmlToText(html)).toBe(
      'First line & more.\n\nSecond paragraph.\n\nThird.\n\n(Source: Crunchyroll)',
    )
  })
})
