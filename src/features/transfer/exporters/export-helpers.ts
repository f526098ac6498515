import type { ExportChannel, ExportGroup, ExportModel } from '../transfer.schemas'
import { GROUP_PATH_SEPARATOR } from '../transfer.schemas'

/* Pieces every exporter shares. */

/** About one network write: small enough to stream, big enough not to pay per row. */
export const CHUNK_SIZE = 64 * 1024

/** Joins small parts into chunks of about `size` UTF-16 units (never yields an empty chunk). */
export function* chunked(parts: Iterable<string>, size: number = CHUNK_SIZE): Generator<string> {
  let buffer: string[] = []
  let length = 0
  for (const part of parts) {
    if (part === '') continue
    buffer.push(part)
    length += part.length
    if (length >= size) {
      yield buffer.join('')
      buffer = []
      length = 0
    }
  }
  if (length > 0) yield buffer.join('')
}

export type GroupVisit = { group: ExportGroup; path: readonly string[] }

/** Every group in tree order (a parent before its children), with the names leading to it. */
export function* walkGroups(
  groups: readonly ExportGroup[],
  parentPath: readonly string[] = [],
): Generator<GroupVisit> {
  for (const group of groups) {
    const path = [...parentPath, group.name]
    yield { group, path }
    yield* walkGroups(group.groups, path)
  }
}

export function joinPath(path: readonly string[]): string {
  return path.join(GROUP_PATH_SEPARATOR)
}

/** Channel ids placed directly in a group, in order (animes are YouTube-less). */
export function channelIdsOf(group: ExportGroup): string[] {
  return group.items.filter((item) => item.kind === 'channel').map((item) => item.id)
}

export function channelIndex(model: ExportModel): Map<string, ExportChannel> {
  return new Map(model.channels.map((channel) => [channel.id, channel]))
}

/** The name other tools show: the title, or the id while the title is unknown. */
export function channelName(channels: ReadonlyMap<string, ExportChannel>, id: string): string {
  const title = channels.get(id)?.title ?? ''
  return title === '' ? id : title
}

export function channelUrl(id: string): string {
  return `https://www.youtube.com/channel/${id}`
}

export function channelFeedUrl(id: string): string {
  return `https://www.youtube.com/feeds/videos.xml?channel_id=${id}`
}

/** Hosts of YouTube's images, which all answer on https. */
const YOUTUBE_IMAGE_HOST = /(?:^|\.)(?:ggpht\.com|ytimg\.com|googleusercontent\.com)$/i

/**
 * https only, so other apps can load and keep it: a `data:` image (demo catalogue) or other scheme is left
 * out, and YouTube's `http://` images become https.
 */
export function httpsImageUrl(url: string | null): string | null {
  const text = url?.trim() ?? ''
  let parsed: URL
  try {
    parsed = new URL(text)
  } catch {
    return null
  }
  if (parsed.hostname === '' || /\s/.test(text)) return null
  // The address as stored, not as URL re-serialises it.
  if (parsed.protocol === 'https:') return text
  if (parsed.protocol === 'http:' && YOUTUBE_IMAGE_HOST.test(parsed.hostname)) {
    return `https:${text.slice('http:'.length)}`
  }
  return null
}
