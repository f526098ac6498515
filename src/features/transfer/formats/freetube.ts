import { AppError } from '~/lib/app-error'
import type { ImportModel } from '../transfer.schemas'
import { isObject, type JsonObject, jsonText, stringOf } from './json-values'
import { type GroupNode, lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * FreeTube `profiles.db`: NeDB, one JSON profile a line (`_id`, `name`,
 * `bgColor`, `textColor`, `subscriptions: [{id, name, thumbnail}]`). NeDB
 * appends: a later line with the same `_id` replaces the earlier one and
 * `$$deleted` removes it. The main profile ("All Channels", `_id`
 * `allChannels`) is the whole library, not a group.
 */

const MAIN_PROFILE_ID = 'allChannels'

type Profile = { line: number; value: JsonObject }

function isProfile(value: unknown): value is JsonObject {
  return (
    isObject(value) &&
    typeof value._id === 'string' &&
    (Array.isArray(value.subscriptions) || typeof value.name === 'string')
  )
}

/** The first non-blank line is a NeDB profile document. */
export function looksLikeFreetube(text: string): boolean {
  const first = text.match(/^\s*(\{[^\r\n]*)/)?.[1]
  if (first === undefined) return false
  try {
    return isProfile(JSON.parse(first))
  } catch {
    return /^\{\s*"(?:_id|name|bgColor)"\s*:/.test(first) && first.includes('"_id"')
  }
}

export function parseFreetube(text: string): ImportModel {
  const profiles = new Map<string, Profile>()
  const builder = new ModelBuilder('freetube')
  let broken = 0
  text.split(/\r\n|\r|\n/).forEach((content, index) => {
    const line = index + 1
    if (content.trim() === '') return
    let value: unknown
    try {
      value = JSON.parse(content)
    } catch {
      broken++
      builder.problem(line, 'invalid', content)
      return
    }
    if (isObject(value) && '$$indexCreated' in value) return
    if (isObject(value) && value.$$deleted === true && typeof value._id === 'string') {
      profiles.delete(value._id)
      return
    }
    if (!isProfile(value)) {
      broken++
      builder.problem(line, 'invalid', content)
      return
    }
    // A replaced document keeps its place: Map.set on an existing key does not move it.
    profiles.set(stringOf(value._id) ?? '', { line, value })
  })
  if (profiles.size === 0) {
    throw broken > 0 ? malformed('freetube') : new AppError('IMPORT_EMPTY')
  }

  const all = [...profiles.values()]
  const main =
    profiles.get(MAIN_PROFILE_ID) ??
    (all[0] && /^all channels$/i.test(stringOf(all[0].value.name)?.trim() ?? '') ? all[0] : null)
  if (main) addProfile(builder, main, null)
  for (const profile of all) {
    if (profile === main) continue
    addProfile(
      builder,
      profile,
      builder.groupPath(null, stringOf(profile.value.name) ?? '', profile.line),
    )
  }
  return builder.build()
}

function addProfile(builder: ModelBuilder, profile: Profile, node: GroupNode | null): void {
  const subscriptions = profile.value.subscriptions
  for (const subscription of Array.isArray(subscriptions) ? subscriptions : []) {
    const id = isObject(subscription) ? stringOf(subscription.id) : null
    const lookup = id === null ? null : lookupChannel(id)
    if (!isObject(subscription) || id === null || lookup === null || lookup.ref === null) {
      builder.problem(profile.line, lookup?.code ?? 'invalid', jsonText(subscription))
      continue
    }
    const item = builder.channel(lookup.ref, {
      title: stringOf(subscription.name),
      avatarUrl: stringOf(subscription.thumbnail),
    })
    builder.place(node, item, profile.line, id)
  }
}
