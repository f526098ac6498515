import { z } from 'zod'
import { nextQuotaReset, QuotaExhaustedError } from '~/features/catalogue/quota.server'
import { log } from '~/server/logger.server'
import type { HttpResult } from './http.server'
import { type YoutubeSend, youtubeUnavailable } from './youtube-send.server'

/* `channels.list` is the only method called: 1 unit per call, never the 100-unit `search.list`. */

export const API_BATCH = 50

const thumbnailSchema = z.object({ url: z.string() })
const apiChannelSchema = z.object({
  id: z.string(),
  etag: z.string().optional(),
  snippet: z
    .object({
      title: z.string().default(''),
      description: z.string().default(''),
      customUrl: z.string().optional(),
      thumbnails: z
        .object({
          default: thumbnailSchema.optional(),
          medium: thumbnailSchema.optional(),
          high: thumbnailSchema.optional(),
        })
        .optional(),
      country: z.string().optional(),
    })
    .optional(),
  statistics: z
    .object({
      viewCount: z.string().optional(),
      subscriberCount: z.string().optional(),
      hiddenSubscriberCount: z.boolean().optional(),
      videoCount: z.string().optional(),
    })
    .optional(),
})
const listResponseSchema = z.object({
  etag: z.string().optional(),
  items: z.array(apiChannelSchema).optional(),
})
const apiErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    errors: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
})

export type ApiChannel = z.infer<typeof apiChannelSchema>

/** A `channels.list` answer: its items, or null for "unchanged" (304), and the batch's ETag. */
export type ChannelsListAnswer = { items: ApiChannel[] | null; etag: string | null }

/** Reasons Google gives when the project's daily quota is gone. */
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded'])

function apiErrorReason(result: HttpResult): string {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(result.body))
    const reason = parsed.success ? parsed.data.error.errors?.[0]?.reason : undefined
    return reason ?? `http${result.status}`
  } catch {
    return `http${result.status}`
  }
}

export type ChannelsList = (
  filter: Record<string, string>,
  etag?: string | null,
) => Promise<ChannelsListAnswer>

export type ChannelsListOptions = {
  send: YoutubeSend
  apiBase: string
  key: string
  /** Books the unit of each attempt, retries included; what it throws ends the call. */
  spend: () => Promise<void>
  /** Books the rest of the day after `quotaExceeded`; returns when work may resume. */
  onQuotaExceeded?: () => Promise<Date>
}

/**
 * A Data API answer read once for every endpoint: a quota refusal throws
 * QuotaExhaustedError, any other failure or an unreadable body YOUTUBE_UNAVAILABLE.
 */
async function readAnswer<T>(
  result: Awaited<ReturnType<ChannelsListOptions['send']>>,
  schema: z.ZodType<T>,
  options: Pick<ChannelsListOptions, 'onQuotaExceeded'>,
): Promise<T> {
  if (result.status !== 200) {
    const reason = apiErrorReason(result)
    log.warn('youtube.api_error', { status: result.status, reason })
    if (result.status === 403 && QUOTA_REASONS.has(reason)) {
      throw new QuotaExhaustedError(
        options.onQuotaExceeded ? await options.onQuotaExceeded() : nextQuotaReset(),
      )
    }
    throw youtubeUnavailable(reason)
  }
  let body: unknown
  try {
    body = JSON.parse(result.body)
  } catch {
    throw youtubeUnavailable('badResponse')
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw youtubeUnavailable('badResponse')
  return parsed.data
}

/** The key travels in a header, never in a URL that could be logged. */
export function createChannelsList(options: ChannelsListOptions): ChannelsList {
  return async (filter, etag) => {
    const params = new URLSearchParams({ part: 'snippet,statistics', ...filter })
    if (filter.id !== undefined) params.set('maxResults', String(API_BATCH))
    const headers: Record<string, string> = {
      'x-goog-api-key': options.key,
      accept: 'application/json',
    }
    if (etag) headers['if-none-match'] = etag
    const result = await options.send(
      'channels.list',
      `${options.apiBase}/channels?${params}`,
      { headers },
      options.spend,
    )
    if (result.status === 304 && etag) return { items: null, etag }
    const data = await readAnswer(result, listResponseSchema, options)
    return { items: data.items ?? [], etag: result.headers.get('etag') ?? data.etag ?? null }
  }
}

const videosResponseSchema = z.object({
  items: z
    .array(z.object({ id: z.string(), snippet: z.object({ channelId: z.string() }).optional() }))
    .optional(),
})

/** `videos.list` (part=snippet, 1 unit for up to 50 ids): each video's channel id; absent ids are unknown. */
export type VideosChannels = (videoIds: readonly string[]) => Promise<Map<string, string>>

export function createVideosChannels(options: ChannelsListOptions): VideosChannels {
  return async (videoIds) => {
    const params = new URLSearchParams({
      part: 'snippet',
      id: videoIds.join(','),
      maxResults: String(API_BATCH),
    })
    const result = await options.send(
      'videos.list',
      `${options.apiBase}/videos?${params}`,
      { headers: { 'x-goog-api-key': options.key, accept: 'application/json' } },
      options.spend,
    )
    const data = await readAnswer(result, videosResponseSchema, options)
    const out = new Map<string, string>()
    for (const item of data.items ?? []) {
      if (item.snippet?.channelId) out.set(item.id, item.snippet.channelId)
    }
    return out
  }
}
