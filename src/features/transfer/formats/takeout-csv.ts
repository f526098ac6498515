import { AppError } from '~/lib/app-error'
import { CHANNEL_ID_RE, type ChannelRef, parseChannelInput } from '~/lib/youtube-urls'
import { IMPORT_MAX_CHANNELS, type ImportModel } from '../transfer.schemas'
import { ENTRIES_MAX, type GroupNode, isOtherService, ModelBuilder } from './model-builder'

/*
 * Google Takeout `subscriptions.csv`: `Channel Id,Channel Url,Channel Title`,
 * with the header in the account's language, so columns are read by position.
 * FreeTube writes the same columns; our own CSV export adds a 4th: the group
 * path (`A / B`), one row per placement.
 */

export type CsvRecord = {
  /** 1-based line the record starts on. */
  line: number
  cells: string[]
  /** The record as written, for problem lines. */
  raw: string
}

/** RFC 4180 with what spreadsheets add: CRLF or CR, quoted newlines, a `;` delimiter. */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvRecord[] {
  const lineEnd = text.search(/[\r\n]/)
  const firstLine = lineEnd === -1 ? text : text.slice(0, lineEnd)
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? 59 : 44
  const records: CsvRecord[] = []
  const length = text.length
  // Index of the first delimiter or line break at or after `from`.
  const cellEnd = (from: number): number => {
    let end = from
    while (end < length) {
      const code = text.charCodeAt(end)
      if (code === delimiter || code === 10 || code === 13) break
      end++
    }
    return end
  }
  let index = 0
  let line = 1
  while (index < length && records.length < maxRecords) {
    const start = index
    const startLine = line
    const cells: string[] = []
    let recordEnd = length
    for (;;) {
      let quoteAt = index
      while (text.charCodeAt(quoteAt) === 32) quoteAt++
      if (text.charCodeAt(quoteAt) === 34) {
        // Quoted: runs to the next lone quote, "" is a quote; stray text after it is kept.
        const from = quoteAt + 1
        let position = from
        let close = -1
        for (;;) {
          const quote = text.indexOf('"', position)
          if (quote === -1) break
          if (text.charCodeAt(quote + 1) !== 34) {
            close = quote
            break
          }
          position = quote + 2
        }
        const to = close === -1 ? length : close
        const slice = text.slice(from, to)
        const value = slice.includes('""') ? slice.replaceAll('""', '"') : slice
        line += countNewlines(text, from, to)
        position = close === -1 ? length : close + 1
        index = cellEnd(position)
        cells.push(value + text.slice(position, index))
      } else {
        const end = cellEnd(index)
        cells.push(text.slice(index, end))
        index = end
      }
      if (index >= length) break
      const code = text.charCodeAt(index)
      if (code === delimiter) {
        index++
        continue
      }
      recordEnd = index
      index += code === 13 && text.charCodeAt(index + 1) === 10 ? 2 : 1
      line++
      break
    }
    if (cells.some((value) => value.trim() !== '')) {
      records.push({ line: startLine, cells, raw: text.slice(start, recordEnd) })
    }
  }
  return records
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i)
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) count++
  }
  return count
}

function isChannelId(cell: string | undefined): boolean {
  return cell !== undefined && CHANNEL_ID_RE.test(cell.trim())
}

/**
 * Takeout-shaped: a data row has a channel id first and an address (or
 * nothing) second, so a pasted `UC…, UC…` list stays a plain list.
 */
export function looksLikeTakeoutCsv(text: string): boolean {
  const records = parseCsv(text, 6)
  const [first] = records
  if (first === undefined) return false
  const data = isChannelId(first.cells[0]) ? records : records.slice(1)
  if (data.length === 0) {
    // A header alone (no subscriptions): three columns, the second about the URL in any language.
    return first.cells.length >= 3 && /url/i.test(first.cells[1] ?? '') && !text.includes('://')
  }
  return data.some(
    (record) =>
      isChannelId(record.cells[0]) &&
      record.cells.length >= 2 &&
      (record.cells[1]?.trim() === '' || /^https?:\/\//i.test(record.cells[1]?.trim() ?? '')),
  )
}

/** Our CSV export guards cells a spreadsheet would run as formulas with a leading `'`. */
function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell
}

/** Rows beyond every channel plus repeats: a file this long is refused before it is split. */
const ROWS_MAX = ENTRIES_MAX

export function parseTakeoutCsv(text: string): ImportModel {
  const builder = new ModelBuilder('takeout-csv')
  const records = parseCsv(text, ROWS_MAX + 2)
  if (records.length > ROWS_MAX + 1) {
    throw new AppError('IMPORT_TOO_MANY', { max: IMPORT_MAX_CHANNELS })
  }
  const [first] = records
  const rows = first !== undefined && !isChannelId(first.cells[0]) ? records.slice(1) : records
  for (const { line, cells, raw } of rows) {
    const [idCell = '', urlCell = '', titleCell = '', pathCell = ''] = cells
    const title = unguard(titleCell)
    const path = unguard(pathCell)
    const id = idCell.trim()
    let ref: ChannelRef | null = CHANNEL_ID_RE.test(id) ? { kind: 'id', id } : null
    if (ref === null && urlCell.trim() !== '') ref = parseChannelInput(urlCell).ref
    if (ref === null) {
      builder.problem(line, isOtherService(urlCell) ? 'otherService' : 'invalid', raw)
      continue
    }
    const item = builder.channel(ref, { title })
    const target: GroupNode | null = path.trim() === '' ? null : builder.groupPath(null, path, line)
    builder.place(target, item, line, raw)
  }
  return builder.build()
}
