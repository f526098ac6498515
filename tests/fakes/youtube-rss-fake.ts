/*
 * The RSS part of the YouTube fake: `/feeds/videos.xml?channel_id=UC…` in
 * YouTube's Atom shape. Every known channel has a deterministic feed of its
 * 15 newest uploads (some of them Shorts), dated relative to a fixed anchor so
 * the ETag stays the same until something is published. ETag/Last-Modified
 * with 304s, 404 for unknown channels, per-channel failures, and a count of
 * feed requests in flight (to check a client's concurrency cap).
 */
import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FakeCall } from './fake-server.ts'
import { send } from './fake-server.ts'

export const FEED_PATH = '/feeds/videos.xml'
const FEED_SIZE = 15
const CHANNEL_ID_RE = /^UC[A-Za-z0-9_-]{22}$/
const HOUR_MS = 3_600_000

export type FeedChannel = { id: string; title: string; category?: string }

export type RssFakeOptions = {
  /** Feed dates count back from here (default: the fake's start, to the hour). */
  anchor?: Date
  /** Serve a generated feed for every syntactically valid channel id. */
  feedAnyChannel?: boolean
  /** Extra delay inside the feed handler, counted as in flight. */
  feedDelayMs?: number
}

export type FeedTrouble = number | 'hang'

export type PublishedVideo = { id: string; title: string; short: boolean; publishedAt: Date }

export type RssFake = {
  handles(path: string): boolean
  handle(call: FakeCall, res: ServerResponse): Promise<void> | void
  /** Makes a channel's feed fail (HTTP status or no answer) until cleared with null. */
  failFeed(channelId: string, trouble: FeedTrouble | null): void
  /** A new upload at the top of the channel's feed (its ETag changes). */
  publish(
    channelId: string,
    video?: { title?: string; short?: boolean; publishedAt?: Date },
  ): PublishedVideo
  /** Channels the fake feeds besides the catalogue ones (made-up ids for benches). */
  addChannels(ids: readonly string[]): void
  setFeedOptions(options: RssFakeOptions): void
  /** The feed entries a channel serves now, newest first. */
  entries(channelId: string): PublishedVideo[] | null
  /** Most feed requests that were in flight at once since the last reset. */
  readonly maxInFlight: number
  readonly inFlight: number
  /** Forgets failures, publications, added channels and the in-flight peak. */
  reset(): void
}

function hash(text: string): Buffer {
  return createHash('sha256').update(text).digest()
}

/** A deterministic 11-character video id per channel and slot. */
function videoId(channelId: string, slot: string): string {
  return hash(`${channelId}:${slot}`).toString('base64url').slice(0, 11)
}

/** The generated videos' ids of a channel (its feed's slots), for `videos.list` and watch pages. */
export function fakeVideoIds(channelId: string): string[] {
  return Array.from({ length: FEED_SIZE }, (_, slot) => videoId(channelId, String(slot)))
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const TOPICS: Record<string, string[]> = {
  tech: [
    'the new flagship phone',
    'a budget laptop',
    'USB-C hubs',
    'my desk setup',
    'e-ink tablets',
  ],
  science: ['black holes', 'why bridges sway', 'the speed of light', 'prime numbers', 'tides'],
  cooking: ['sourdough', 'a 15-minute ramen', 'perfect omelettes', 'knife skills', 'street tacos'],
  music: ['a live session', 'the making of the album', 'a piano cover', 'tour diary', 'chords'],
  gaming: ['the hardest boss', 'speedrun tricks', 'indie gems', 'a retro console', 'patch notes'],
  culture: ['a city walk', 'old maps', 'a museum visit', 'street food', 'a forgotten invention'],
}
const FORMATS = [
  'I tried {t} for a week',
  'Everything wrong with {t}',
  '{t}, explained',
  'The truth about {t}',
  'Reacting to {t}',
  'A beginner’s guide to {t}',
  '{t} — 10 years later',
  'Is {t} worth it?',
]
const SHORT_FORMATS = ['{t} in 30 seconds #shorts', 'Wait for it… {t} #shorts']
/** Which of the 15 generated slots are Shorts. */
const SHORT_SLOTS = new Set([1, 5, 9, 12])

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function generatedTitle(channel: FeedChannel, slot: number, short: boolean): string {
  const seed = hash(`${channel.id}:title:${slot}`)
  const topics = TOPICS[channel.category ?? ''] ?? Object.values(TOPICS).flat()
  const topic = topics[(seed[0] ?? 0) % topics.length] ?? 'this'
  const formats = short ? SHORT_FORMATS : FORMATS
  const format = formats[(seed[1] ?? 0) % formats.length] ?? '{t}'
  return capitalise(format.replace('{t}', topic))
}

/** A small 16:9 SVG with the title's first letter: nothing is fetched from the internet. */
function thumbnail(id: string, title: string): string {
  const colour = `#${hash(id).toString('hex').slice(0, 6)}`
  const letter = escapeXml([...title][0] ?? '?')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270"><rect width="480" height="270" fill="${colour}"/><text x="240" y="160" font-family="system-ui,sans-serif" font-size="96" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

function atom(
  channel: FeedChannel,
  entries: readonly PublishedVideo[],
  webBaseUrl: string,
): string {
  const channelUrl = `${webBaseUrl}/channel/${channel.id}`
  const title = escapeXml(channel.title)
  const items = entries.map((entry) => {
    const link = entry.short
      ? `${webBaseUrl}/shorts/${entry.id}`
      : `${webBaseUrl}/watch?v=${entry.id}`
    const seed = hash(`${entry.id}:stats`)
    const views = (seed.readUInt32BE(0) % 2_000_000) + 100
    const entryTitle = escapeXml(entry.title)
    const published = entry.publishedAt.toISOString().replace('.000Z', '+00:00')
    const updated = new Date(entry.publishedAt.getTime() + 2 * HOUR_MS)
      .toISOString()
      .replace('.000Z', '+00:00')
    return ` <entry>
  <id>yt:video:${entry.id}</id>
  <yt:videoId>${entry.id}</yt:videoId>
  <yt:channelId>${channel.id}</yt:channelId>
  <title>${entryTitle}</title>
  <link rel="alternate" href="${link}"/>
  <author>
   <name>${title}</name>
   <uri>${channelUrl}</uri>
  </author>
  <published>${published}</published>
  <updated>${updated}</updated>
  <media:group>
   <media:title>${entryTitle}</media:title>
   <media:content url="${webBaseUrl}/v/${entry.id}?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="${escapeXml(thumbnail(entry.id, entry.title))}" width="480" height="360"/>
   <media:description>${escapeXml(`${entry.title}\n\nNew video from ${channel.title}. Thanks for watching & subscribing!`)}</media:description>
   <media:community>
    <media:starRating count="${Math.round(views / 40)}" average="5.00" min="1" max="5"/>
    <media:statistics views="${views}"/>
   </media:community>
  </media:group>
 </entry>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="${webBaseUrl}${FEED_PATH}?channel_id=${channel.id}"/>
 <id>yt:channel:${channel.id}</id>
 <yt:channelId>${channel.id}</yt:channelId>
 <title>${title}</title>
 <link rel="alternate" href="${channelUrl}"/>
 <author>
  <name>${title}</name>
  <uri>${channelUrl}</uri>
 </author>
 <published>2010-01-01T00:00:00+00:00</published>
${items.join('\n')}
</feed>`
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export function createRssFake(options: {
  /** The catalogue channels the fake knows (read on every request). */
  channel: (id: string) => FeedChannel | undefined
  /** The fake's own base URL, for links. */
  webBaseUrl: () => string
  feeds?: RssFakeOptions
}): RssFake {
  const startAnchor = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS)
  let settings: RssFakeOptions = { ...options.feeds }
  const failures = new Map<string, FeedTrouble>()
  const published = new Map<string, PublishedVideo[]>()
  const added = new Set<string>()
  let inFlight = 0
  let maxInFlight = 0
  // Rendered feeds, until something changes them: the bench asks for thousands.
  const rendered = new Map<string, { body: string; etag: string; lastModified: string }>()

  function feedChannel(id: string): FeedChannel | undefined {
    const known = options.channel(id)
    if (known) return known
    if (!CHANNEL_ID_RE.test(id)) return undefined
    if (added.has(id) || settings.feedAnyChannel) {
      return { id, title: `Channel ${id.slice(2, 8)}` }
    }
    return undefined
  }

  function generated(channel: FeedChannel): PublishedVideo[] {
    const anchor = (settings.anchor ?? startAnchor).getTime()
    // Each channel uploads on its own rhythm: every 10–60 hours, from a per-channel offset.
    const seed = hash(`${channel.id}:rhythm`)
    const every = (10 + ((seed[0] ?? 0) % 51)) * HOUR_MS
    const offset = ((seed[1] ?? 0) % 24) * HOUR_MS
    return Array.from({ length: FEED_SIZE }, (_, slot) => {
      const short = SHORT_SLOTS.has(slot)
      return {
        id: videoId(channel.id, String(slot)),
        title: generatedTitle(channel, slot, short),
        short,
        publishedAt: new Date(anchor - offset - slot * every),
      }
    })
  }

  function entriesOf(channel: FeedChannel): PublishedVideo[] {
    const extra = published.get(channel.id) ?? []
    return [...extra, ...generated(channel)].slice(0, FEED_SIZE)
  }

  function render(channel: FeedChannel) {
    const cached = rendered.get(channel.id)
    if (cached) return cached
    const entries = entriesOf(channel)
    const body = atom(channel, entries, options.webBaseUrl())
    const feed = {
      body,
      etag: `"${hash(body).toString('base64url').slice(0, 22)}"`,
      lastModified: (entries[0]?.publishedAt ?? new Date(0)).toUTCString(),
    }
    rendered.set(channel.id, feed)
    return feed
  }

  async function handle(call: FakeCall, res: ServerResponse) {
    inFlight++
    maxInFlight = Math.max(maxInFlight, inFlight)
    let answered = false
    const done = () => {
      if (answered) return
      answered = true
      inFlight--
    }
    res.once('close', done)
    res.once('finish', done)
    if (settings.feedDelayMs) await sleep(settings.feedDelayMs)
    const channelId = call.params.channel_id ?? ''
    const channel = feedChannel(channelId)
    const trouble = failures.get(channelId)
    if (trouble === 'hang') return // never answered; the client's deadline ends it
    if (trouble !== undefined) return send(res, trouble, 'Error', 'text/html; charset=utf-8')
    if (!channel) return send(res, 404, 'Not Found', 'text/html; charset=utf-8')
    const { body, etag, lastModified } = render(channel)
    const headers = { etag, 'last-modified': lastModified, 'cache-control': 'public, max-age=900' }
    const ifNoneMatch = call.headers['if-none-match']
    const ifModifiedSince = call.headers['if-modified-since']
    const unchanged =
      ifNoneMatch !== undefined
        ? ifNoneMatch.split(',').some((tag) => tag.trim() === etag)
        : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(lastModified)
    if (unchanged) {
      res.writeHead(304, headers)
      res.end()
      return
    }
    send(res, 200, body, 'application/atom+xml; charset=UTF-8', headers)
  }

  return {
    handles: (path) => path === FEED_PATH,
    handle,
    failFeed(channelId, trouble) {
      if (trouble === null) failures.delete(channelId)
      else failures.set(channelId, trouble)
    },
    publish(channelId, video = {}) {
      const list = published.get(channelId) ?? []
      const anchor = (settings.anchor ?? startAnchor).getTime()
      const entry: PublishedVideo = {
        id: videoId(channelId, `published-${list.length}`),
        title: video.title ?? `Brand new upload #${list.length + 1}`,
        short: video.short ?? false,
        publishedAt: video.publishedAt ?? new Date(anchor + (list.length + 1) * 60_000),
      }
      published.set(channelId, [entry, ...list])
      rendered.delete(channelId)
      return entry
    },
    addChannels(ids) {
      for (const id of ids) added.add(id)
    },
    setFeedOptions(next) {
      settings = { ...settings, ...next }
      rendered.clear()
    },
    entries(channelId) {
      const channel = feedChannel(channelId)
      return channel ? entriesOf(channel) : null
    },
    get maxInFlight() {
      return maxInFlight
    },
    get inFlight() {
      return inFlight
    },
    reset() {
      failures.clear()
      published.clear()
      added.clear()
      maxInFlight = inFlight
      settings = { ...options.feeds }
      rendered.clear()
    },
  }
}
