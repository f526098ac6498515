import { parse } from 'csv-parse/sync'
import { AppError } from '~/lib/app-error'
import { CHANNEL_ID_RE, type ChannelRef, parseChannelInput } from '~/lib/youtube-urls'
import { IMPORT_MAX_CHANNELS, type ImportModel } from '../transfer.schemas'
import { ENTRIES_MAX, type GroupNode, isOtherService, ModelBuilder } from './model-builder'

/*
 * Google Takeout `subscriptions.csv`: the header is in the account's language, so columns are read by
 * position. Our own CSV export adds a 4th: the group path (`A / B`), one row per placement.
 */

export type CsvRecord = {
  /** 1-based line the record starts on. */
  line: number
  cells: string[]
  /** The record as written, for problem lines. */
  raw: string
}

/** With `raw`, csv-parse hands `{ record, raw }` rather than the cells themselves. */
function cellsOf(row: unknown): string[] {
  const cells = typeof row === 'object' && row !== null && 'record' in row ? row.record : row
  return Array.isArray(cells) ? cells.map((cell) => (typeof cell === 'string' ? cell : '')) : []
}

/** Thrown from inside csv-parse to stop reading once enough records are in. */
class EnoughRecords extends Error {}

/**
 * RFC 4180 plus what spreadsheets add: mixed line ends, quoted newlines, `;`, ragged rows, quotes in bare
 * cells. An unclosed quote throws: the file is damaged.
 */
export function parseCsv(
  text: string,
  maxRecords = Number.POSITIVE_INFINITY,
  /** Sniffing: an unclosed quote ends the records instead of throwing. */
  partial = false,
): CsvRecord[] {
  const lineEnd = text.search(/[\r\n]/)
  const firstLine = lineEnd === -1 ? text : text.slice(0, lineEnd)
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ','
  const records: CsvRecord[] = []
  let line = 1
  try {
    parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      ltrim: true,
      // Blank lines stay records (dropped below) so every record's start line is known.
      skip_empty_lines: false,
      raw: true,
      // Records are kept here, not in the library's result: reading stops at maxRecords.
      on_record: (row: unknown, { lines, raw }) => {
        if (records.length >= maxRecords) throw new EnoughRecords()
        const cells = cellsOf(row)
        if (cells.some((value) => value.trim() !== '')) {
          records.push({ line, cells, raw: (raw ?? '').replace(/[\r\n]+$/, '') })
        }
        // `lines` is the line the record ends on; the next one starts on the following line.
        line = lines + 1
        return null
      },
    })
  } catch (error) {
    if (!(error instanceof EnoughRecords || partial)) throw error
  }
  return records
}

function isChannelId(cell: string | undefined): boolean {
  return cell !== undefined && CHANNEL_ID_RE.test(cell.trim())
}

/** Enough for the first rows of any real file; a row cut at the end only ends the sniff. */
const SNIFF_CHARS = 65_536

/** A data row has a channel id first and an address (or nothing) second, so a pasted `UC…, UC…` list stays plain. */
export function looksLikeTakeoutCsv(text: string): boolean {
  const head = text.slice(0, SNIFF_CHARS)
  // Every text upload is sniffed, and setting csv-parse up costs more than this look.
  if (!/UC[\w-]{22}|url/i.test(head)) return false
  // A damaged row among the first is judged by the rows before it (and then reported as damage).
  const records = parseCsv(head, 6, true)
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
