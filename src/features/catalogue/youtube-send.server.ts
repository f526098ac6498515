import { AppError } from '~/lib/app-error'
import { log } from '~/server/logger.server'
import {
  createLimiter,
  type FetchFn,
  fetchText,
  type HttpResult,
  TransportError,
  withRetry,
} from './http.server'

/* One retry, a deadline per request, a cap on requests in flight; no answer becomes YOUTUBE_UNAVAILABLE. */

/** `before` runs ahead of every attempt, outside the transport, so what it throws reaches the caller as is. */
export type YoutubeSend = (
  what: string,
  url: string,
  init: RequestInit,
  before?: () => Promise<void>,
) => Promise<HttpResult>

export type YoutubeSendOptions = {
  fetch: FetchFn
  timeoutMs: number
  concurrency: number
  retryDelayMs: number
}

export function youtubeUnavailable(reason: string): AppError {
  return new AppError('YOUTUBE_UNAVAILABLE', { reason })
}

export function createYoutubeSend(options: YoutubeSendOptions): YoutubeSend {
  // Shared by every call of one client, so one busy paste cannot open more than `concurrency` sockets.
  const limit = createLimiter(Math.max(1, options.concurrency))
  return async (what, url, init, before) => {
    try {
      return await withRetry(
        () =>
          limit(async () => {
            await before?.()
            return fetchText(options.fetch, url, init, options.timeoutMs)
          }),
        { retries: 1, delayMs: options.retryDelayMs },
        (outcome) =>
          log.warn('youtube.retry', {
            what,
            status: outcome instanceof TransportError ? null : outcome.status,
            error: outcome instanceof TransportError ? outcome.message : null,
          }),
      )
    } catch (error) {
      if (error instanceof TransportError) {
        log.warn('youtube.unreachable', { what, error: error.message })
        throw youtubeUnavailable(error.timedOut ? 'timeout' : 'network')
      }
      throw error
    }
  }
}
