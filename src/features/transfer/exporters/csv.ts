import type { ExportModel } from '../transfer.schemas'
import { channelIdsOf, channelIndex, chunked, joinPath, walkGroups } from './export-helpers'

/*
 * Google Takeout's columns plus the group path: one row per placement (ungrouped: empty path).
 * RFC 4180: CRLF after every record, quotes only where needed, no BOM.
 */

export const CSV_HEADER = ['Channel Id', 'Channel Url', 'Channel Title', 'Group Path'] as const

const NEEDS_QUOTES = /[",\r\n]/

/** Titles are chosen by strangers: formula-like cells get a leading apostrophe (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`
}

/** Takeout writes http:// addresses; readers of its files expect exactly that. */
function takeoutChannelUrl(id: string): string {
  return `http://www.youtube.com/channel/${id}`
}

function* csvParts(model: ExportModel): Generator<string> {
  const channels = channelIndex(model)
  const row = (id: string, path: string) =>
    csvRecord([id, takeoutChannelUrl(id), channels.get(id)?.title ?? '', path])
  yield csvRecord(CSV_HEADER)
  for (const { group, path } of walkGroups(model.groups)) {
    const joined = joinPath(path)
    for (const id of channelIdsOf(group)) yield row(id, joined)
  }
  for (const ref of model.ungrouped) {
    if (ref.kind === 'channel') yield row(ref.id, '')
  }
}

export function* toCsv(model: ExportModel): Generator<string> {
  yield* chunked(csvParts(model))
}
