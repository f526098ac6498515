import { describe, expect, it } from 'vitest'
import { parseChannelPage } from './youtube-channel-page.server'

const ID = 'UCBJycsmduvYEL83R_U4JriQ'

/** The parts of a real channel page the reader relies on, in the order YouTube sends them. */
const REAL_SHAPE = `<!DOCTYPE html><html style="font-size: 10px;font-family: Roboto, Arial, sans-serif;" lang="en-GB" dark system-icons typography typography-spacing><head><script nonce="x">var ytcfg={};</script>
<title>Marques Brownlee - YouTube</title><meta name="description" content="MKBHD: Quality Tech Videos | YouTuber | Geek | Consumer Electronics | Tech Head | Internet Personality!"><meta name="keywords" content="MKBHD &quot;Marques Brownlee&quot;">
<link rel="canonical" href="https://www.youtube.com/channel/${ID}"><link rel="alternate" media="handheld" href="https://m.youtube.com/@mkbhd"><meta property="og:site_name" content="YouTube"><meta property="og:url" content="https://www.youtube.com/channel/${ID}"><meta property="og:title" content="Marques Brownlee"><meta property="og:image" content="https://yt3.googleusercontent.com/lkH37D712tiyphnu0Id0D5MwwQ7IRuwgQLVD05iMXlDWO-kDHut3uI4MgIEAQ9StK0qOST7fiA=s900-c-k-c0x00ffffff-no-rj"><meta property="og:description" content="MKBHD: Quality Tech Videos | YouTuber | Geek"><meta property="og:type" content="profile">
</head><body><script nonce="x">var ytInitialData = {"metadata":{"channelMetadataRenderer":{"title":"Marques Brownlee","externalId":"${ID}","vanityChannelUrl":"http://www.youtube.com/@mkbhd","ownerUrls":["http://www.youtube.com/@mkbhd"]}},"header":{"c4TabbedHeaderRenderer":{"navigationEndpoint":{"browseEndpoint":{"canonicalBaseUrl":"/@mkbhd"}}}},"contents":{"recommended":{"channelId":"UCXuqSBlHAE6Xw-yeJA0Tunw"}}};</script></body></html>`

describe('parseChannelPage', () => {
  it('reads a real-shaped page', () => {
    expect(parseChannelPage(REAL_SHAPE)).toEqual({
      id: ID,
      title: 'Marques Brownlee',
      handle: 'mkbhd',
      description: 'MKBHD: Quality Tech Videos | YouTuber | Geek',
      avatarUrl:
        'https://yt3.googleusercontent.com/lkH37D712tiyphnu0Id0D5MwwQ7IRuwgQLVD05iMXlDWO-kDHut3uI4MgIEAQ9StK0qOST7fiA=s900-c-k-c0x00ffffff-no-rj',
    })
  })

  it('takes the id from whichever source the page has', () => {
    const sources = [
      `<meta itemprop="identifier" content="${ID}">`,
      `<meta itemprop="channelId" content="${ID}">`,
      `<script>{"externalId":"${ID}"}</script>`,
      `<link href='https://www.youtube.com/channel/${ID}' rel='canonical'>`,
      `<meta content="https://www.youtube.com/channel/${ID}" property="og:url">`,
    ]
    for (const source of sources) {
      expect(parseChannelPage(`<html><head>${source}</head></html>`)?.id).toBe(ID)
    }
  })

  it('ignores ids of other channels mentioned in the page body', () => {
    const html = '<html><body><a href="/channel/UCXuqSBlHAE6Xw-yeJA0Tunw">LTT</a></body></html>'
    expect(parseChannelPage(html)).toBeNull()
  })

  it('rejects malformed ids and answers null for pages that name no channel', () => {
    expect(parseChannelPage('<meta itemprop="identifier" content="UCshort">')).toBeNull()
    expect(
      parseChannelPage('<html><title>Before you continue to YouTube</title></html>'),
    ).toBeNull()
    expect(parseChannelPage('')).toBeNull()
  })

  it('falls back to <title> and decodes entities and percent-encoded handles', () => {
    const handle = encodeURIComponent('ゆっくり実況')
    const html = `<title>Tom &amp; Jerry&#39;s &#x1F600; - YouTube</title>
<meta itemprop="identifier" content="${ID}">
<script>{"canonicalBaseUrl":"/@${handle}"}</script>`
    expect(parseChannelPage(html)).toEqual({
      id: ID,
      title: "Tom & Jerry's 😀",
      handle: 'ゆっくり実況',
      description: '',
      avatarUrl: null,
    })
  })
})
