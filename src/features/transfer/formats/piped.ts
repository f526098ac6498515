import type { ImportModel } from '../transfer.schemas'
import { isObject, stringOf } from './json-values'
import { ModelBuilder, malformed } from './model-builder'

/*
 * Piped `channel_groups.json`: `{format: "Piped", version: 1, groups:
 * [{groupName, channels: [UC…]}]}`. Flat names; ours carry paths (`A / B`).
 * A problem's entry number is the address's place among the file's addresses
 * (a group's own problem: the group's place).
 */

export function parsePiped(value: unknown): ImportModel {
  const groups = isObject(value) ? value.groups : undefined
  if (!Array.isArray(groups)) throw malformed('piped')
  const builder = new ModelBuilder('piped')
  let address = 0
  groups.forEach((group: unknown, index) => {
    const channels = isObject(group) ? group.channels : undefined
    if (!isObject(group) || !Array.isArray(channels)) throw malformed('piped')
    const node = builder.groupPath(null, stringOf(group.groupName) ?? '', index + 1)
    for (const channel of channels) builder.placeLink(node, channel, ++address)
  })
  return builder.build()
}
