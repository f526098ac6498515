import type { GroupColor } from '~/features/groups/groups.schemas'
import type { ExportChannel, ExportModel } from '../transfer.schemas'
import {
  channelIdsOf,
  channelIndex,
  channelName,
  chunked,
  httpsImageUrl,
  joinPath,
  walkGroups,
} from './export-helpers'

/*
 * FreeTube profiles (NDJSON): "All Channels" first, then one profile per group named by its path (profiles
 * are flat). Never an empty profile. Ids derive from the path so a re-export matches FreeTube's profiles
 * instead of doubling them. Thumbnails are https or empty (FreeTube fills in its own).
 */

export const FREETUBE_ALL_CHANNELS = {
  _id: 'allChannels',
  name: 'All Channels',
  bgColor: '#000000',
  textColor: '#FFFFFF',
} as const

/** The group colours as FreeTube hex (Tailwind's 500 shades, the middle of each scale). */
export const FREETUBE_COLORS: Record<GroupColor, string> = {
  slate: '#64748B',
  red: '#EF4444',
  orange: '#F97316',
  amber: '#F59E0B',
  green: '#22C55E',
  teal: '#14B8A6',
  blue: '#3B82F6',
  indigo: '#6366F1',
  purple: '#A855F7',
  pink: '#EC4899',
}
const UNCOLORED: GroupColor = 'slate'

/** WCAG relative luminance of `#RRGGBB`. */
export function relativeLuminance(hex: string): number {
  const channel = (start: number) => {
    const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/** Black or white, whichever contrasts more with the background (always ≥ 4.58:1). */
export function readableTextColor(background: string): '#000000' | '#FFFFFF' {
  const luminance = relativeLuminance(background)
  const onBlack = (luminance + 0.05) / 0.05
  const onWhite = 1.05 / (luminance + 0.05)
  return onBlack >= onWhite ? '#000000' : '#FFFFFF'
}

export function profileColors(color: GroupColor | null): { bgColor: string; textColor: string } {
  const bgColor = FREETUBE_COLORS[color ?? UNCOLORED]
  return { bgColor, textColor: readableTextColor(bgColor) }
}

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const ID_SEEDS = [0x811c9dc5, 0x01000193, 0x9e3779b9, 0x85ebca6b] as const

function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A 16-character alphanumeric id (the shape of FreeTube's own) that depends only on `text`. */
export function stableProfileId(text: string): string {
  let id = ''
  for (const seed of ID_SEEDS) {
    let hash = fnv1a(text, seed)
    for (let digit = 0; digit < 4; digit++) {
      id += ID_ALPHABET[hash % ID_ALPHABET.length]
      hash = Math.floor(hash / ID_ALPHABET.length)
    }
  }
  return id
}

function* profileLine(
  head: { _id: string; name: string; bgColor: string; textColor: string },
  ids: Iterable<string>,
  channels: ReadonlyMap<string, ExportChannel>,
): Generator<string> {
  yield `${JSON.stringify(head).slice(0, -1)},"subscriptions":[`
  let first = true
  for (const id of ids) {
    const subscription = {
      id,
      name: channelName(channels, id),
      thumbnail: httpsImageUrl(channels.get(id)?.avatarUrl ?? null) ?? '',
    }
    yield `${first ? '' : ','}${JSON.stringify(subscription)}`
    first = false
  }
  yield ']}\n'
}

function* freeTubeParts(model: ExportModel): Generator<string> {
  const channels = channelIndex(model)
  yield* profileLine(
    FREETUBE_ALL_CHANNELS,
    model.channels.map((channel) => channel.id),
    channels,
  )
  const taken = new Set<string>([FREETUBE_ALL_CHANNELS._id])
  for (const { group, path } of walkGroups(model.groups)) {
    const ids = channelIdsOf(group)
    if (ids.length === 0) continue
    const name = joinPath(path)
    // Two groups with the same path (possible in an edited file) still get distinct ids.
    let _id = stableProfileId(name)
    for (let attempt = 2; taken.has(_id); attempt++)
      _id = stableProfileId(`${name}\u0000${attempt}`)
    taken.add(_id)
    yield* profileLine({ _id, name, ...profileColors(group.color) }, ids, channels)
  }
}

export function* toFreeTube(model: ExportModel): Generator<string> {
  yield* chunked(freeTubeParts(model))
}
