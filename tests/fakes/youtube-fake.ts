/*
 * A local stand-in for YouTube: the Data API's `channels.list` (same JSON,
 * same errors: missing or invalid key, exhausted quota, ETag/304) and the
 * public channel pages with the metadata real ones carry. Serves the catalogue
 * fixtures; nothing here talks to the internet.
 */
import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import {
  DEMO_CHANNELS,
  type DemoChannel,
  FAKE_ONLY_CHANNELS,
} from '../../src/seed/factories/catalogue-fixtures.ts'
import {
  type FakeCall,
  type FakeServer,
  send,
  startFakeServer,
  type Trouble,
} from './fake-server.ts'
import {
  createGoogleOAuthFake,
  type GoogleOAuthFake,
  type GoogleOAuthFakeOptions,
  OAUTH_PATHS,
} from './google-oauth-fake.ts'
import {
  createRssFake,
  fakeVideoIds,
  type RssFake,
  type RssFakeOptions,
} from './youtube-rss-fake.ts'

export type YoutubeFakeOptions = {
  latencyMs?: number
  failRate?: number
  quotaExhausted?: boolean
  /** 0 (default) picks a free port. */
  port?: number
  host?: string
  /** Defaults to the demo channels plus the made-up ones. */
  channels?: readonly DemoChannel[]
  /** RSS feeds (`/feeds/videos.xml`): clock anchor, feeds for any valid id, handler delay. */
  feeds?: RssFakeOptions
  /** Google OAuth and the user-token Data API calls (Connect YouTube). */
  oauth?: GoogleOAuthFakeOptions
}

export type YoutubeFake = {
  url: string
  /** Use as YOUTUBE_API_BASE_URL. */
  apiBaseUrl: string
  /** Use as YOUTUBE_WEB_BASE_URL. */
  webBaseUrl: string
  /** Use as YOUTUBE_FEED_BASE_URL. */
  feedBaseUrl: string
  /** RSS controls: failFeed, publish, addChannels, maxInFlight… */
  rss: RssFake
  /** Use as GOOGLE_OAUTH_AUTHORIZE_URL, GOOGLE_OAUTH_TOKEN_URL, GOOGLE_OAUTH_REVOKE_URL. */
  oauthUrls: { authorize: string; token: string; revoke: string }
  /** OAuth controls: revocations, expireAccessTokens, approve, setSubscriptionCount… */
  oauth: GoogleOAuthFake
  calls: FakeCall[]
  /** Data API requests only. */
  apiCalls(): FakeCall[]
  setChannels(channels: readonly DemoChannel[]): void
  setOptions(options: { latencyMs?: number; failRate?: number; quotaExhausted?: boolean }): void
  /**
   * Unreachable for requests whose address contains one of `matches` (every
   * request with ['']): the socket is closed unanswered, like a network
   * failure. [] makes it reachable again. Over HTTP: `POST /__fake/unreachable`
   * with `{"matches": [...]}`.
   */
  setUnreachable(matches: readonly string[]): void
  failNext(count: number, trouble?: Trouble): void
  reset(): void
  close(): Promise<void>
}

/** Any key works except an empty one or one starting with "invalid". */
export const isAcceptedKey = (key: string) => key !== '' && !key.startsWith('invalid')

const API_PREFIX = '/youtube/v3'
const MAX_IDS = 50

function etagOf(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 27)
}

function googleError(
  res: ServerResponse,
  code: number,
  status: string,
  reason: string,
  message: string,
  domain = 'global',
) {
  send(
    res,
    code,
    JSON.stringify({
      error: { code, message, errors: [{ message, domain, reason }], status },
    }),
  )
}

function apiItem(channel: DemoChannel, parts: Set<string>) {
  const item: Record<string, unknown> = {
    kind: 'youtube#channel',
    etag: etagOf(channel),
    id: channel.id,
  }
  if (parts.has('snippet')) {
    const thumbnail = { url: channel.avatarUrl }
    item.snippet = {
      title: channel.title,
      description: channel.description,
      customUrl: `@${channel.handle.toLowerCase()}`,
      publishedAt: '2010-01-01T00:00:00Z',
      thumbnails: {
        default: { ...thumbnail, width: 88, height: 88 },
        medium: { ...thumbnail, width: 240, height: 240 },
        high: { ...thumbnail, width: 800, height: 800 },
      },
      localized: { title: channel.title, description: channel.description },
      ...(channel.country ? { country: channel.country } : {}),
    }
  }
  if (parts.has('statistics')) {
    item.statistics = {
      viewCount: String(channel.viewCount),
      ...(channel.hiddenSubscriberCount
        ? {}
        : { subscriberCount: String(channel.subscriberCount) }),
      hiddenSubscriberCount: channel.hiddenSubscriberCount,
      videoCount: String(channel.videoCount),
    }
  }
  return item
}

const fold = (text: string) => text.normalize('NFC').toLowerCase()

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** A channel page with the head tags and embedded data a real one has. */
export function channelPageHtml(channel: DemoChannel, webBaseUrl: string): string {
  const canonical = `${webBaseUrl}/channel/${channel.id}`
  const title = escapeHtml(channel.title)
  const description = escapeHtml(channel.description)
  const avatar = escapeHtml(channel.avatarUrl)
  const initialData = JSON.stringify({
    metadata: {
      channelMetadataRenderer: {
        title: channel.title,
        description: channel.description,
        externalId: channel.id,
        channelUrl: `https://www.youtube.com/channel/${channel.id}`,
        vanityChannelUrl: `http://www.youtube.com/@${encodeURIComponent(channel.handle)}`,
        avatar: { thumbnails: [{ url: channel.avatarUrl, width: 900, height: 900 }] },
      },
    },
  }).replace(/</g, '\\u003c')
  return `<!DOCTYPE html><html lang="en" dir="ltr"><head>
<title>${title} - YouTube</title>
<meta name="title" content="${title}">
<meta name="description" content="${description}">
<link rel="canonical" href="${canonical}">
<link rel="alternate" type="application/rss+xml" title="RSS" href="${webBaseUrl}/feeds/videos.xml?channel_id=${channel.id}">
<meta property="og:site_name" content="YouTube">
<meta property="og:url" content="${canonical}">
<meta property="og:title" content="${title}">
<meta property="og:image" content="${avatar}">
<meta property="og:description" content="${description}">
<meta property="og:type" content="profile">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${title}">
<meta name="twitter:image" content="${avatar}">
</head><body>
<div itemscope itemtype="http://schema.org/YoutubeChannelV2">
<meta itemprop="name" content="${title}">
<meta itemprop="identifier" content="${channel.id}">
<link itemprop="url" href="${canonical}">
</div>
<script nonce="fake">var ytInitialData = ${initialData};</script>
</body></html>`
}

const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html lang="en"><head><title>404 Not Found</title></head><body><p>This page isn\'t available. Sorry about that.</p></body></html>'

export async function startYoutubeFake(options: YoutubeFakeOptions = {}): Promise<YoutubeFake> {
  let channels: readonly DemoChannel[] = options.channels ?? [
    ...DEMO_CHANNELS,
    ...FAKE_ONLY_CHANNELS,
  ]
  let quotaExhausted = options.quotaExhausted ?? false
  let webBaseUrl = ''

  function channelsList(call: FakeCall, res: ServerResponse) {
    const key = call.headers['x-goog-api-key'] ?? call.params.key ?? ''
    if (key === '') {
      return googleError(
        res,
        403,
        'PERMISSION_DENIED',
        'forbidden',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      )
    }
    if (!isAcceptedKey(key)) {
      return googleError(
        res,
        400,
        'INVALID_ARGUMENT',
        'badRequest',
        'API key not valid. Please pass a valid API key.',
      )
    }
    if (quotaExhausted) {
      return googleError(
        res,
        403,
        'PERMISSION_DENIED',
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        'youtube.quota',
      )
    }
    const part = call.params.part
    if (!part) {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'required', 'Required parameter: part')
    }
    const parts = new Set(part.split(',').map((value) => value.trim()))
    const filters = ['id', 'forHandle', 'forUsername', 'mine', 'managedByMe', 'categoryId'].filter(
      (name) => call.params[name] !== undefined,
    )
    if (filters.length !== 1) {
      return googleError(
        res,
        400,
        'INVALID_ARGUMENT',
        filters.length === 0 ? 'missingRequiredParameter' : 'incompatibleParameters',
        'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle',
      )
    }

    let found: DemoChannel[] = []
    if (call.params.id !== undefined) {
      const ids = call.params.id.split(',').filter((id) => id !== '')
      if (ids.length > MAX_IDS) {
        return googleError(
          res,
          400,
          'INVALID_ARGUMENT',
          'invalidFilters',
          `Too many ids: at most ${MAX_IDS} per request.`,
        )
      }
      const byId = new Map(channels.map((channel) => [channel.id, channel]))
      found = ids.flatMap((id) => byId.get(id) ?? [])
    } else if (call.params.forHandle !== undefined) {
      const wanted = fold(call.params.forHandle.replace(/^@/, ''))
      found = channels.filter((channel) => fold(channel.handle) === wanted).slice(0, 1)
    } else if (call.params.forUsername !== undefined) {
      const wanted = fold(call.params.forUsername)
      found = channels.filter((channel) => channel.username && fold(channel.username) === wanted)
    } else {
      return googleError(res, 401, 'UNAUTHENTICATED', 'authError', 'Login Required.')
    }

    const items = found.map((channel) => apiItem(channel, parts))
    const etag = etagOf({ items, part })
    if (call.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag })
      return res.end()
    }
    const body = {
      kind: 'youtube#channelListResponse',
      etag,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      // Like Google: no `items` key at all when nothing matched.
      ...(items.length > 0 ? { items } : {}),
    }
    send(res, 200, JSON.stringify(body), 'application/json; charset=UTF-8', { etag })
  }

  /** The channel whose generated feed holds this video. */
  function videoOwner(videoId: string): DemoChannel | undefined {
    return channels.find((channel) => fakeVideoIds(channel.id).includes(videoId))
  }

  /** `videos.list` with part=snippet: each known video's channel (1 unit, up to 50 ids). */
  function videosList(call: FakeCall, res: ServerResponse) {
    const key = call.headers['x-goog-api-key'] ?? call.params.key ?? ''
    if (!isAcceptedKey(key)) {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'badRequest', 'API key not valid.')
    }
    if (quotaExhausted) {
      return googleError(
        res,
        403,
        'PERMISSION_DENIED',
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your quota.',
        'youtube.quota',
      )
    }
    if (!call.params.part || call.params.id === undefined) {
      return googleError(res, 400, 'INVALID_ARGUMENT', 'required', 'Required parameter: part, id')
    }
    const items = call.params.id
      .split(',')
      .filter((id) => id !== '')
      .flatMap((id) => {
        const owner = videoOwner(id)
        return owner
          ? [
              {
                kind: 'youtube#video',
                etag: etagOf({ id }),
                id,
                snippet: { channelId: owner.id, channelTitle: owner.title, title: `Video ${id}` },
              },
            ]
          : []
      })
    send(
      res,
      200,
      JSON.stringify({
        kind: 'youtube#videoListResponse',
        etag: etagOf(items),
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      }),
    )
  }

  function watchPage(call: FakeCall, res: ServerResponse) {
    const owner = videoOwner(call.params.v ?? '')
    // Like YouTube: a missing video is a 200 page that names no channel.
    const meta = owner ? `<meta itemprop="channelId" content="${owner.id}">` : ''
    send(
      res,
      200,
      `<!DOCTYPE html><html><head><title>Video - YouTube</title>${meta}</head><body></body></html>`,
      'text/html; charset=utf-8',
    )
  }

  function page(call: FakeCall, res: ServerResponse) {
    const [first = '', second = ''] = call.path.split('/').filter((segment) => segment !== '')
    let decodedFirst: string
    let decodedSecond: string
    try {
      decodedFirst = decodeURIComponent(first)
      decodedSecond = decodeURIComponent(second)
    } catch {
      return send(res, 400, 'Bad Request', 'text/plain')
    }
    let channel: DemoChannel | undefined
    if (first === 'channel') channel = channels.find((c) => c.id === second)
    else if (decodedFirst.startsWith('@')) {
      const handle = fold(decodedFirst.slice(1))
      channel = channels.find((c) => fold(c.handle) === handle)
    } else if (first === 'c') {
      channel = channels.find((c) => c.customName && fold(c.customName) === fold(decodedSecond))
    } else if (first === 'user') {
      channel = channels.find((c) => c.username && fold(c.username) === fold(decodedSecond))
    }
    if (!channel) return send(res, 404, NOT_FOUND_PAGE, 'text/html; charset=utf-8')
    send(res, 200, channelPageHtml(channel, webBaseUrl), 'text/html; charset=utf-8')
  }

  const rss = createRssFake({
    channel: (id) => channels.find((channel) => channel.id === id),
    webBaseUrl: () => webBaseUrl,
    feeds: options.feeds,
  })

  const oauth = createGoogleOAuthFake(
    () => channels,
    () => quotaExhausted,
    options.oauth,
  )

  const server: FakeServer = await startFakeServer(
    (call, res) => {
      if (oauth.handle(call, res)) return
      if (call.method !== 'GET') return send(res, 405, '', 'text/plain')
      if (call.path === `${API_PREFIX}/channels`) return channelsList(call, res)
      if (call.path === `${API_PREFIX}/videos`) return videosList(call, res)
      if (call.path === '/watch') return watchPage(call, res)
      if (call.path.startsWith(`${API_PREFIX}/`)) {
        return googleError(res, 404, 'NOT_FOUND', 'notFound', 'Not Found')
      }
      if (rss.handles(call.path)) return rss.handle(call, res)
      return page(call, res)
    },
    {
      port: options.port,
      host: options.host,
      latencyMs: options.latencyMs,
      failRate: options.failRate,
      failure: (res, status) => {
        // Google's backend-error body; for pages only the status matters.
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
        res.end(
          JSON.stringify({
            error: {
              code: status,
              message: 'Backend Error',
              errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }],
            },
          }),
        )
      },
    },
  )
  webBaseUrl = server.url

  return {
    url: server.url,
    apiBaseUrl: `${server.url}${API_PREFIX}`,
    webBaseUrl: server.url,
    feedBaseUrl: server.url,
    rss,
    oauthUrls: {
      authorize: `${server.url}${OAUTH_PATHS.authorize}`,
      token: `${server.url}${OAUTH_PATHS.token}`,
      revoke: `${server.url}${OAUTH_PATHS.revoke}`,
    },
    oauth,
    calls: server.calls,
    apiCalls: () => server.calls.filter((call) => call.path.startsWith(`${API_PREFIX}/`)),
    setChannels(next) {
      channels = next
    },
    setOptions(next) {
      if (next.latencyMs !== undefined) server.options.latencyMs = next.latencyMs
      if (next.failRate !== undefined) server.options.failRate = next.failRate
      if (next.quotaExhausted !== undefined) quotaExhausted = next.quotaExhausted
    },
    failNext: server.failNext,
    setUnreachable: server.setUnreachable,
    reset() {
      server.reset()
      rss.reset()
    },
    close: server.close,
  }
}
