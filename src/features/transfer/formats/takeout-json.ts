import type { ImportModel } from '../transfer.schemas'
import { isObject, jsonText, pathOf, stringOf } from './json-values'
import { lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * The older Takeout `subscriptions.json`: YouTube API subscription resources.
 * `snippet.channelId` is the subscriber's own channel: the subscribed one is
 * `snippet.resourceId.channelId`.
 */

export function isTakeoutEntry(value: unknown): boolean {
  return isObject(pathOf(value, 'snippet', 'resourceId'))
}

export function parseTakeoutJson(value: unknown): ImportModel {
  if (!Array.isArray(value)) throw malformed('takeout-json')
  const builder = new ModelBuilder('takeout-json')
  value.forEach((entry: unknown, index) => {
    const line = index + 1
    const channelId = stringOf(pathOf(entry, 'snippet', 'resourceId', 'channelId'))
    const lookup = channelId === null ? null : lookupChannel(channelId)
    if (lookup === null || lookup.ref === null) {
      builder.problem(line, lookup?.code ?? 'invalid', channelId ?? jsonText(entry))
      return
    }
    const thumbnails = pathOf(entry, 'snippet', 'thumbnails')
    const avatarUrl =
      stringOf(pathOf(thumbnails, 'default', 'url')) ??
      stringOf(pathOf(thumbnails, 'medium', 'url')) ??
      stringOf(pathOf(thumbnails, 'high', 'url'))
    const item = builder.channel(lookup.ref, {
      title: stringOf(pathOf(entry, 'snippet', 'title')),
      avatarUrl,
    })
    builder.place(null, item, line, channelId ?? '')
  })
  return builder.build()
}
