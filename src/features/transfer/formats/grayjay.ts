import type { ImportModel } from '../transfer.schemas'
import { isObject, type JsonObject, jsonText, stringOf } from './json-values'
import { lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * Grayjay subscription groups: `{id, name, image: {url}, urls: [channel
 * urls], priority, lastChange, creationTime}`. Its backup stores each group
 * as a JSON string inside a JSON array (`stores/subscription_groups`); sync
 * packages wrap the array in an object (`{groups: […]}`). Grayjay follows
 * many sites: their channels are `otherService`. A problem's entry number is
 * its group's position.
 */

const WRAPPER_KEYS = ['groups', 'subscription_groups', 'subscriptionGroups']

function unwrap(entry: unknown): unknown {
  if (typeof entry !== 'string') return entry
  try {
    return JSON.parse(entry)
  } catch {
    return entry
  }
}

function isGroup(entry: unknown): entry is JsonObject {
  return isObject(entry) && Array.isArray(entry.urls) && 'name' in entry
}

/** A cheap look at an array's first entries: are these Grayjay groups? */
export function isGrayjayList(value: unknown): value is unknown[] {
  if (!Array.isArray(value) || value.length === 0) return false
  return value.slice(0, 5).some((entry) => {
    if (typeof entry === 'string')
      return entry.trimStart().startsWith('{') && isGroup(unwrap(entry))
    return isGroup(entry)
  })
}

/** The group list inside a wrapping object, if any. */
export function grayjayListOf(value: JsonObject): unknown[] | null {
  for (const key of WRAPPER_KEYS) {
    const list = value[key]
    if (isGrayjayList(list)) return list
  }
  return null
}

export function parseGrayjay(value: unknown): ImportModel {
  const list = Array.isArray(value) ? value : isObject(value) ? grayjayListOf(value) : null
  if (list === null) throw malformed('grayjay')
  const builder = new ModelBuilder('grayjay')
  let groups = 0
  list.forEach((raw: unknown, index) => {
    const line = index + 1
    const entry = unwrap(raw)
    if (!isGroup(entry)) {
      builder.problem(line, 'invalid', jsonText(raw))
      return
    }
    groups++
    const node = builder.groupPath(null, stringOf(entry.name) ?? '', line)
    for (const url of Array.isArray(entry.urls) ? entry.urls : []) {
      const lookup = typeof url === 'string' ? lookupChannel(url) : null
      if (lookup === null || lookup.ref === null) {
        builder.problem(line, lookup?.code ?? 'invalid', jsonText(url))
        continue
      }
      builder.place(node, builder.channel(lookup.ref), line, jsonText(url))
    }
  })
  if (groups === 0) throw malformed('grayjay')
  return builder.build()
}
