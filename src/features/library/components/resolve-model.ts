import { parseChannelLines } from '~/lib/youtube-urls'
import type { ResolvedLine, ResolveStatus } from '../library.schemas'

/**
 * What the server will look up: one entry per channel or problem line. The
 * server's own reader, so a line holding two channels counts twice on both sides.
 */
export function countEntries(text: string): number {
  return parseChannelLines(text).length
}

/**
 * The channels "Add" will send: new ones, plus library ones when adding to a
 * group (they join it). Each channel once, in the order of the lines.
 */
export function addableChannelIds(lines: readonly ResolvedLine[], toGroup: boolean): string[] {
  const ids = new Set<string>()
  for (const line of lines) {
    if (!line.channel) continue
    if (line.status === 'new' || (toGroup && line.status === 'inLibrary')) ids.add(line.channel.id)
  }
  return [...ids]
}

/** The pasted text of lines YouTube could not be asked about: kept as pending when added. */
export function pendingInputs(lines: readonly ResolvedLine[]): string[] {
  return [...new Set(lines.flatMap((line) => (line.status === 'pending' ? [line.input] : [])))]
}

export function statusCounts(lines: readonly ResolvedLine[]): Record<ResolveStatus, number> {
  const counts: Record<ResolveStatus, number> = {
    new: 0,
    inLibrary: 0,
    inGroup: 0,
    notFound: 0,
    notChannel: 0,
    duplicate: 0,
    pending: 0,
    videoNotFound: 0,
  }
  for (const line of lines) counts[line.status]++
  return counts
}
