import { type LineReader, readPastedLines } from './pasted-lines'

// Pure and client-safe: the screen can say "not a channel" before asking the server, which parses the same way.

export const CHANNEL_ID_RE = /^UC[A-Za-z0-9_-]{22}$/

// Letters of any script with their combining marks, digits, `_`, `.`, `-` and the middle dot YouTube allows.
const HANDLE_RE = /^[\p{L}\p{M}\p{Nd}_.\-·]{3,30}$/u
/** Legacy usernames and /c/ custom names: no separators beyond these. */
const NAME_RE = /^[\p{L}\p{M}\p{Nd}_.\-·]{1,100}$/u

export type ChannelRef =
  | { kind: 'id'; id: string }
  | { kind: 'handle'; handle: string }
  | { kind: 'username'; username: string }
  | { kind: 'custom'; name: string }
  /** A video's address, in lists where it stands for its channel (decision 0049). */
  | { kind: 'video'; videoId: string }

export const VIDEO_ID_RE = /^[A-Za-z0-9_-]{11}$/

/** `videos`: a video link stands for its channel (add-by-paste, plain lists); else it is `notChannel`. */
export type ParseOptions = { videos?: boolean }

/** `notChannel`: a YouTube address of something else (a video, a playlist…); `invalid`: not YouTube. */
export type ChannelParseError = 'notChannel' | 'invalid'

export type ChannelParseResult =
  | { ref: ChannelRef; error: null }
  | { ref: null; error: ChannelParseError }

export type ParsedChannelLine = { line: number; input: string } & ChannelParseResult

const ok = (ref: ChannelRef): ChannelParseResult => ({ ref, error: null })
const fail = (error: ChannelParseError): ChannelParseResult => ({ ref: null, error })

const NOT_CHANNEL_PATHS = new Set([
  'watch',
  'shorts',
  'live',
  'playlist',
  'feed',
  'feeds',
  'results',
  'embed',
  'v',
  'e',
  'hashtag',
  'post',
  'clip',
  'premium',
  'gaming',
  'kids',
  'music',
  'account',
  'about',
  't',
  'signin',
  'logout',
  'redirect',
  'attribution_link',
  'shared',
  'source',
  'podcasts',
  'trending',
  'upload',
  'howyoutubeworks',
  'creators',
  'ads',
  'new',
  'supported_browsers',
  'oembed',
  'iframe_api',
  'sw.js',
  'favicon.ico',
  'robots.txt',
])

function isYoutubeHost(host: string): boolean {
  return host === 'youtube.com' || host.endsWith('.youtube.com')
}

function isShortHost(host: string): boolean {
  return host === 'youtu.be' || host === 'www.youtu.be'
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment).normalize('NFC')
  } catch {
    return null
  }
}

function handleRef(raw: string | null): ChannelParseResult {
  if (raw === null) return fail('invalid')
  const handle = raw.startsWith('@') ? raw.slice(1) : raw
  return HANDLE_RE.test(handle) ? ok({ kind: 'handle', handle }) : fail('invalid')
}

function nameRef(raw: string | undefined, kind: 'username' | 'custom'): ChannelParseResult {
  const name = raw === undefined ? null : decodeSegment(raw)
  if (!name || !NAME_RE.test(name)) return fail('invalid')
  return ok(kind === 'username' ? { kind, username: name } : { kind, name })
}

function withScheme(input: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(input)) return input
  if (input.startsWith('//')) return `https:${input}`
  // Something host-like before the first slash, e.g. `www.youtube.com/@x`.
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]|$)/i.test(input)) return `https://${input}`
  return null
}

/** `watch?v=ID`, `youtu.be/ID`, `/shorts/ID` (also `/live/ID`): the video's id, else null. */
function videoOf(host: string, url: URL, segments: readonly string[]): string | null {
  const [first, second] = segments
  let id: string | null = null
  if (isShortHost(host)) id = first ?? null
  else if (first?.toLowerCase() === 'watch') id = url.searchParams.get('v')
  else if (first?.toLowerCase() === 'shorts' || first?.toLowerCase() === 'live') id = second ?? null
  return id !== null && VIDEO_ID_RE.test(id) ? id : null
}

function fromUrl(url: URL, options: ParseOptions): ChannelParseResult {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('invalid')
  const host = url.hostname.toLowerCase().replace(/\.$/, '')
  if (!isShortHost(host) && !isYoutubeHost(host)) return fail('invalid')
  const segments = url.pathname.split('/').filter((segment) => segment !== '')
  if (options.videos) {
    const videoId = videoOf(host, url, segments)
    if (videoId !== null) return ok({ kind: 'video', videoId })
  }
  if (isShortHost(host)) return fail('notChannel')

  const [first, second] = segments
  if (first === undefined) return fail('notChannel')

  if (first.startsWith('@') || first.startsWith('%40')) return handleRef(decodeSegment(first))
  const head = first.toLowerCase()
  if (head === 'channel') {
    return second !== undefined && CHANNEL_ID_RE.test(second)
      ? ok({ kind: 'id', id: second })
      : fail('invalid')
  }
  if (head === 'c') return nameRef(second, 'custom')
  if (head === 'user') return nameRef(second, 'username')
  if (head === 'feeds' && second === 'videos.xml') {
    const id = url.searchParams.get('channel_id')
    if (id !== null) return CHANNEL_ID_RE.test(id) ? ok({ kind: 'id', id }) : fail('invalid')
    const user = url.searchParams.get('user')
    if (user !== null) return nameRef(encodeURIComponent(user), 'username')
    return fail('notChannel')
  }
  if (NOT_CHANNEL_PATHS.has(head)) return fail('notChannel')
  // Legacy vanity addresses (`youtube.com/LinusTechTips`) still lead to a channel.
  if (segments.length <= 2) return nameRef(first, 'custom')
  return fail('notChannel')
}

export function parseChannelInput(raw: string, options: ParseOptions = {}): ChannelParseResult {
  // People paste from chats and markdown: drop wrapping quotes, brackets and a trailing full stop.
  const input = raw
    .trim()
    .replace(/^[<("'`[]+/, '')
    .replace(/[>)"'`\]]+$/, '')
    .replace(/[.,;]+$/, '')
  if (input === '') return fail('invalid')
  if (CHANNEL_ID_RE.test(input)) return ok({ kind: 'id', id: input })
  // `@handle/videos` pasted without the host: the handle is what comes before the path.
  if (input.startsWith('@')) return handleRef(input.split(/[/?#]/)[0]?.normalize('NFC') ?? null)

  const candidate = withScheme(input)
  if (candidate === null) return fail('invalid')
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return fail('invalid')
  }
  return fromUrl(url, options)
}

/** The add-channel box's reading of a word: a channel, or why not (a YouTube link of something else is meant). */
export const CHANNEL_WORDS: LineReader<ChannelRef, ChannelParseError> = {
  read: (word) => {
    // A pasted video link stands for its channel.
    const parsed = parseChannelInput(word, { videos: true })
    return parsed.ref === null ? { problem: parsed.error } : { value: parsed.ref }
  },
  weight: (error) => (error === 'notChannel' ? 1 : 0),
}

/** One entry a line in paste order (pasted-lines' rules), with the 1-based line each came from. */
export function parseChannelLines(text: string): ParsedChannelLine[] {
  return Array.from(readPastedLines(text, CHANNEL_WORDS), (entry) =>
    entry.value === null
      ? { line: entry.line, input: entry.input, ref: null, error: entry.problem }
      : { line: entry.line, input: entry.input, ref: entry.value, error: null },
  )
}

/** A key that is equal for references that must be the same channel (for dedupe and maps). */
export function refKey(ref: ChannelRef): string {
  switch (ref.kind) {
    case 'id':
      return `id:${ref.id}`
    case 'handle':
      return `handle:${ref.handle.toLowerCase()}`
    case 'username':
      return `username:${ref.username.toLowerCase()}`
    case 'custom':
      return `custom:${ref.name.toLowerCase()}`
    case 'video':
      // Video ids are case-sensitive.
      return `video:${ref.videoId}`
  }
}

export function refPath(ref: ChannelRef): string {
  switch (ref.kind) {
    case 'id':
      return `/channel/${ref.id}`
    case 'handle':
      return `/@${encodeURIComponent(ref.handle)}`
    case 'username':
      return `/user/${encodeURIComponent(ref.username)}`
    case 'custom':
      return `/c/${encodeURIComponent(ref.name)}`
    case 'video':
      return `/watch?v=${encodeURIComponent(ref.videoId)}`
  }
}

/** How a reference reads in a problem row: the id, `@handle` or a short address. */
export function refInput(ref: ChannelRef): string {
  switch (ref.kind) {
    case 'id':
      return ref.id
    case 'handle':
      return `@${ref.handle}`
    case 'username':
      return `youtube.com/user/${ref.username}`
    case 'custom':
      return `youtube.com/c/${ref.name}`
    case 'video':
      return `youtube.com/watch?v=${ref.videoId}`
  }
}
