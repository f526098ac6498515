import { AppError } from '~/lib/app-error'
import type { ImportModel } from '../transfer.schemas'
import { isObject, type JsonObject, jsonText, stringOf } from './json-values'
import { type GroupNode, lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * FreeTube `profiles.db` (NeDB): appends, so a later line with the same `_id` replaces the earlier one
 * and `$$deleted` removes it. The main profile ("All Channels") is the whole library, not a group.
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

/** A line of the pre-profiles `subscriptions.db`, which FreeTube and Invidious still import. */
function isLegacyEntry(value: unknown): value is JsonObject {
  return isObject(value) && typeof value.channelId === 'string' && Array.isArray(value.profile)
}

function firstLine(text: string): string | undefined {
  return text.match(/^\s*(\{[^\r\n]*)/)?.[1]
}

/** The first non-blank line is a NeDB profile document (or a legacy subscription). */
export function looksLikeFreetube(text: string): boolean {
  const first = firstLine(text)
  if (first === undefined) return false
  try {
    const value: unknown = JSON.parse(first)
    return isProfile(value) || isLegacyEntry(value)
  } catch {
    return /^\{\s*"(?:_id|name|bgColor|channelId)"\s*:/.test(first) && first.includes('"_id"')
  }
}

function isLegacyFile(text: string): boolean {
  try {
    return isLegacyEntry(JSON.parse(firstLine(text) ?? ''))
  } catch {
    return /^\{\s*"channelId"\s*:/.test(firstLine(text) ?? '')
  }
}

/** NeDB lines → live documents by `_id`, in file order; unreadable lines are problems. */
function readNedb(
  text: string,
  builder: ModelBuilder,
  accept: (value: unknown) => value is JsonObject,
): { documents: Map<string, Profile>; broken: number } {
  const documents = new Map<string, Profile>()
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
      documents.delete(value._id)
      return
    }
    if (!accept(value)) {
      broken++
      builder.problem(line, 'invalid', content)
      return
    }
    // A replaced document keeps its place: Map.set on an existing key does not move it.
    documents.set(stringOf(value._id) ?? `line ${line}`, { line, value })
  })
  return { documents, broken }
}

const MAIN_PROFILE_RE = /^all channels$/i

function parseLegacy(text: string): ImportModel {
  const builder = new ModelBuilder('freetube')
  const { documents, broken } = readNedb(text, builder, isLegacyEntry)
  if (documents.size === 0) {
    throw broken > 0 ? malformed('freetube') : new AppError('IMPORT_EMPTY')
  }
  for (const { line, value } of documents.values()) {
    const id = stringOf(value.channelId) ?? ''
    const lookup = lookupChannel(id)
    if (lookup.ref === null) {
      builder.problem(line, lookup.code, id)
      continue
    }
    const item = builder.channel(lookup.ref, {
      title: stringOf(value.channelName),
      avatarUrl: stringOf(value.channelThumbnail),
    })
    builder.place(null, item, line, id)
    for (const profile of Array.isArray(value.profile) ? value.profile : []) {
      const name = isObject(profile) ? stringOf(profile.value) : null
      if (name === null || MAIN_PROFILE_RE.test(name.trim())) continue
      builder.place(builder.groupPath(null, name, line), item, line, id)
    }
  }
  return builder.build()
}

export function parseFreetube(text: string): ImportModel {
  if (isLegacyFile(text)) return parseLegacy(text)
  const builder = new ModelBuilder('freetube')
  const { documents: profiles, broken } = readNedb(text, builder, isProfile)
  if (profiles.size === 0) {
    throw broken > 0 ? malformed('freetube') : new AppError('IMPORT_EMPTY')
  }

  const all = [...profiles.values()]
  const main =
    profiles.get(MAIN_PROFILE_ID) ??
    (all[0] && MAIN_PROFILE_RE.test(stringOf(all[0].value.name)?.trim() ?? '') ? all[0] : null)
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
