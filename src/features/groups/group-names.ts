import { groupNameKey } from '~/db/name-key'
import { GROUP_NAME_MAX } from './groups.schemas'

/** The first `max` code points of a name, so an emoji is never cut in half. */
export function clipName(name: string, max = GROUP_NAME_MAX): string {
  const points = [...name]
  return points.length <= max ? name : points.slice(0, max).join('')
}

/**
 * The one rule for a group arriving beside others (an import, a copy): its
 * own name when no sibling holds it (by `groupNameKey`), else "Name (2)",
 * "Name (3)"…, the name clipped so the suffix fits the length limit.
 */
export function freeGroupName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(groupNameKey(name))) return name
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`
    const candidate = `${clipName(name, GROUP_NAME_MAX - suffix.length).trimEnd()}${suffix}`
    if (!taken.has(groupNameKey(candidate))) return candidate
  }
}
