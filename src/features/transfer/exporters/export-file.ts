import type { ExportFormat } from '~/config/formats'
import type { ExportModel } from '../transfer.schemas'
import { toCsv } from './csv'
import { toFreeTube } from './freetube'
import { toNewPipe } from './newpipe'
import { toOpml } from './opml'
import { toPiped } from './piped'
import { toTubefoldBackup } from './tubefold-backup'

/*
 * One entry point for the download route: the file's chunks, its content
 * type and its name, by export format.
 */

const EXPORTERS: Record<ExportFormat, (model: ExportModel) => Generator<string>> = {
  tubefold: toTubefoldBackup,
  opml: toOpml,
  csv: toCsv,
  newpipe: toNewPipe,
  freetube: toFreeTube,
  piped: toPiped,
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  tubefold: 'application/json; charset=utf-8',
  opml: 'text/x-opml; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  newpipe: 'application/json; charset=utf-8',
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
  freetube: { extension: 'db', label: 'freetube' },
  piped: { extension: 'json', label: 'piped' },
}

/** The file in chunks of about 64 KB: write each as it comes. */
export function exportChunks(format: ExportFormat, model: ExportModel): Generator<string> {
  return EXPORTERS[format](model)
}

/**
 * The file as UTF-8 bytes, one chunk per pull, so a slow client holds the
 * export back instead of it piling up in memory. Chunks are whole parts
 * (rows, groups), so no character is split between two of them.
 */
export function exportStream(format: ExportFormat, model: ExportModel): ReadableStream<Uint8Array> {
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

/**
 * `tubefold-backup-2026-11-21.json`, `tubefold-tech-reviews-2026-11-21.opml`:
 * the scope is the exported group's name (null: the whole account), the date
 * is the UTC day of `date`.
 */
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
