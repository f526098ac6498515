import type { ImportModel } from '../transfer.schemas'
import { isObject, type JsonObject, jsonText, stringOf } from './json-values'
import { type GroupNode, lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * Grayjay subscription groups. A backup stores each group as a JSON string inside a JSON array; sync
 * packages wrap the array in an object. Grayjay follows many sites: their channels are `otherService`.
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

/** Grayjay leaves default values out: an empty group has no `urls` key at all. */
function isGroup(entry: unknown): entry is JsonObject {
  return (
    isObject(entry) &&
    'name' in entry &&
    (Array.isArray(entry.urls) || (entry.urls === undefined && 'creationTime' in entry))
  )
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

/** The subscriptions store is read first, like NewPipe's, so a channel in no group is imported ungrouped. */
export function parseGrayjay(value: unknown, subscriptions: unknown[] = []): ImportModel {
  const list = Array.isArray(value) ? value : isObject(value) ? grayjayListOf(value) : null
  if (list === null) throw malformed('grayjay')
  const builder = new ModelBuilder('grayjay')
  // Each address is numbered by its place among the file's addresses; a bad one is reported once.
  const reported = new Set<string>()
  let address = 0
  const add = (node: GroupNode | null, url: unknown): void => {
    address++
    const lookup = typeof url === 'string' ? lookupChannel(url) : null
    if (lookup === null || lookup.ref === null) {
      const input = jsonText(url)
      if (!reported.has(input)) builder.problem(address, lookup?.code ?? 'invalid', input)
      reported.add(input)
      return
    }
    builder.place(node, builder.channel(lookup.ref), address, jsonText(url))
  }
  for (const url of subscriptions) add(null, url)
  let groups = 0
  list.forEach((raw: unknown, index) => {
    const entry = unwrap(raw)
    if (!isGroup(entry)) {
      builder.problem(index + 1, 'invalid', jsonText(raw))
      return
    }
    groups++
    const node = builder.groupPath(null, stringOf(entry.name) ?? '', index + 1)
    for (const url of Array.isArray(entry.urls) ? entry.urls : []) add(node, url)
  })
  // A list of nothing but broken groups is damage; no groups at all is a library without any.
  if (groups === 0 && list.length > 0) throw malformed('grayjay')
  return builder.build()
}
