import type { ExportModel } from '../transfer.schemas'
import { channelIdsOf, chunked, joinPath, walkGroups } from './export-helpers'

/*
 * Piped's channel_groups.json. Piped groups are flat, so a nested group is
 * named by its path. A group that only holds other groups is implied by its
 * children's paths and left out; an empty leaf is kept so no group is lost.
 * Piped has no place for ungrouped channels (its subscriptions are a
 * separate export).
 */

function* pipedParts(model: ExportModel): Generator<string> {
  yield '{"format":"Piped","version":1,"groups":['
  let first = true
  for (const { group, path } of walkGroups(model.groups)) {
    const channels = channelIdsOf(group)
    if (channels.length === 0 && group.groups.length > 0) continue
    yield `${first ? '' : ','}${JSON.stringify({ groupName: joinPath(path), channels })}`
    first = false
  }
  yield ']}'
}

export function* toPiped(model: ExportModel): Generator<string> {
  yield* chunked(pipedParts(model))
}
