import type { ExportFormat } from '~/config/formats'
import type { ExportModel } from '../transfer.schemas'
import { toCsv } from './csv'
import { toFreeTube } from './freetube'
import { toNewPipe } from './newpipe'
import { toNewPipeZip } from './newpipe-db'
import { toOpml } from './opml'
import { toPiped } from './piped'
import { toTubefoldBackup } from './tubefold-backup'

/* Text formats are written as they stream; NewPipe's zip is built whole (SQLite pages and deflate need it all). */

const TEXT_EXPORTERS = {
  tubefold: toTubefoldBackup,
  opml: toOpml,
  csv: toCsv,
  newpipe: toNewPipe,
  freetube: toFreeTube,
  piped: toPiped,
} satisfies Partial<Record<ExportFormat, (model: ExportModel) => Generator<string>>>
export type TextExportFormat = keyof typeof TEXT_EXPORTERS

const BINARY_EXPORTERS: Record<
  Exclude<ExportFormat, TextExportFormat>,
  (model: ExportModel) => Promise<Uint8Array>
> = {
  'newpipe-zip': toNewPipeZip,
}

export function isTextExportFormat(format: ExportFormat): format is TextExportFormat {
  return Object.hasOwn(TEXT_EXPORTERS, format)
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  tubefold: 'application/json; charset=utf-8',
  opml: 'text/x-opml; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  newpipe: 'application/json; charset=utf-8',
  'newpipe-zip': 'application/zip',
  // FreeTube only opens files named .db; their content is newline-delimited JSON.
  freetube: 'application/x-ndjson; charset=utf-8',
  piped: 'application/json; charset=utf-8',
}

/** Extension and the word that tells same-extension files apart (null: the scope alone says it). */
const FILE_NAMES: Record<ExportFormat, { extension: string; label: string | null }> = {
  tubefold: { extension: 'json', label: 'backup' },
  opml: { extension: 'opml', label: null },
  csv: { extension: 'csv', label: null },
  newpipe: { extension: 'json', label: 'newpipe' },
  'newpipe-zip': { extension: 'zip', label: 'newpipe' },
  freetube: { extension: 'db', label: 'freetube' },
  piped: { extension: 'json', label: 'piped' },
}

export function exportChunks(format: TextExportFormat, model: ExportModel): Generator<string> {
  return TEXT_EXPORTERS[format](model)
}

/** The whole file as bytes (tests, and the formats that are built whole). */
export async function exportBytes(format: ExportFormat, model: ExportModel): Promise<Uint8Array> {
  if (!isTextExportFormat(format)) return BINARY_EXPORTERS[format](model)
  return new TextEncoder().encode([...exportChunks(format, model)].join(''))
}

/**
 * One chunk per pull, so a slow client holds the export back instead of it piling up in memory. Chunks are
 * whole rows or groups, so no character is split.
 */
export function exportStream(
  format: TextExportFormat,
  model: ExportModel,
): ReadableStream<Uint8Array> {
  const chunks = exportChunks(format, model)
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    cancel() {
      chunks.return(undefined)
    },
  })
}

/** A built file goes whole, so a failure to build it is an error status, not a cut-off download. */
export async function exportBody(
  format: ExportFormat,
  model: ExportModel,
): Promise<ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>> {
  if (isTextExportFormat(format)) return exportStream(format, model)
  // A copy on a plain ArrayBuffer, the kind a Response body takes.
  return new Uint8Array(await exportBytes(format, model))
}

export function exportContentType(format: ExportFormat): string {
  return CONTENT_TYPES[format]
}

export function exportFileExtension(format: ExportFormat): string {
  return FILE_NAMES[format].extension
}

const SLUG_MAX = 50
/** Letters NFKD does not split into an ASCII base and a mark. */
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
}

/** ASCII `a-z0-9-` only, so the name needs no encoding in a Content-Disposition header. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðþłı]/g, (char) => TRANSLITERATIONS[char] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= SLUG_MAX) return slug
  const cut = slug.slice(0, SLUG_MAX)
  // Cut at a word boundary when there is one not too far back.
  const lastDash = cut.lastIndexOf('-')
  return (lastDash >= SLUG_MAX / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '')
}

/** `tubefold-tech-reviews-2026-11-21.opml`: scope is the group's name (null: whole account), the date UTC. */
export function exportFileName(
  format: ExportFormat,
  { scopeName, date }: { scopeName: string | null; date: Date },
): string {
  const { extension, label } = FILE_NAMES[format]
  // A name with nothing ASCII-sluggable (emoji, CJK…) still says it is a group.
  const scope = scopeName === null ? null : slugify(scopeName) || 'group'
  const parts = ['tubefold', label, scope].filter((part) => part !== null)
  if (parts.length === 1) parts.push('subscriptions')
  return `${parts.join('-')}-${date.toISOString().slice(0, 10)}.${extension}`
}
