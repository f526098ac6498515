import { getEnv } from '~/server/env.server'
import {
  decodeEntities,
  type FetchFn,
  fetchText,
  type HttpResult,
  TransportError,
  withRetry,
} from './http.server'

/*
 * The YouTube RSS client: `/feeds/videos.xml?channel_id=UC…` (no key, no
 * quota, the 15 newest uploads). Conditional GET with the validators of the
 * last answer; one quick retry for 5xx and transport failures, the rest of
 * the backoff is the caller's (across runs). The base URL comes from
 * YOUTUBE_FEED_BASE_URL so tests and `npm run dev:fakes` use a local fake.
 */

export type FeedVideo = {
  /** YouTube's 11-character video id. */
  id: string
  title: string
  description: string
  thumbnailUrl: string | null
  /** RSS links Shorts as `/shorts/<id>`. */
  isShort: boolean
  viewCount: number | null
  publishedAt: Date
}

export type ParsedFeed = {
  /** The feed's own channel id, when it states one. */
  channelId: string | null
  title: string | null
  videos: FeedVideo[]
}

export type FeedValidators = { etag: string | null; lastModified: string | null }

export type FeedFetchResult =
  | ({ kind: 'ok'; feed: ParsedFeed } & FeedValidators)
  | ({ kind: 'not-modified' } & FeedValidators)
  /** `status` is null when no answer came (network failure or timeout). */
  | { kind: 'failed'; status: number | null; error: string }

export type FeedClientOptions = {
  /** e.g. `https://www.youtube.com` */
  baseUrl: string
  fetch?: FetchFn
  /** Per request, body included. */
  timeoutMs?: number
  /** Backoff before the one quick retry. */
  retryDelayMs?: number
}

export type FeedClient = {
  fetchFeed(channelId: string, validators?: FeedValidators): Promise<FeedFetchResult>
}

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_RETRY_DELAY_MS = 300
const MAX_ERROR_LENGTH = 300

/** The feed is not the Atom document YouTube serves. */
export class FeedParseError extends Error {
  override name = 'FeedParseError'
}

/* A small parser for the one Atom shape YouTube serves: elements by qualified name, CDATA kept. */

function unwrap(raw: string): string {
  // CDATA is literal text; everything else is XML text with character references.
  const parts = raw.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
  return parts
    .map((part) =>
      part.startsWith('<![CDATA[')
        ? part.slice(9, -3)
        : decodeEntities(part.replace(/<[^>]*>/g, '')),
    )
    .join('')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const patterns = new Map<string, { element: RegExp; empty: RegExp; start: RegExp }>()

/** Compiled once per element name: a feed is parsed a thousand times per refresh run. */
function patternsFor(name: string) {
  let found = patterns.get(name)
  if (!found) {
    const tag = escapeRegExp(name)
    found = {
      element: new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}\\s*>`),
      empty: new RegExp(`<${tag}(?:\\s[^>]*)?/>`),
      start: new RegExp(`<${tag}(\\s[^>]*?)?/?>`, 'g'),
    }
    patterns.set(name, found)
  }
  return found
}

/** Text of the first `<name>` element (not a longer name sharing its prefix). */
function elementText(xml: string, name: string): string | null {
  const { element, empty } = patternsFor(name)
  const match = element.exec(xml)
  if (match) return unwrap(match[1] ?? '').trim()
  return empty.test(xml) ? '' : null
}

/** Attributes of every `<name …>` start tag. */
function startTags(xml: string, name: string): Record<string, string>[] {
  const tags: Record<string, string>[] = []
  for (const match of xml.matchAll(patternsFor(name).start)) {
    const attributes: Record<string, string> = {}
    for (const attribute of (match[1] ?? '').matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
      const key = attribute[1]
      if (key) attributes[key] = decodeEntities(attribute[3] ?? attribute[4] ?? '')
    }
    tags.push(attributes)
  }
  return tags
}

const VIDEO_ID_RE = /^[A-Za-z0-9_-]{11}$/
const CHANNEL_ID_RE = /^UC[A-Za-z0-9_-]{22}$/

/** Some feeds state the channel id without its `UC`. */
function normaliseChannelId(raw: string | null): string | null {
  if (!raw) return null
  const id = raw.replace(/^yt:channel:/, '')
  if (CHANNEL_ID_RE.test(id)) return id
  return /^[A-Za-z0-9_-]{22}$/.test(id) ? `UC${id}` : null
}

function parseEntry(entry: string): FeedVideo | null {
  const id = elementText(entry, 'yt:videoId') ?? elementText(entry, 'id')?.replace(/^yt:video:/, '')
  if (!id || !VIDEO_ID_RE.test(id)) return null
  const published = elementText(entry, 'published') ?? elementText(entry, 'updated')
  const publishedAt = published ? new Date(published) : null
  if (!publishedAt || Number.isNaN(publishedAt.getTime())) return null
  const links = startTags(entry, 'link')
  const href = (links.find((link) => (link.rel ?? 'alternate') === 'alternate') ?? links[0])?.href
  const thumbnail = startTags(entry, 'media:thumbnail')[0]?.url
  const views = Number(startTags(entry, 'media:statistics')[0]?.views)
  return {
    id,
    title: elementText(entry, 'title') ?? elementText(entry, 'media:title') ?? '',
    description: elementText(entry, 'media:description') ?? '',
    thumbnailUrl: thumbnail || null,
    isShort: href ? /\/shorts\//.test(href) : false,
    viewCount: Number.isSafeInteger(views) && views >= 0 ? views : null,
    publishedAt,
  }
}

/** Parses YouTube's Atom feed; entries without a video id or date are left out. */
export function parseFeed(xml: string): ParsedFeed {
  const start = /<feed[\s>]/.exec(xml)
  if (!start) throw new FeedParseError('not an Atom feed')
  const body = xml.slice(start.index)
  const firstEntry = body.search(/<entry[\s>]/)
  const head = firstEntry === -1 ? body : body.slice(0, firstEntry)
  const videos: FeedVideo[] = []
  const seen = new Set<string>()
  for (const match of body.matchAll(/<entry(?:\s[^>]*)?>([\s\S]*?)<\/entry\s*>/g)) {
    const video = parseEntry(match[1] ?? '')
    if (video && !seen.has(video.id)) {
      seen.add(video.id)
      videos.push(video)
    }
  }
  return {
    channelId: normaliseChannelId(elementText(head, 'yt:channelId') ?? elementText(head, 'id')),
    title: elementText(head, 'title'),
    videos,
  }
}

function describeStatus(result: HttpResult): string {
  return `HTTP ${result.status}`
}

export function createFeedClient(options: FeedClientOptions): FeedClient {
  const fetchImpl = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS
  const base = options.baseUrl.replace(/\/+$/, '')

  return {
    async fetchFeed(channelId, validators = { etag: null, lastModified: null }) {
      const url = `${base}/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`
      const headers: Record<string, string> = { accept: 'application/atom+xml, application/xml' }
      if (validators.etag) headers['if-none-match'] = validators.etag
      if (validators.lastModified) headers['if-modified-since'] = validators.lastModified
      let result: HttpResult
      try {
        result = await withRetry(() => fetchText(fetchImpl, url, { headers }, timeoutMs), {
          delayMs: retryDelayMs,
        })
      } catch (error) {
        if (error instanceof TransportError) {
          return { kind: 'failed', status: null, error: error.message.slice(0, MAX_ERROR_LENGTH) }
        }
        throw error
      }
      const answered = {
        etag: result.headers.get('etag') ?? validators.etag,
        lastModified: result.headers.get('last-modified') ?? validators.lastModified,
      }
      if (result.status === 304) return { kind: 'not-modified', ...answered }
      if (result.status !== 200) {
        return { kind: 'failed', status: result.status, error: describeStatus(result) }
      }
      try {
        return { kind: 'ok', feed: parseFeed(result.body), ...answered }
      } catch (error) {
        if (!(error instanceof FeedParseError)) throw error
        return { kind: 'failed', status: result.status, error: error.message }
      }
    },
  }
}

let cached: { baseUrl: string; client: FeedClient } | undefined
let override: FeedClient | undefined

/** The client aimed at YOUTUBE_FEED_BASE_URL. */
export function getFeedClient(): FeedClient {
  if (override) return override
  const baseUrl = getEnv().YOUTUBE_FEED_BASE_URL
  if (cached?.baseUrl !== baseUrl) cached = { baseUrl, client: createFeedClient({ baseUrl }) }
  return cached.client
}

/** Makes `getFeedClient()` return this client; undefined restores the default. */
export function setFeedClientForTests(client: FeedClient | undefined) {
  override = client
}
