import type { ImportFormat } from '~/config/formats'
import { AppError } from '~/lib/app-error'
import { looksLikeFreetube } from './freetube'
import { grayjayListOf, isGrayjayList } from './grayjay'
import { isObject } from './json-values'
import { looksLikeLibreTube } from './libretube'
import { malformed } from './model-builder'
import { isSqlite } from './newpipe-zip'
import { looksLikeOpml } from './opml'
import { looksLikePocketTube } from './pockettube'
import { looksLikeTakeoutCsv } from './takeout-csv'
import { isTakeoutEntry } from './takeout-json'

/* From the content: names lie (people rename, browsers append "(1)"), so the file name only breaks ties. */

const JSON_FORMATS = [
  'takeout-json',
  'newpipe-json',
  'piped',
  'pockettube',
  'grayjay',
  'invidious',
  'libretube',
  'tubefold',
] as const satisfies readonly ImportFormat[]
export type JsonFormat = (typeof JSON_FORMATS)[number]

export type Detection =
  | { kind: 'zip' }
  | { kind: 'sqlite' }
  | { kind: 'json'; format: JsonFormat; value: unknown }
  /** A JSON array of strings: read as a plain list, entry by entry. */
  | { kind: 'strings'; value: string[] }
  | { kind: 'text'; format: 'freetube' | 'opml' | 'takeout-csv' | 'plain'; text: string }

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte)
}

/** UTF-8 (BOM or not) or BOM-marked UTF-16; null for anything binary. */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string
  try {
    if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(3))
    } else if (startsWith(bytes, [0xff, 0xfe])) {
      text = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(2))
    } else if (startsWith(bytes, [0xfe, 0xff])) {
      text = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(2))
    } else {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    }
  } catch {
    return null
  }
  return text.includes('\u0000') ? null : text
}

export function formatHint(fileName: string | null): ImportFormat | null {
  if (fileName === null) return null
  const name = fileName.toLowerCase()
  if (name.includes('tubefold')) return 'tubefold'
  if (name.includes('newpipe')) return name.endsWith('.zip') ? 'newpipe-zip' : 'newpipe-json'
  if (name.includes('freetube') || name.endsWith('.db')) return 'freetube'
  if (name.includes('invidious')) return 'invidious'
  if (name.includes('libretube')) return 'libretube'
  if (name.includes('piped') || name.includes('channel_groups')) return 'piped'
  if (name.includes('pockettube')) return 'pockettube'
  if (name.includes('grayjay') || name.includes('subscription_groups')) return 'grayjay'
  if (name.endsWith('.opml')) return 'opml'
  if (name.endsWith('.csv')) return 'takeout-csv'
  return null
}

function isJsonFormat(format: ImportFormat | null): format is JsonFormat {
  return JSON_FORMATS.some((json) => json === format)
}

/** Keys that only one tool writes: enough to name a JSON file that no longer parses. */
const MARKERS: [RegExp, JsonFormat][] = [
  [/"format"\s*:\s*"tubefold-backup"/, 'tubefold'],
  [/"format"\s*:\s*"piped"/i, 'piped'],
  [/"ysc_collection"/, 'pockettube'],
  [/"resourceId"/, 'takeout-json'],
  [/"service_id"|"app_version"/, 'newpipe-json'],
  [/\\?"creationTime\\?"/, 'grayjay'],
  [/"watchHistory"|"localPlaylists"|"playlistBookmarks"/, 'libretube'],
  [/"watch_history"|"preferences"/, 'invidious'],
]

type JsonKind = JsonFormat | 'freetube' | 'strings' | 'empty' | null

/** A parsed JSON document → its format by keys (and the file name when the keys cannot tell). */
export function classifyJson(value: unknown, fileName: string | null): JsonKind {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'empty'
    if (value.slice(0, 20).some(isTakeoutEntry)) return 'takeout-json'
    if (isGrayjayList(value)) return 'grayjay'
    if (value.every((entry) => typeof entry === 'string')) return 'strings'
    return null
  }
  if (!isObject(value)) return null
  const keys = Object.keys(value)
  if (keys.length === 0) return 'empty'
  if (value.format === 'tubefold-backup') return 'tubefold'
  if (typeof value.format === 'string' && value.format.toLowerCase() === 'piped') return 'piped'
  // Before Piped (same groups) and Invidious (it also has `preferences`).
  if (looksLikeLibreTube(value)) return 'libretube'
  const groups = value.groups
  if (Array.isArray(groups) && groups.some((group) => isObject(group) && 'groupName' in group)) {
    return 'piped'
  }
  if ('_id' in value && (Array.isArray(value.subscriptions) || 'bgColor' in value)) {
    return 'freetube'
  }
  // FreeTube's pre-profiles subscriptions.db with a single channel.
  if (typeof value.channelId === 'string' && Array.isArray(value.profile)) return 'freetube'
  if ('subscriptions' in value) {
    const subscriptions: unknown = value.subscriptions
    const newpipe = 'app_version' in value || 'app_version_int' in value
    const invidious = 'watch_history' in value || 'preferences' in value || 'playlists' in value
    if (newpipe && !invidious) return 'newpipe-json'
    if (invidious && !newpipe) return 'invidious'
    if (Array.isArray(subscriptions)) {
      if (subscriptions.some(isObject)) return 'newpipe-json'
      if (subscriptions.some((entry) => typeof entry === 'string')) return 'invidious'
    }
    const hint = formatHint(fileName)
    return hint === 'invidious' ? 'invidious' : 'newpipe-json'
  }
  if (grayjayListOf(value) !== null) return 'grayjay'
  if (looksLikePocketTube(value)) return 'pockettube'
  return null
}

function detectJson(text: string, fileName: string | null): Detection | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    if (looksLikeFreetube(text)) return { kind: 'text', format: 'freetube', text }
    const marked = MARKERS.find(([pattern]) => pattern.test(text))?.[1]
    if (marked) throw malformed(marked)
    const hint = formatHint(fileName)
    if (isJsonFormat(hint) && fileName?.toLowerCase().endsWith('.json')) throw malformed(hint)
    // Not JSON after all (a markdown list starts with "[" too): let the text formats try.
    return null
  }
  const kind = classifyJson(value, fileName)
  if (kind === 'empty') throw new AppError('IMPORT_EMPTY')
  if (kind === null) throw new AppError('IMPORT_UNRECOGNISED')
  if (kind === 'freetube') return { kind: 'text', format: 'freetube', text }
  if (kind === 'strings') {
    return { kind: 'strings', value: Array.isArray(value) ? value.map(String) : [] }
  }
  return { kind: 'json', format: kind, value }
}

/** Detection for text already decoded (also used for files found inside a zip). */
export function detectText(text: string, fileName: string | null): Detection {
  const start = text.trimStart()
  if (start === '') throw new AppError('IMPORT_EMPTY')
  if (start.startsWith('{') || start.startsWith('[')) {
    const json = detectJson(text, fileName)
    if (json !== null) return json
  }
  if (looksLikeOpml(text)) return { kind: 'text', format: 'opml', text }
  if (looksLikeFreetube(text)) return { kind: 'text', format: 'freetube', text }
  if (looksLikeTakeoutCsv(text)) return { kind: 'text', format: 'takeout-csv', text }
  return { kind: 'text', format: 'plain', text }
}

export function detectFormat(bytes: Uint8Array, fileName: string | null): Detection {
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    return { kind: 'zip' }
  }
  if (isSqlite(bytes)) return { kind: 'sqlite' }
  const text = decodeText(bytes)
  if (text === null) throw new AppError('IMPORT_UNRECOGNISED')
  return detectText(text, fileName)
}
