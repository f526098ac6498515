import { CHANNEL_ID_RE } from '~/lib/youtube-urls'
import { log } from '~/server/logger.server'
import { decodeEntities } from './http.server'
import { type YoutubeSend, youtubeUnavailable } from './youtube-send.server'

/* The fallback without an API key, and where a legacy /c/ name is looked up. */

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

/** Null when the page names no channel. */
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

/** Reads channel pages of `webBase` by path; a page YouTube does not have (404, 410) is null. */
export function createChannelPageReader(send: YoutubeSend, webBase: string) {
  return async function readPage(path: string): Promise<ChannelPage | null> {
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
      throw youtubeUnavailable(`http${result.status}`)
    }
    const page = parseChannelPage(result.body)
    if (!page) {
      log.warn('youtube.page_unreadable', { path })
      throw youtubeUnavailable('unreadablePage')
    }
    return page
  }
}

/** The channel of a watch page (`<meta itemprop="channelId">` or the page's data); null when none. */
export function videoPageChannelId(html: string): string | null {
  const meta = metaContent(tags(html, 'meta'), 'itemprop', 'channelid')
  if (meta && CHANNEL_ID_RE.test(meta)) return meta
  const data = html.match(/"channelId"\s*:\s*"(UC[A-Za-z0-9_-]{22})"/)
  return data?.[1] ?? null
}

/** Reads a video's watch page for its channel id; a video YouTube does not have is null. */
export function createVideoPageReader(send: YoutubeSend, webBase: string) {
  return async function readVideoOwner(videoId: string): Promise<string | null> {
    const result = await send('video.page', `${webBase}/watch?v=${encodeURIComponent(videoId)}`, {
      headers: { accept: 'text/html', 'accept-language': 'en', cookie: 'SOCS=CAI' },
    })
    if (result.status === 404 || result.status === 410) return null
    if (result.status !== 200) {
      log.warn('youtube.page_error', { status: result.status })
      throw youtubeUnavailable(`http${result.status}`)
    }
    return videoPageChannelId(result.body)
  }
}
