import type { ImportModel } from '../transfer.schemas'
import { isObject, jsonText, stringOf } from './json-values'
import { lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * NewPipe's subscriptions export: `{app_version, app_version_int,
 * subscriptions: [{service_id, url, name}]}`. No groups (those are only in the
 * full export zip). service_id 0 is YouTube.
 */

export function parseNewpipeJson(value: unknown): ImportModel {
  const subscriptions = isObject(value) ? value.subscriptions : undefined
  if (!Array.isArray(subscriptions)) throw malformed('newpipe-json')
  const builder = new ModelBuilder('newpipe-json')
  subscriptions.forEach((entry: unknown, index) => {
    const line = index + 1
    const url = isObject(entry) ? stringOf(entry.url) : null
    if (!isObject(entry) || url === null) {
      builder.problem(line, 'invalid', jsonText(entry))
      return
    }
    // YouTube is service 0; other services (SoundCloud, PeerTube…) have no place here.
    if (Number(entry.service_id ?? 0) !== 0) {
      builder.problem(line, 'otherService', url)
      return
    }
    const lookup = lookupChannel(url)
    if (lookup.ref === null) {
      builder.problem(line, lookup.code, url)
      return
    }
    builder.place(null, builder.channel(lookup.ref, { title: stringOf(entry.name) }), line, url)
  })
  return builder.build()
}
