import type { ExportChannel, ExportGroup, ExportModel } from '../transfer.schemas'
import {
  channelFeedUrl,
  channelIdsOf,
  channelIndex,
  channelName,
  channelUrl,
  chunked,
} from './export-helpers'

/* As YouTube's old export wrote it, with groups as nested folder outlines. Ungrouped channels sit on top. */

/* XML 1.0's forbidden characters, plus DEL and the C1 controls it discourages. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const ESCAPED = /[&<>"\t\n\r]/g
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // Kept as references: a parser would turn them into spaces inside an attribute.
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
}

/** Text safe inside a double-quoted attribute or an element. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, '').replace(ESCAPED, (char) => ENTITIES[char] ?? '')
}

function channelOutline(
  channels: ReadonlyMap<string, ExportChannel>,
  id: string,
  indent: string,
): string {
  const name = escapeXml(channelName(channels, id))
  return `${indent}<outline text="${name}" title="${name}" type="rss" xmlUrl="${escapeXml(channelFeedUrl(id))}" htmlUrl="${escapeXml(channelUrl(id))}"/>\n`
}

function* groupOutlines(
  channels: ReadonlyMap<string, ExportChannel>,
  groups: readonly ExportGroup[],
  indent: string,
): Generator<string> {
  for (const group of groups) {
    const name = escapeXml(group.name)
    const ids = channelIdsOf(group)
    if (ids.length === 0 && group.groups.length === 0) {
      yield `${indent}<outline text="${name}" title="${name}"/>\n`
      continue
    }
    yield `${indent}<outline text="${name}" title="${name}">\n`
    yield* groupOutlines(channels, group.groups, `${indent}  `)
    for (const id of ids) yield channelOutline(channels, id, `${indent}  `)
    yield `${indent}</outline>\n`
  }
}

/** RFC 822 date, as OPML 1.1's dateCreated wants; nothing when the date is not one. */
function rfc822(iso: string): string | null {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date.toUTCString()
}

function* opmlParts(model: ExportModel): Generator<string> {
  const channels = channelIndex(model)
  yield '<?xml version="1.0" encoding="UTF-8"?>\n'
  yield '<opml version="1.1">\n'
  yield '  <head>\n'
  yield '    <title>Tubefold subscriptions</title>\n'
  const created = rfc822(model.exportedAt)
  if (created !== null) yield `    <dateCreated>${created}</dateCreated>\n`
  yield '  </head>\n'
  yield '  <body>\n'
  yield* groupOutlines(channels, model.groups, '    ')
  for (const ref of model.ungrouped) {
    if (ref.kind === 'channel') yield channelOutline(channels, ref.id, '    ')
  }
  yield '  </body>\n'
  yield '</opml>\n'
}

export function* toOpml(model: ExportModel): Generator<string> {
  yield* chunked(opmlParts(model))
}
