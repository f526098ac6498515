import { z } from 'zod'
import type { Database } from '~/db/client.server'
import {
  chargeQuota,
  markQuotaExhausted,
  QuotaExhaustedError,
} from '~/features/catalogue/quota.server'
import { getEnv } from '~/server/env.server'
import { type FetchFn, fetchText, TransportError, withRetry } from './http.server'

/*
 * The user's own YouTube data with their OAuth token, each request booked in the quota ledger first. The
 * token goes in the Authorization header only, never in a URL or a log line.
 */

const PAGE_SIZE = 50
const TIMEOUT_MS = 15_000
/** A runaway nextPageToken loop stops here (YouTube lists at most a few thousand). */
const MAX_PAGES = 400

export type Subscription = { channelId: string; title: string; avatarUrl: string | null }
export type MyChannel = { id: string; title: string }

/** The access token was refused (expired or revoked): refresh and try again. */
export class YoutubeAuthError extends Error {
  override name = 'YoutubeAuthError'
}

/** Any other failure: YouTube down, a refusal other than auth or quota, a malformed answer. */
export class YoutubeRequestError extends Error {
  override name = 'YoutubeRequestError'
  readonly status: number
  constructor(status: number, reason: string) {
    super(`YouTube answered ${status} ${reason}`)
    this.status = status
  }
}

const thumbnailsSchema = z
  .record(z.string(), z.object({ url: z.string() }).partial())
  .optional()
  .catch(undefined)

const subscriptionPageSchema = z.object({
  nextPageToken: z.string().optional(),
  items: z
    .array(
      z.object({
        snippet: z.object({
          title: z.string().catch(''),
          resourceId: z.object({ channelId: z.string().optional() }),
          thumbnails: thumbnailsSchema,
        }),
      }),
    )
    .default([]),
})

const myChannelSchema = z.object({
  items: z
    .array(z.object({ id: z.string(), snippet: z.object({ title: z.string() }) }))
    .default([]),
})

const errorSchema = z.object({
  error: z.object({
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
})

function reasonOf(body: string): string {
  try {
    const parsed = errorSchema.safeParse(JSON.parse(body))
    return parsed.success ? (parsed.data.error.errors?.[0]?.reason ?? 'unknown') : 'unknown'
  } catch {
    return 'unknown'
  }
}

type Options = {
  fetchImpl?: FetchFn
  /** The token to use; called again with `true` once after a 401, to refresh it. */
  accessToken: (refresh: boolean) => Promise<string>
  payer?: string
}

/** One Data API GET booked as `purpose`, with one refresh-and-retry on 401. */
async function apiGet(
  db: Database,
  path: string,
  params: Record<string, string>,
  purpose: 'subscriptions' | 'lookup',
  options: Options,
): Promise<unknown> {
  const fetchImpl = options.fetchImpl ?? fetch
  const url = `${getEnv().YOUTUBE_API_BASE_URL}${path}?${new URLSearchParams(params).toString()}`
  let refreshed = false
  for (;;) {
    const token = await options.accessToken(refreshed)
    let result: Awaited<ReturnType<typeof fetchText>>
    try {
      // Booked per attempt: a retried request costs YouTube's units again.
      result = await withRetry(async () => {
        await chargeQuota(db, purpose, 1, new Date(), options.payer ?? null)
        return fetchText(
          fetchImpl,
          url,
          { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
          TIMEOUT_MS,
        )
      })
    } catch (error) {
      if (error instanceof TransportError) throw new YoutubeRequestError(0, 'transport')
      throw error
    }
    if (result.status === 200) {
      try {
        return JSON.parse(result.body)
      } catch {
        throw new YoutubeRequestError(200, 'malformed')
      }
    }
    const reason = reasonOf(result.body)
    if (result.status === 401) {
      if (refreshed) throw new YoutubeAuthError('the access token was refused after a refresh')
      refreshed = true
      continue
    }
    if (result.status === 403 && (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded')) {
      throw new QuotaExhaustedError(await markQuotaExhausted(db))
    }
    throw new YoutubeRequestError(result.status, reason)
  }
}

function bestThumbnail(thumbnails: z.infer<typeof thumbnailsSchema>): string | null {
  for (const size of ['high', 'medium', 'default']) {
    const url = thumbnails?.[size]?.url
    if (url) return url
  }
  return null
}

export async function listMySubscriptions(db: Database, options: Options): Promise<Subscription[]> {
  const found = new Map<string, Subscription>()
  let pageToken: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await apiGet(
      db,
      '/subscriptions',
      {
        part: 'snippet',
        mine: 'true',
        maxResults: String(PAGE_SIZE),
        ...(pageToken ? { pageToken } : {}),
      },
      'subscriptions',
      options,
    )
    const parsed = subscriptionPageSchema.safeParse(body)
    if (!parsed.success) throw new YoutubeRequestError(200, 'malformed')
    for (const item of parsed.data.items) {
      const channelId = item.snippet.resourceId.channelId
      if (!channelId || found.has(channelId)) continue
      found.set(channelId, {
        channelId,
        title: item.snippet.title,
        avatarUrl: bestThumbnail(item.snippet.thumbnails),
      })
    }
    pageToken = parsed.data.nextPageToken
    if (!pageToken) break
  }
  return [...found.values()]
}

/** The account's own channel (a Google account may have none). Booked as a lookup. */
export async function getMyChannel(db: Database, options: Options): Promise<MyChannel | null> {
  const body = await apiGet(db, '/channels', { part: 'snippet', mine: 'true' }, 'lookup', options)
  const parsed = myChannelSchema.safeParse(body)
  if (!parsed.success) throw new YoutubeRequestError(200, 'malformed')
  const first = parsed.data.items[0]
  return first ? { id: first.id, title: first.snippet.title } : null
}
