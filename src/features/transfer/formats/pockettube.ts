import { CHANNEL_ID_RE } from '~/lib/youtube-urls'
import type { ImportModel } from '../transfer.schemas'
import { isObject, jsonText } from './json-values'
import { lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * PocketTube's export: every top-level key is a group name holding an array
 * of channel ids; `ysc_collection` lists the group names (its own order) and
 * other `ysc_*` keys are settings. A problem's entry number is its group's
 * position.
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

export function parsePocketTube(value: unknown): ImportModel {
  if (!isObject(value)) throw malformed('pockettube')
  const names = new Set(collectionNames(value.ysc_collection))
  for (const [key, entry] of Object.entries(value)) {
    if (!key.startsWith(SETTINGS_PREFIX) && Array.isArray(entry)) names.add(key)
  }
  const builder = new ModelBuilder('pockettube')
  let line = 0
  for (const name of names) {
    line++
    const entry = Object.hasOwn(value, name) ? value[name] : []
    const channels: unknown[] = Array.isArray(entry) ? entry : []
    const node = builder.groupPath(null, name, line)
    for (const channel of channels) {
      const lookup = typeof channel === 'string' ? lookupChannel(channel) : null
      if (lookup === null || lookup.ref === null) {
        builder.problem(line, lookup?.code ?? 'invalid', jsonText(channel))
        continue
      }
      builder.place(node, builder.channel(lookup.ref), line, jsonText(channel))
    }
  }
  return builder.build()
}
