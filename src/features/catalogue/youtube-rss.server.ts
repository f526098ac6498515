import { localName, readXml, type XmlElement, XmlSyntaxError } from '~/lib/xml-document'
import { getEnv } from '~/server/env.server'
import { type FetchFn, fetchText, type HttpResult, TransportError, withRetry } from './http.server'

/*
 * `/feeds/videos.xml?channel_id=UC…`: no key, no quota, the 15 newest uploads. One quick retry for 5xx
 * and transport failures; the rest of the backoff is the caller's, across runs.
 */

export type FeedVideo = {
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
  baseUrl: string
  fetch?: FetchFn
  timeoutMs?: number
  retryDelayMs?: number
}

export type FeedClient = {
  fetchFeed(channelId: string, validators?: FeedValidators): Promise<FeedFetchResult>
}

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_RETRY_DELAY_MS = 300
const MAX_ERROR_LENGTH = 300

export class FeedParseError extends Error {
  override name = 'FeedParseError'
}

/** Atom nests four levels deep (feed, entry, media:group, media:community): room to spare. */
const FEED_MAX_DEPTH = 32

function child(parent: XmlElement, name: string): XmlElement | undefined {
  return parent.children.find((element) => element.name === name)
}

/** Text of the first `<name>` child, trimmed; null when there is none. */
function childText(parent: XmlElement, name: string): string | null {
  const found = child(parent, name)
  return found === undefined ? null : found.text.trim()
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

function parseEntry(entry: XmlElement): FeedVideo | null {
  const id = childText(entry, 'yt:videoId') ?? childText(entry, 'id')?.replace(/^yt:video:/, '')
  if (!id || !VIDEO_ID_RE.test(id)) return null
  const published = childText(entry, 'published') ?? childText(entry, 'updated')
  const publishedAt = published ? new Date(published) : null
  if (!publishedAt || Number.isNaN(publishedAt.getTime())) return null
  const links = entry.children.filter((element) => element.name === 'link')
  const link = links.find((found) => (found.attrs.get('rel') ?? 'alternate') === 'alternate')
  const href = (link ?? links[0])?.attrs.get('href')
  const group = child(entry, 'media:group')
  const thumbnail = group && child(group, 'media:thumbnail')?.attrs.get('url')
  const community = group && child(group, 'media:community')
  const views = Number(community && child(community, 'media:statistics')?.attrs.get('views'))
  return {
    id,
    title: childText(entry, 'title') ?? (group && childText(group, 'media:title')) ?? '',
    description: (group && childText(group, 'media:description')) ?? '',
    thumbnailUrl: thumbnail || null,
    isShort: href ? /\/shorts\//.test(href) : false,
    viewCount: Number.isSafeInteger(views) && views >= 0 ? views : null,
    publishedAt,
  }
}

/** Parses YouTube's Atom feed; entries without a video id or date are left out. */
export function parseFeed(xml: string): ParsedFeed {
  let document: XmlElement
  try {
    document = readXml(xml, { maxDepth: FEED_MAX_DEPTH, strict: false })
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new FeedParseError('not an Atom feed')
    throw error
  }
  const feed = document.children.find((element) => localName(element) === 'feed')
  if (!feed) throw new FeedParseError('not an Atom feed')
  const videos: FeedVideo[] = []
  const seen = new Set<string>()
  for (const entry of feed.children) {
    if (entry.name !== 'entry') continue
    const video = parseEntry(entry)
    if (video && !seen.has(video.id)) {
      seen.add(video.id)
      videos.push(video)
    }
  }
  return {
    channelId: normaliseChannelId(childText(feed, 'yt:channelId') ?? childText(feed, 'id')),
    title: childText(feed, 'title'),
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
