import { z } from 'zod'
import { AppError } from '~/lib/app-error'
import { CHANNEL_ID_RE, type ChannelRef, refKey, refPath } from '~/lib/youtube-urls'
import { getEnv } from '~/server/env.server'
import { log } from '~/server/logger.server'
import { nextQuotaReset, QuotaExhaustedError } from '~/server/youtube/quota.server'
import {
  createLimiter,
  decodeEntities,
  type FetchFn,
  fetchText,
  type HttpResult,
  TransportError,
  withRetry,
} from './http.server'

/*
 * The YouTube client. With an API key it asks the Data API (`channels.list`
 * only: 1 quota unit per call, never the 100-unit `search.list`); without one
 * it reads the public channel page's metadata. Base URLs come from the
 * environment so tests and `npm run dev:fakes` point it at a local fake.
 */

export type YoutubeChannel = {
  id: string
  title: string
  /** Without the leading `@`. */
  handle: string | null
  description: string
  avatarUrl: string | null
  subscriberCount: number | null
  viewCount: number | null
  videoCount: number | null
  hiddenSubscriberCount: boolean
  country: string | null
  etag: string | null
}

export type QuotaEvent = { units: number; method: 'channels.list'; total: number }

export type YoutubeClientOptions = {
  apiKey?: string
  /** e.g. `https://www.googleapis.com/youtube/v3` */
  apiBaseUrl: string
  /** e.g. `https://www.youtube.com` */
  webBaseUrl: string
  fetch?: FetchFn
  /** Per request, body included. */
  timeoutMs?: number
  /** Requests in flight at once. */
  concurrency?: number
  /** First backoff before the one retry. */
  retryDelayMs?: number
  /** Called for every Data API request sent (issue 6's quota ledger hooks in here). */
  onQuota?: (event: QuotaEvent) => void
  /**
   * Awaited before every Data API request, retries included (each costs
   * quota). Whatever it throws (e.g. QuotaExhaustedError) reaches the caller
   * as is: no retry, no YOUTUBE_UNAVAILABLE.
   */
  beforeRequest?: (units: number, method: string) => Promise<void>
  /**
   * YouTube answered `quotaExceeded`: books the rest of the day and returns
   * when work may resume. The client then throws QuotaExhaustedError.
   */
  onQuotaExceeded?: () => Promise<Date>
}

/** A conditional `channels.list` of up to 50 ids: the batch's ETag, or "unchanged" on a 304. */
export type ChannelsBatch =
  | { status: 'changed'; etag: string | null; channels: YoutubeChannel[] }
  | { status: 'unchanged' }

export type YoutubeClient = {
  /** True when the Data API is used; false when channel pages are read. */
  readonly usesApi: boolean
  /** Data API units spent by this client so far. */
  readonly quotaUsed: number
  /**
   * Resolves references to channels, keyed by `refKey(ref)`; null means
   * YouTube has no such channel. Throws AppError('YOUTUBE_UNAVAILABLE') when
   * YouTube cannot be asked.
   */
  resolve(refs: readonly ChannelRef[]): Promise<Map<string, YoutubeChannel | null>>
  /** Current data of channels by id (batches of 50); ids YouTube does not know are absent. */
  channelsByIds(ids: readonly string[]): Promise<Map<string, YoutubeChannel>>
  /**
   * One conditional `channels.list` call for at most 50 ids, with
   * If-None-Match when `etag` is given. Data API only (throws without a key).
   */
  channelsBatch(ids: readonly string[], etag?: string | null): Promise<ChannelsBatch>
}

const API_BATCH = 50
const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_CONCURRENCY = 8
const DEFAULT_RETRY_DELAY_MS = 500

/* Data API response shapes (only what we read). */

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

type ApiChannel = z.infer<typeof apiChannelSchema>

function count(value: string | undefined): number | null {
  if (value === undefined) return null
  const parsed = Number(value)
  return Number.isSafeInteger(parsed) && parsed >= 0 ? parsed : null
}

function fromApi(item: ApiChannel): YoutubeChannel {
  const snippet = item.snippet
  const stats = item.statistics
  const hidden = stats?.hiddenSubscriberCount ?? false
  const thumbs = snippet?.thumbnails
  return {
    id: item.id,
    title: snippet?.title ?? '',
    handle: snippet?.customUrl?.startsWith('@') ? snippet.customUrl.slice(1) : null,
    description: snippet?.description ?? '',
    avatarUrl: thumbs?.medium?.url ?? thumbs?.high?.url ?? thumbs?.default?.url ?? null,
    subscriberCount: hidden ? null : count(stats?.subscriberCount),
    viewCount: count(stats?.viewCount),
    videoCount: count(stats?.videoCount),
    hiddenSubscriberCount: hidden,
    country: snippet?.country ?? null,
    etag: item.etag ?? null,
  }
}

/* Channel pages. */

export type ChannelPage = {
  id: string
  title: string
  handle: string | null
  description: string
  avatarUrl: string | null
}

type Tag = Map<string, string>

function tags(html: string, name: 'meta' | 'link'): Tag[] {
  const out: Tag[] = []
  for (const [tag] of html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))) {
    const attributes: Tag = new Map()
    for (const match of tag.matchAll(/([a-z][\w:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      const [, key = '', double, single] = match
      attributes.set(key.toLowerCase(), decodeEntities(double ?? single ?? ''))
    }
    out.push(attributes)
  }
  return out
}

function metaContent(metas: Tag[], attribute: string, value: string): string | null {
  const found = metas.find((meta) => meta.get(attribute)?.toLowerCase() === value)
  const content = found?.get('content')?.trim()
  return content ? content : null
}

function channelIdIn(text: string | null | undefined): string | null {
  const match = text?.match(/\/channel\/(UC[A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/)
  return match?.[1] ?? null
}

function jsonString(raw: string): string {
  try {
    const parsed: unknown = JSON.parse(`"${raw}"`)
    return typeof parsed === 'string' ? parsed : raw
  } catch {
    return raw
  }
}

function handleIn(html: string): string | null {
  const match =
    html.match(/"vanityChannelUrl"\s*:\s*"https?:\/\/[^"/]+\/@([^"/?]+)"/) ??
    html.match(/"canonicalBaseUrl"\s*:\s*"\/@([^"/?]+)"/)
  if (!match?.[1]) return null
  try {
    return decodeURIComponent(jsonString(match[1])).normalize('NFC')
  } catch {
    return null
  }
}

/**
 * Reads a channel page's metadata: the id from `itemprop="identifier"` /
 * `channelId`, the canonical link, `og:url` or the embedded `externalId`;
 * title, description and avatar from the Open Graph tags. Null when the page
 * names no channel.
 */
export function parseChannelPage(html: string): ChannelPage | null {
  const metas = tags(html, 'meta')
  const links = tags(html, 'link')
  const canonical = links.find((link) => link.get('rel')?.toLowerCase() === 'canonical')
  const candidates = [
    metaContent(metas, 'itemprop', 'identifier'),
    metaContent(metas, 'itemprop', 'channelid'),
    html.match(/"externalId"\s*:\s*"(UC[A-Za-z0-9_-]{22})"/)?.[1],
    channelIdIn(canonical?.get('href')),
    channelIdIn(metaContent(metas, 'property', 'og:url')),
  ]
  const id = candidates.find((candidate) => candidate && CHANNEL_ID_RE.test(candidate))
  if (!id) return null
  const titleTag = html.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1]
  const title =
    metaContent(metas, 'property', 'og:title') ??
    metaContent(metas, 'name', 'title') ??
    metaContent(metas, 'itemprop', 'name') ??
    (titleTag
      ? decodeEntities(titleTag)
          .replace(/\s+-\s+YouTube\s*$/, '')
          .trim()
      : '')
  return {
    id,
    title,
    handle: handleIn(html),
    description:
      metaContent(metas, 'property', 'og:description') ??
      metaContent(metas, 'name', 'description') ??
      '',
    avatarUrl:
      metaContent(metas, 'property', 'og:image') ?? metaContent(metas, 'name', 'twitter:image'),
  }
}

function fromPage(page: ChannelPage, ref: ChannelRef | null): YoutubeChannel {
  return {
    id: page.id,
    title: page.title,
    handle: page.handle ?? (ref?.kind === 'handle' ? ref.handle : null),
    description: page.description,
    avatarUrl: page.avatarUrl,
    subscriberCount: null,
    viewCount: null,
    videoCount: null,
    hiddenSubscriberCount: false,
    country: null,
    etag: null,
  }
}

/* The client. */

/** Reasons Google gives when the project's daily quota is gone. */
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded'])

function unavailable(reason: string): AppError {
  return new AppError('YOUTUBE_UNAVAILABLE', { reason })
}

function apiErrorReason(result: HttpResult): string {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(result.body))
    const reason = parsed.success ? parsed.data.error.errors?.[0]?.reason : undefined
    return reason ?? `http${result.status}`
  } catch {
    return `http${result.status}`
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size))
  return out
}

export function createYoutubeClient(options: YoutubeClientOptions): YoutubeClient {
  const fetchImpl = options.fetch ?? fetch
  const apiBase = options.apiBaseUrl.replace(/\/+$/, '')
  const webBase = options.webBaseUrl.replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY)
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS
  const apiKey = options.apiKey || undefined
  let quotaUsed = 0
  // Shared by every call of this client, so one busy paste cannot open more than `concurrency` sockets.
  const limit = createLimiter(concurrency)

  /**
   * Sends one request with the retry policy; transport failures become
   * YOUTUBE_UNAVAILABLE. `before` runs ahead of every attempt, outside
   * fetchText so what it throws is not mistaken for a transport failure.
   */
  async function send(
    what: string,
    url: string,
    init: RequestInit,
    before?: () => Promise<void>,
  ): Promise<HttpResult> {
    try {
      return await withRetry(
        () =>
          limit(async () => {
            await before?.()
            return fetchText(fetchImpl, url, init, timeoutMs)
          }),
        { retries: 1, delayMs: retryDelayMs },
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
        throw unavailable(error.timedOut ? 'timeout' : 'network')
      }
      throw error
    }
  }

  /** Books one unit per attempt: the ledger first (it may refuse), then the local count. */
  async function spend() {
    await options.beforeRequest?.(1, 'channels.list')
    quotaUsed += 1
    options.onQuota?.({ units: 1, method: 'channels.list', total: quotaUsed })
  }

  /** One `channels.list` request; the key travels in a header, never in a URL that could be logged. */
  async function apiRequest(key: string, filter: Record<string, string>, etag?: string | null) {
    const params = new URLSearchParams({ part: 'snippet,statistics', ...filter })
    if (filter.id !== undefined) params.set('maxResults', String(API_BATCH))
    const headers: Record<string, string> = { 'x-goog-api-key': key, accept: 'application/json' }
    if (etag) headers['if-none-match'] = etag
    const result = await send('channels.list', `${apiBase}/channels?${params}`, { headers }, spend)
    if (result.status === 304 && etag) return { result, items: null, etag: undefined }
    if (result.status !== 200) {
      const reason = apiErrorReason(result)
      log.warn('youtube.api_error', { status: result.status, reason })
      if (result.status === 403 && QUOTA_REASONS.has(reason)) {
        const resumeAt = options.onQuotaExceeded
          ? await options.onQuotaExceeded()
          : nextQuotaReset()
        throw new QuotaExhaustedError(resumeAt)
      }
      throw unavailable(reason)
    }
    let body: unknown
    try {
      body = JSON.parse(result.body)
    } catch {
      throw unavailable('badResponse')
    }
    const parsed = listResponseSchema.safeParse(body)
    if (!parsed.success) throw unavailable('badResponse')
    return { result, items: parsed.data.items ?? [], etag: parsed.data.etag }
  }

  async function apiList(key: string, filter: Record<string, string>) {
    const { items } = await apiRequest(key, filter)
    return (items ?? []).map(fromApi)
  }

  /** A channel page by path; null when YouTube answers 404. */
  async function readPage(path: string): Promise<ChannelPage | null> {
    const result = await send('channel.page', `${webBase}${path}`, {
      headers: {
        accept: 'text/html',
        'accept-language': 'en',
        // Skips the cookie-consent interstitial some regions get instead of the page.
        cookie: 'SOCS=CAI',
      },
    })
    if (result.status === 404 || result.status === 410) return null
    if (result.status !== 200) {
      log.warn('youtube.page_error', { status: result.status })
      throw unavailable(`http${result.status}`)
    }
    const page = parseChannelPage(result.body)
    if (!page) {
      log.warn('youtube.page_unreadable', { path })
      throw unavailable('unreadablePage')
    }
    return page
  }

  async function byIdsWithApi(key: string, ids: readonly string[]) {
    const found = new Map<string, YoutubeChannel>()
    const batches = await Promise.all(
      chunk(ids, API_BATCH).map((batch) => apiList(key, { id: batch.join(',') })),
    )
    for (const channel of batches.flat()) found.set(channel.id, channel)
    return found
  }

  async function byIdsWithPages(ids: readonly string[]) {
    const found = new Map<string, YoutubeChannel>()
    const pages = await Promise.all(ids.map((id) => readPage(refPath({ kind: 'id', id }))))
    for (const page of pages) if (page) found.set(page.id, fromPage(page, null))
    return found
  }

  async function resolveOneWithApi(key: string, ref: ChannelRef): Promise<YoutubeChannel | null> {
    switch (ref.kind) {
      case 'id':
        return (await apiList(key, { id: ref.id }))[0] ?? null
      case 'handle':
        return (await apiList(key, { forHandle: ref.handle }))[0] ?? null
      case 'username':
        return (await apiList(key, { forUsername: ref.username }))[0] ?? null
      case 'custom': {
        // Most /c/ names became the channel's handle; the rest only the page knows.
        const byHandle = (await apiList(key, { forHandle: ref.name }))[0]
        if (byHandle) return byHandle
        const page = await readPage(refPath(ref))
        if (!page) return null
        return (await apiList(key, { id: page.id }))[0] ?? fromPage(page, ref)
      }
    }
  }

  async function resolveOneWithPage(ref: ChannelRef): Promise<YoutubeChannel | null> {
    const page = await readPage(refPath(ref))
    return page ? fromPage(page, ref) : null
  }

  return {
    usesApi: apiKey !== undefined,
    get quotaUsed() {
      return quotaUsed
    },

    async resolve(refs) {
      const unique = new Map<string, ChannelRef>()
      for (const ref of refs) unique.set(refKey(ref), ref)
      const out = new Map<string, YoutubeChannel | null>()

      if (apiKey === undefined) {
        const entries = [...unique]
        const channels = await Promise.all(entries.map(([, ref]) => resolveOneWithPage(ref)))
        for (const [index, [key]] of entries.entries()) out.set(key, channels[index] ?? null)
        return out
      }

      // Ids go 50 to a call; each handle, username or custom name needs a call of its own.
      const ids = [...unique.values()].flatMap((ref) => (ref.kind === 'id' ? [ref.id] : []))
      const others = [...unique].filter(([, ref]) => ref.kind !== 'id')
      const [byId, resolved] = await Promise.all([
        byIdsWithApi(apiKey, ids),
        Promise.all(others.map(([, ref]) => resolveOneWithApi(apiKey, ref))),
      ])
      for (const id of ids) out.set(refKey({ kind: 'id', id }), byId.get(id) ?? null)
      for (const [index, [key]] of others.entries()) out.set(key, resolved[index] ?? null)
      return out
    },

    async channelsByIds(ids) {
      const valid = [...new Set(ids)].filter((id) => CHANNEL_ID_RE.test(id))
      if (valid.length === 0) return new Map()
      return apiKey === undefined ? byIdsWithPages(valid) : byIdsWithApi(apiKey, valid)
    },

    async channelsBatch(ids, etag) {
      if (apiKey === undefined) throw new Error('channelsBatch needs YOUTUBE_API_KEY')
      if (ids.length === 0 || ids.length > API_BATCH) {
        throw new Error(`channelsBatch takes 1 to ${API_BATCH} ids, got ${ids.length}`)
      }
      const answer = await apiRequest(apiKey, { id: ids.join(',') }, etag)
      if (answer.items === null) return { status: 'unchanged' }
      return {
        status: 'changed',
        etag: answer.result.headers.get('etag') ?? answer.etag ?? null,
        channels: answer.items.map(fromApi),
      }
    },
  }
}

let cached: { key: string; client: YoutubeClient } | undefined
let override: YoutubeClient | undefined

/** The client configured by the environment (YOUTUBE_API_KEY, YOUTUBE_*_BASE_URL). */
export function getYoutube(): YoutubeClient {
  if (override) return override
  const env = getEnv()
  const key = [env.YOUTUBE_API_KEY ?? '', env.YOUTUBE_API_BASE_URL, env.YOUTUBE_WEB_BASE_URL].join(
    '\n',
  )
  if (cached?.key !== key) {
    cached = {
      key,
      client: createYoutubeClient({
        apiKey: env.YOUTUBE_API_KEY,
        apiBaseUrl: env.YOUTUBE_API_BASE_URL,
        webBaseUrl: env.YOUTUBE_WEB_BASE_URL,
      }),
    }
  }
  return cached.client
}

/** Makes `getYoutube()` return this client (e.g. one aimed at a fake); undefined restores the default. */
export function setYoutubeForTests(client: YoutubeClient | undefined) {
  override = client
}

/** The client set by setYoutubeForTests, if any (the ledger-aware factory honours it too). */
export function youtubeOverrideForTests(): YoutubeClient | undefined {
  return override
}
