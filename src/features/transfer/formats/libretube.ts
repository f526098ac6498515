import type { ImportModel } from '../transfer.schemas'
import { isObject, type JsonObject, jsonText, stringOf } from './json-values'
import { lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * LibreTube's backup (kotlinx JSON, defaults left out): `subscriptions` is the library, `groups` Piped's
 * shape; history, playlists and preferences are not read. A problem's entry number is its address's place.
 */

/** Keys only LibreTube's BackupFile writes (camelCase; Invidious writes snake_case). */
const BACKUP_KEYS = [
  'localSubscriptions',
  'watchHistory',
  'watchPositions',
  'searchHistory',
  'localPlaylists',
  'playlistBookmarks',
  'customInstances',
]

function nonEmpty(value: unknown): string | null {
  const text = stringOf(value)?.trim()
  return text ? text : null
}

function subscriptionsOf(value: JsonObject): unknown {
  return value.subscriptions ?? value.localSubscriptions
}

export function looksLikeLibreTube(value: JsonObject): boolean {
  const subscriptions = subscriptionsOf(value)
  if (Array.isArray(subscriptions)) {
    const first = subscriptions.slice(0, 20)
    if (first.some((entry) => isObject(entry) && 'channelId' in entry)) return true
  }
  return BACKUP_KEYS.some((key) => key in value)
}

export function parseLibreTube(value: unknown): ImportModel {
  if (!isObject(value)) throw malformed('libretube')
  const subscriptions = subscriptionsOf(value) ?? []
  const groups = value.groups ?? []
  if (!Array.isArray(subscriptions) || !Array.isArray(groups)) throw malformed('libretube')
  const builder = new ModelBuilder('libretube')
  let address = 0
  for (const entry of subscriptions) {
    address++
    // An empty `channelId` (a default) leaves the channel in `url`.
    const id = isObject(entry) ? (nonEmpty(entry.channelId) ?? nonEmpty(entry.url)) : null
    const lookup = id === null ? null : lookupChannel(id)
    if (!isObject(entry) || lookup === null || lookup.ref === null) {
      builder.problem(address, lookup?.code ?? 'invalid', jsonText(entry))
      continue
    }
    const item = builder.channel(lookup.ref, {
      title: stringOf(entry.name),
      avatarUrl: stringOf(entry.avatar),
    })
    builder.place(null, item, address, id ?? '')
  }
  groups.forEach((group: unknown, index) => {
    const channels = isObject(group) ? (group.channels ?? []) : undefined
    if (!isObject(group) || !Array.isArray(channels)) {
      builder.problem(index + 1, 'invalid', jsonText(group))
      return
    }
    const node = builder.groupPath(null, stringOf(group.groupName) ?? '', index + 1)
    for (const channel of channels) builder.placeLink(node, channel, ++address)
  })
  return builder.build()
}
