import { chunks } from '~/db/chunks'
import { CHANNEL_ID_RE, type ChannelRef, refKey, refPath } from '~/lib/youtube-urls'
import { getEnv } from '~/server/env.server'
import type { FetchFn } from './http.server'
import {
  type ChannelPage,
  createChannelPageReader,
  createVideoPageReader,
} from './youtube-channel-page.server'
import {
  API_BATCH,
  type ApiChannel,
  type ChannelsList,
  createChannelsList,
  createVideosChannels,
  type VideosChannels,
} from './youtube-data-api.server'
import { createYoutubeSend } from './youtube-send.server'

/*
 * With an API key it asks the Data API (`channels.list` only); without, it reads the public channel page.
 * Base URLs come from the environment so tests and `npm run dev:fakes` can point it at a fake.
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

export type QuotaEvent = { units: number; method: 'channels.list' | 'videos.list'; total: number }

export type YoutubeClientOptions = {
  apiKey?: string
  /** e.g. `https://www.googleapis.com/youtube/v3` */
  apiBaseUrl: string
  /** e.g. `https://www.youtube.com` */
  webBaseUrl: string
  fetch?: FetchFn
  timeoutMs?: number
  concurrency?: number
  retryDelayMs?: number
  /** Called for every Data API request sent (the quota ledger hooks in here). */
  onQuota?: (event: QuotaEvent) => void
  /**
   * Awaited before every Data API request, retries included (each costs quota). What it throws (e.g.
   * QuotaExhaustedError) reaches the caller as is: no retry, no YOUTUBE_UNAVAILABLE.
   */
  beforeRequest?: (units: number, method: string) => Promise<void>
  /** On `quotaExceeded`: books the rest of the day, returns when work may resume; the client then throws. */
  onQuotaExceeded?: () => Promise<Date>
}

/** A conditional `channels.list` of up to 50 ids: the batch's ETag, or "unchanged" on a 304. */
export type ChannelsBatch =
  | { status: 'changed'; etag: string | null; channels: YoutubeChannel[] }
  | { status: 'unchanged' }

export type YoutubeClient = {
  /** True when the Data API is used; false when channel pages are read. */
  readonly usesApi: boolean
  readonly quotaUsed: number
  /** Keyed by `refKey(ref)`; null: no such channel. Throws YOUTUBE_UNAVAILABLE when YouTube cannot be asked. */
  resolve(refs: readonly ChannelRef[]): Promise<Map<string, YoutubeChannel | null>>
  /** Current data of channels by id (batches of 50); ids YouTube does not know are absent. */
  channelsByIds(ids: readonly string[]): Promise<Map<string, YoutubeChannel>>
  /** One conditional `channels.list` (If-None-Match when `etag` is given). Data API only. */
  channelsBatch(ids: readonly string[], etag?: string | null): Promise<ChannelsBatch>
}

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_CONCURRENCY = 8
const DEFAULT_RETRY_DELAY_MS = 500

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

export function createYoutubeClient(options: YoutubeClientOptions): YoutubeClient {
  const send = createYoutubeSend({
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
  })
  const webBase = options.webBaseUrl.replace(/\/+$/, '')
  const readPage = createChannelPageReader(send, webBase)
  const readVideoOwner = createVideoPageReader(send, webBase)
  const apiKey = options.apiKey || undefined
  let quotaUsed = 0

  /** Books one unit per attempt: the ledger first (it may refuse), then the local count. */
  const spendOn = (method: QuotaEvent['method']) => async () => {
    await options.beforeRequest?.(1, method)
    quotaUsed += 1
    options.onQuota?.({ units: 1, method, total: quotaUsed })
  }

  const apiOptions =
    apiKey === undefined
      ? undefined
      : {
          send,
          apiBase: options.apiBaseUrl.replace(/\/+$/, ''),
          key: apiKey,
          onQuotaExceeded: options.onQuotaExceeded,
        }
  const channelsList =
    apiOptions && createChannelsList({ ...apiOptions, spend: spendOn('channels.list') })
  const videosChannels: VideosChannels | undefined =
    apiOptions && createVideosChannels({ ...apiOptions, spend: spendOn('videos.list') })

  async function apiList(list: ChannelsList, filter: Record<string, string>) {
    const { items } = await list(filter)
    return (items ?? []).map(fromApi)
  }

  async function byIdsWithApi(list: ChannelsList, ids: readonly string[]) {
    const found = new Map<string, YoutubeChannel>()
    const batches = await Promise.all(
      chunks(ids, API_BATCH).map((batch) => apiList(list, { id: batch.join(',') })),
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

  async function resolveOneWithApi(
    list: ChannelsList,
    ref: ChannelRef,
  ): Promise<YoutubeChannel | null> {
    switch (ref.kind) {
      case 'id':
        return (await apiList(list, { id: ref.id }))[0] ?? null
      case 'handle':
        return (await apiList(list, { forHandle: ref.handle }))[0] ?? null
      case 'username':
        return (await apiList(list, { forUsername: ref.username }))[0] ?? null
      case 'video': {
        // videos.list (1 unit) gives the channel id; channels.list (1 unit) the channel.
        const owner = videosChannels ? (await videosChannels([ref.videoId])).get(ref.videoId) : null
        return owner ? ((await apiList(list, { id: owner }))[0] ?? null) : null
      }
      case 'custom': {
        // Most /c/ names became the channel's handle; the rest only the page knows.
        const byHandle = (await apiList(list, { forHandle: ref.name }))[0]
        if (byHandle) return byHandle
        const page = await readPage(refPath(ref))
        if (!page) return null
        return (await apiList(list, { id: page.id }))[0] ?? fromPage(page, ref)
      }
    }
  }

  async function resolveOneWithPage(ref: ChannelRef): Promise<YoutubeChannel | null> {
    if (ref.kind === 'video') {
      const owner = await readVideoOwner(ref.videoId)
      if (owner === null) return null
      const page = await readPage(refPath({ kind: 'id', id: owner }))
      return page ? fromPage(page, null) : null
    }
    const page = await readPage(refPath(ref))
    return page ? fromPage(page, ref) : null
  }

  return {
    usesApi: channelsList !== undefined,
    get quotaUsed() {
      return quotaUsed
    },

    async resolve(refs) {
      const unique = new Map<string, ChannelRef>()
      for (const ref of refs) unique.set(refKey(ref), ref)
      const out = new Map<string, YoutubeChannel | null>()

      if (channelsList === undefined) {
        const entries = [...unique]
        const channels = await Promise.all(entries.map(([, ref]) => resolveOneWithPage(ref)))
        for (const [index, [key]] of entries.entries()) out.set(key, channels[index] ?? null)
        return out
      }

      // Ids go 50 to a call; each handle, username or custom name needs a call of its own.
      const ids = [...unique.values()].flatMap((ref) => (ref.kind === 'id' ? [ref.id] : []))
      const others = [...unique].filter(([, ref]) => ref.kind !== 'id')
      const [byId, resolved] = await Promise.all([
        byIdsWithApi(channelsList, ids),
        Promise.all(others.map(([, ref]) => resolveOneWithApi(channelsList, ref))),
      ])
      for (const id of ids) out.set(refKey({ kind: 'id', id }), byId.get(id) ?? null)
      for (const [index, [key]] of others.entries()) out.set(key, resolved[index] ?? null)
      return out
    },

    async channelsByIds(ids) {
      const valid = [...new Set(ids)].filter((id) => CHANNEL_ID_RE.test(id))
      if (valid.length === 0) return new Map()
      return channelsList === undefined ? byIdsWithPages(valid) : byIdsWithApi(channelsList, valid)
    },

    async channelsBatch(ids, etag) {
      if (channelsList === undefined) throw new Error('channelsBatch needs YOUTUBE_API_KEY')
      if (ids.length === 0 || ids.length > API_BATCH) {
        throw new Error(`channelsBatch takes 1 to ${API_BATCH} ids, got ${ids.length}`)
      }
      const answer = await channelsList({ id: ids.join(',') }, etag)
      if (answer.items === null) return { status: 'unchanged' }
      return { status: 'changed', etag: answer.etag, channels: answer.items.map(fromApi) }
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
