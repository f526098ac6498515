import { CHANNEL_ID_RE } from '~/lib/youtube-urls'
import type { ImportModel } from '../transfer.schemas'
import { isObject } from './json-values'
import { ModelBuilder, malformed } from './model-builder'

/*
 * PocketTube's export: every top-level key is a group name holding an array
 * of channel ids; `ysc_collection` lists the group names (its own order) and
 * other `ysc_*` keys are settings, `ysc_title_id` the channels' names. A
 * problem's entry number is the address's place among the file's addresses
 * (a group's own problem: the group's place).
 */

const SETTINGS_PREFIX = 'ysc_'

/** Without `ysc_collection`: an object of arrays of channel ids and nothing else. */
export function looksLikePocketTube(value: Record<string, unknown>): boolean {
  if ('ysc_collection' in value) return true
  let ids = 0
  for (const [key, entry] of Object.entries(value)) {
    if (key.startsWith(SETTINGS_PREFIX)) continue
    if (!Array.isArray(entry) || !entry.every((item) => typeof item === 'string')) return false
    ids += entry.filter((item) => CHANNEL_ID_RE.test(item)).length
  }
  return ids > 0
}

function collectionNames(collection: unknown): string[] {
  if (Array.isArray(collection)) {
    return collection.filter((name): name is string => typeof name === 'string')
  }
  return isObject(collection) ? Object.keys(collection) : []
}

/** `ysc_title_id` maps each channel's name to its id: read backwards, the titles. */
function titlesOf(value: unknown): Map<string, string> {
  const titles = new Map<string, string>()
  if (!isObject(value)) return titles
  for (const [title, id] of Object.entries(value)) {
    if (typeof id === 'string' && !titles.has(id)) titles.set(id, title)
  }
  return titles
}

export function parsePocketTube(value: unknown): ImportModel {
  if (!isObject(value)) throw malformed('pockettube')
  const names = new Set(collectionNames(value.ysc_collection))
  for (const [key, entry] of Object.entries(value)) {
    if (!key.startsWith(SETTINGS_PREFIX) && Array.isArray(entry)) names.add(key)
  }
  const titles = titlesOf(value.ysc_title_id)
  const builder = new ModelBuilder('pockettube')
  let group = 0
  let address = 0
  for (const name of names) {
    group++
    const entry = Object.hasOwn(value, name) ? value[name] : []
    const channels: unknown[] = Array.isArray(entry) ? entry : []
    const node = builder.groupPath(null, name, group)
    for (const channel of channels) {
      const title = typeof channel === 'string' ? titles.get(channel.trim()) : undefined
      builder.placeLink(node, channel, ++address, { title })
    }
  }
  return builder.build()
}
