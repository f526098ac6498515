import type { ImportModel } from '../transfer.schemas'
import { isObject, jsonText } from './json-values'
import { lookupChannel, ModelBuilder, malformed } from './model-builder'

/* Invidious' account export: `{subscriptions: [UC…], watch_history, preferences, playlists}`. */

export function parseInvidious(value: unknown): ImportModel {
  const subscriptions = isObject(value) ? value.subscriptions : undefined
  if (!Array.isArray(subscriptions)) throw malformed('invidious')
  const builder = new ModelBuilder('invidious')
  subscriptions.forEach((entry: unknown, index) => {
    const line = index + 1
    if (typeof entry !== 'string') {
      builder.problem(line, 'invalid', jsonText(entry))
      return
    }
    const lookup = lookupChannel(entry)
    if (lookup.ref === null) builder.problem(line, lookup.code, entry)
    else builder.place(null, builder.channel(lookup.ref), line, entry)
  })
  return builder.build()
}
