import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FetchFn } from './http.server'
import { createFeedClient, FeedParseError, parseFeed } from './youtube-rss.server'

const CHANNEL = 'UCBJycsmduvYEL83R_U4JriQ'

/** The shape YouTube serves, trimmed to two entries (a video and a Short). */
const REAL_SHAPE = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}"/>
 <id>yt:channel:BJycsmduvYEL83R_U4JriQ</id>
 <yt:channelId>BJycsmduvYEL83R_U4JriQ</yt:channelId>
 <title>Marques Brownlee</title>
 <link rel="alternate" href="https://www.youtube.com/channel/${CHANNEL}"/>
 <author>
  <name>Marques Brownlee</name>
  <uri>https://www.youtube.com/channel/${CHANNEL}</uri>
 </author>
 <published>2008-03-21T15:25:54+00:00</published>
 <entry>
  <id>yt:video:dQw4w9WgXcQ</id>
  <yt:videoId>dQw4w9WgXcQ</yt:videoId>
  <yt:channelId>${CHANNEL}</yt:channelId>
  <title>Galaxy S25 Review: Tom &amp; Jerry&#39;s &lt;phone&gt;</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"/>
  <author>
   <name>Marques Brownlee</name>
   <uri>https://www.youtube.com/channel/${CHANNEL}</uri>
  </author>
  <published>2025-02-03T14:00:07+00:00</published>
  <updated>2025-02-04T01:12:44+00:00</updated>
  <media:group>
   <media:title>Galaxy S25 Review: Tom &amp; Jerry&#39;s &lt;phone&gt;</media:title>
   <media:content url="https://www.youtube.com/v/dQw4w9WgXcQ?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
   <media:thumbnail url="https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" width="480" height="360"/>
   <media:description>Line one
Line two &amp; more</media:description>
   <media:community>
    <media:starRating count="41234" average="5.00" min="1" max="5"/>
    <media:statistics views="1234567"/>
   </media:community>
  </media:group>
 </entry>
 <entry>
  <id>yt:video:abcdefghijk</id>
  <yt:videoId>abcdefghijk</yt:videoId>
  <yt:channelId>${CHANNEL}</yt:channelId>
  <title><![CDATA[It's <fast> #shorts]]></title>
  <link rel='alternate' href='https://www.youtube.com/shorts/abcdefghijk'/>
  <published>2025-02-01T10:00:00+00:00</published>
  <updated>2025-02-01T10:00:00+00:00</updated>
  <media:group>
   <media:title>It's fast #shorts</media:title>
   <media:thumbnail width="480" height="360" url="https://i2.ytimg.com/vi/abcdefghijk/hqdefault.jpg"/>
   <media:description></media:description>
   <media:community>
    <media:statistics views="0"/>
   </media:community>
  </media:group>
 </entry>
</feed>`

describe('parseFeed', () => {
  it('reads a real-shaped feed', () => {
    const feed = parseFeed(REAL_SHAPE)
    expect(feed.channelId).toBe(CHANNEL)
    expect(feed.title).toBe('Marques Brownlee')
    expect(feed.videos).toEqual([
      {
        id: 'dQw4w9WgXcQ',
        title: "Galaxy S25 Review: Tom & Jerry's <phone>",
        description: 'Line one\nLine two & more',
        thumbnailUrl: 'https://i1.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        isShort: false,
        viewCount: 1234567,
        publishedAt: new Date('2025-02-03T14:00:07Z'),
      },
      {
        id: 'abcdefghijk',
        title: "It's <fast> #shorts",
        description: '',
        thumbnailUrl: 'https://i2.ytimg.com/vi/abcdefghijk/hqdefault.jpg',
        isShort: true,
        viewCount: 0,
        publishedAt: new Date('2025-02-01T10:00:00Z'),
      },
    ])
  })

  it('reads a feed with no uploads', () => {
    const empty = `<feed xmlns="http://www.w3.org/2005/Atom"><yt:channelId>${CHANNEL}</yt:channelId><title>Empty</title></feed>`
    expect(parseFeed(empty)).toEqual({ channelId: CHANNEL, title: 'Empty', videos: [] })
  })

  it('leaves out entries without a valid id or date, and duplicates', () => {
    const entry = (id: string, published: string) =>
      `<entry><yt:videoId>${id}</yt:videoId><title>t</title><published>${published}</published></entry>`
    const xml = `<feed>${entry('short', '2025-01-01T00:00:00Z')}${entry('abcdefghijk', 'not a date')}${entry('ABCDEFGHIJK', '2025-01-01T00:00:00Z')}${entry('ABCDEFGHIJK', '2025-01-02T00:00:00Z')}</feed>`
    const feed = parseFeed(xml)
    expect(feed.videos.map((video) => video.id)).toEqual(['ABCDEFGHIJK'])
    expect(feed.videos[0]?.viewCount).toBeNull()
    expect(feed.videos[0]?.thumbnailUrl).toBeNull()
  })

  it('rejects what is not a feed', () => {
    expect(() => parseFeed('<!DOCTYPE html><html><body>Error 404</body></html>')).toThrow(
      FeedParseError,
    )
  })

  it('expands no entity a DOCTYPE declares', () => {
    const xml = `<!DOCTYPE feed [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><feed><entry><yt:videoId>abcdefghijk</yt:videoId><title>&b; &amp; co</title><published>2025-01-01T00:00:00Z</published></entry></feed>`
    expect(parseFeed(xml).videos[0]?.title).toBe('&b; & co')
  })

  it('keeps any title text intact through escaping', () => {
    const escapeXml = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (title) => {
        const xml = `<feed><entry><yt:videoId>abcdefghijk</yt:videoId><title>${escapeXml(title)}</title><published>2025-01-01T00:00:00Z</published></entry></feed>`
        expect(parseFeed(xml).videos[0]?.title).toBe(title.trim())
      }),
    )
  })
})

type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'network'

function scriptedFetch(answers: Answer[]) {
  const requests: { url: string; headers: Headers }[] = []
  const fetchImpl: FetchFn = async (input, init) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers) })
    const answer = answers.shift() ?? { status: 500 }
    if (answer === 'network') throw new TypeError('fetch failed')
    return new Response(answer.status === 304 ? null : (answer.body ?? ''), {
      status: answer.status,
      headers: answer.headers,
    })
  }
  return { fetchImpl, requests }
}

describe('createFeedClient', () => {
  it('sends the validators it has and reads new ones', async () => {
    const { fetchImpl, requests } = scriptedFetch([
      {
        status: 200,
        body: REAL_SHAPE,
        headers: { etag: '"v2"', 'last-modified': 'Mon, 03 Feb 2025 14:00:07 GMT' },
      },
    ])
    const client = createFeedClient({ baseUrl: 'http://fake.test/', fetch: fetchImpl })
    const result = await client.fetchFeed(CHANNEL, {
      etag: '"v1"',
      lastModified: 'Sun, 02 Feb 2025 00:00:00 GMT',
    })
    expect(requests[0]?.url).toBe(`http://fake.test/feeds/videos.xml?channel_id=${CHANNEL}`)
    expect(requests[0]?.headers.get('if-none-match')).toBe('"v1"')
    expect(requests[0]?.headers.get('if-modified-since')).toBe('Sun, 02 Feb 2025 00:00:00 GMT')
    expect(result).toMatchObject({
      kind: 'ok',
      etag: '"v2"',
      lastModified: 'Mon, 03 Feb 2025 14:00:07 GMT',
    })
    expect(result.kind === 'ok' ? result.feed.videos.length : 0).toBe(2)
  })

  it('sends no validators on a first fetch, and reports 304 as not modified', async () => {
    const { fetchImpl, requests } = scriptedFetch([{ status: 304, headers: { etag: '"v1"' } }])
    const client = createFeedClient({ baseUrl: 'http://fake.test', fetch: fetchImpl })
    const result = await client.fetchFeed(CHANNEL)
    expect(requests[0]?.headers.has('if-none-match')).toBe(false)
    expect(requests[0]?.headers.has('if-modified-since')).toBe(false)
    expect(result).toEqual({ kind: 'not-modified', etag: '"v1"', lastModified: null })
  })

  it('retries a 5xx or a network failure once, then gives up', async () => {
    const recovered = scriptedFetch([{ status: 503 }, { status: 200, body: REAL_SHAPE }])
    const client = createFeedClient({
      baseUrl: 'http://fake.test',
      fetch: recovered.fetchImpl,
      retryDelayMs: 1,
    })
    expect((await client.fetchFeed(CHANNEL)).kind).toBe('ok')
    expect(recovered.requests).toHaveLength(2)

    const down = scriptedFetch(['network', 'network', 'network'])
    const failing = createFeedClient({
      baseUrl: 'http://fake.test',
      fetch: down.fetchImpl,
      retryDelayMs: 1,
    })
    expect(await failing.fetchFeed(CHANNEL)).toMatchObject({ kind: 'failed', status: null })
    expect(down.requests).toHaveLength(2)
  })

  it('does not retry a 404 and reports a body that is not a feed as a failure', async () => {
    const missing = scriptedFetch([{ status: 404, body: 'Not Found' }])
    const client = createFeedClient({
      baseUrl: 'http://fake.test',
      fetch: missing.fetchImpl,
      retryDelayMs: 1,
    })
    expect(await client.fetchFeed(CHANNEL)).toEqual({
      kind: 'failed',
      status: 404,
      error: 'HTTP 404',
    })
    expect(missing.requests).toHaveLength(1)

    const html = scriptedFetch([{ status: 200, body: '<html>consent page</html>' }])
    const reader = createFeedClient({ baseUrl: 'http://fake.test', fetch: html.fetchImpl })
    expect(await reader.fetchFeed(CHANNEL)).toMatchObject({ kind: 'failed', status: 200 })
  })
})
