import { Inflate } from 'fflate'
import type { Database, SqlValue } from 'sql.js'
import { AppError } from '~/lib/app-error'
import { loadSqlJs } from '../sql-js'
import { IMPORT_MAX_CHANNELS, type ImportItemRef, type ImportModel } from '../transfer.schemas'
import { lookupChannel, ModelBuilder, malformed } from './model-builder'

/*
 * NewPipe's full export: a zip holding `newpipe.db` (SQLite); groups live only there. The zip is read
 * here, not by fflate's unzipSync, which trusts the declared size and would inflate a crafted entry
 * without bound. Server only.
 */

/** Headroom for watch history and the rest of NewPipe's database. */
const DB_MAX_BYTES = 128 * 1024 * 1024
const MEGABYTE = 1024 * 1024
/** What all entries of a zip may unpack to together, by its central directory. */
export const ZIP_MAX_TOTAL_BYTES = 160 * MEGABYTE
/**
 * Deflate reaches ~1,000:1 only on filler; real exports stay far below. Small
 * entries are exempt: a tiny file of repeated text packs tightly and costs nothing.
 */
export const ZIP_MAX_RATIO = 500
const RATIO_EXEMPT_BYTES = MEGABYTE
const INFLATE_CHUNK = 16 * 1024
const SQLITE_MAGIC = 'SQLite format 3\u0000'

export type ZipEntry = {
  name: string
  method: number
  compressedSize: number
  /** What the central directory says it unpacks to: never inflated past (readDeclaredEntry). */
  size: number
  dataOffset: number
}

class ZipError extends Error {}

function u16(bytes: Uint8Array, at: number): number {
  if (at < 0 || at + 2 > bytes.length) throw new ZipError('out of bounds')
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8)
}

function u32(bytes: Uint8Array, at: number): number {
  return u16(bytes, at) + u16(bytes, at + 2) * 0x10000
}

function u64(bytes: Uint8Array, at: number): number {
  const value = u32(bytes, at) + u32(bytes, at + 4) * 0x1_0000_0000
  if (!Number.isSafeInteger(value)) throw new ZipError('too large')
  return value
}

export function listZip(bytes: Uint8Array): ZipEntry[] {
  let end = bytes.length - 22
  const stop = Math.max(0, bytes.length - 22 - 0xffff)
  while (end >= stop && u32(bytes, end) !== 0x06054b50) end--
  if (end < stop) throw new ZipError('no end of central directory')
  let count = u16(bytes, end + 10)
  let offset = u32(bytes, end + 16)
  if ((count === 0xffff || offset === 0xffffffff) && end >= 20) {
    if (u32(bytes, end - 20) === 0x07064b50) {
      const end64 = u64(bytes, end - 12)
      if (u32(bytes, end64) !== 0x06064b50) throw new ZipError('bad zip64 end')
      count = u64(bytes, end64 + 32)
      offset = u64(bytes, end64 + 48)
    }
  }
  const entries: ZipEntry[] = []
  const decoder = new TextDecoder()
  for (let i = 0; i < count; i++) {
    if (u32(bytes, offset) !== 0x02014b50) throw new ZipError('bad central header')
    const flags = u16(bytes, offset + 8)
    const method = u16(bytes, offset + 10)
    let compressedSize = u32(bytes, offset + 20)
    let size = u32(bytes, offset + 24)
    const nameLength = u16(bytes, offset + 28)
    const extraLength = u16(bytes, offset + 30)
    const commentLength = u16(bytes, offset + 32)
    let local = u32(bytes, offset + 42)
    const nameEnd = offset + 46 + nameLength
    if (nameEnd > bytes.length) throw new ZipError('bad name')
    const name = decoder.decode(bytes.subarray(offset + 46, nameEnd))
    // ZIP64 extra field: the 64-bit values of whichever fields are saturated, in order.
    for (let at = nameEnd; at + 4 <= nameEnd + extraLength; ) {
      const id = u16(bytes, at)
      const length = u16(bytes, at + 2)
      if (id === 0x0001) {
        let field = at + 4
        if (size === 0xffffffff) {
          size = u64(bytes, field)
          field += 8
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = u64(bytes, field)
          field += 8
        }
        if (local === 0xffffffff) local = u64(bytes, field)
      }
      at += 4 + length
    }
    if (flags & 1) throw new ZipError('encrypted')
    if (u32(bytes, local) !== 0x04034b50) throw new ZipError('bad local header')
    const dataOffset = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28)
    if (dataOffset + compressedSize > bytes.length) throw new ZipError('truncated')
    entries.push({ name, method, compressedSize, size, dataOffset })
    offset = nameEnd + extraLength + commentLength
  }
  return entries
}

/** An entry's content, refusing (ZipError) to inflate past `limit` bytes whatever the zip claims. */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, limit: number): Uint8Array {
  const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize)
  if (entry.method === 0) {
    if (data.length > limit) throw new ZipError('too large')
    return data.slice()
  }
  if (entry.method !== 8) throw new ZipError('unsupported compression')
  const chunks: Uint8Array[] = []
  let total = 0
  const inflater = new Inflate((chunk) => {
    total += chunk.length
    if (total > limit) throw new ZipError('too large')
    chunks.push(chunk)
  })
  if (data.length === 0) inflater.push(data, true)
  for (let at = 0; at < data.length; at += INFLATE_CHUNK) {
    inflater.push(data.subarray(at, at + INFLATE_CHUNK), at + INFLATE_CHUNK >= data.length)
  }
  const out = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}

/** Refuses a zip that says it unpacks to too much before anything is inflated; readDeclaredEntry holds it to that. */
export function checkZipSizes(entries: ZipEntry[]): void {
  let total = 0
  for (const entry of entries) {
    total += entry.size
    const tooTight =
      entry.size > RATIO_EXEMPT_BYTES && entry.size > entry.compressedSize * ZIP_MAX_RATIO
    if (tooTight || total > ZIP_MAX_TOTAL_BYTES) {
      throw new AppError('IMPORT_ARCHIVE_TOO_LARGE', { max: ZIP_MAX_TOTAL_BYTES / MEGABYTE })
    }
  }
}

/** An entry's content, at most `limit` bytes and never more than the zip declared for it. */
export function readDeclaredEntry(bytes: Uint8Array, entry: ZipEntry, limit: number): Uint8Array {
  return readZipEntry(bytes, entry, Math.min(limit, entry.size))
}

function baseName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1)
}

export function findNewpipeDb(entries: ZipEntry[]): ZipEntry | undefined {
  return entries.find((entry) => baseName(entry.name).toLowerCase() === 'newpipe.db')
}

export function readNewpipeDb(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  return readDeclaredEntry(bytes, entry, DB_MAX_BYTES)
}

export function isSqlite(bytes: Uint8Array): boolean {
  for (let i = 0; i < SQLITE_MAGIC.length; i++) {
    if (bytes[i] !== SQLITE_MAGIC.charCodeAt(i)) return false
  }
  return true
}

type Row = Record<string, SqlValue>

/** The tables read and the only columns read from them; a missing column reads as null. */
const NEEDED = {
  subscriptions: ['uid', 'service_id', 'url', 'name', 'avatar_url'],
  feed_group: ['uid', 'name', 'sort_order'],
  feed_group_subscription_join: ['group_id', 'subscription_id'],
} as const
type Needed = keyof typeof NEEDED

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Refuses (as damaged) anything that could make reading run code: a view, a virtual table, a trigger or a
 * generated column. NewPipe writes none.
 */
function neededTables(db: Database): Map<Needed, string> {
  const found = new Map<Needed, string>()
  const isNeeded = (name: string): name is Needed => Object.hasOwn(NEEDED, name)
  const master = db.exec('SELECT type, name, tbl_name, sql FROM sqlite_master')
  for (const [type, name, table, sql] of master[0]?.values ?? []) {
    const target = String(table ?? '').toLowerCase()
    if (type === 'trigger' && isNeeded(target)) throw malformed('newpipe-zip')
    const own = String(name ?? '').toLowerCase()
    if (!isNeeded(own) || type === 'index') continue
    if (type !== 'table' || /^\s*create\s+virtual\b/i.test(String(sql ?? ''))) {
      throw malformed('newpipe-zip')
    }
    found.set(own, String(name))
  }
  for (const [, table] of found) {
    // table_xinfo's last column: 0 plain, 1 hidden (virtual tables), 2/3 generated.
    const columns = db.exec(`PRAGMA table_xinfo(${quote(table)})`)
    if ((columns[0]?.values ?? []).some((column) => column[6] !== 0)) throw malformed('newpipe-zip')
  }
  return found
}

/** The named columns of a needed table, at most `limit` rows; null when the table does not exist. */
function readTable(
  db: Database,
  tables: Map<Needed, string>,
  table: Needed,
  limit: number,
): Row[] | null {
  const spelled = tables.get(table)
  if (spelled === undefined) return null
  const present = new Set<string>()
  for (const column of db.exec(`PRAGMA table_xinfo(${quote(spelled)})`)[0]?.values ?? []) {
    present.add(String(column[1]).toLowerCase())
  }
  const columns = NEEDED[table]
  const list = columns.map((column) => (present.has(column) ? quote(column) : 'NULL')).join(', ')
  const statement = db.prepare(`SELECT ${list} FROM ${quote(spelled)} LIMIT ${limit + 1}`)
  try {
    const rows: Row[] = []
    while (statement.step()) {
      const values = statement.get()
      const row: Row = {}
      columns.forEach((column, index) => {
        row[column] = values[index] ?? null
      })
      rows.push(row)
    }
    if (rows.length > limit) throw new AppError('IMPORT_TOO_MANY', { max: IMPORT_MAX_CHANNELS })
    return rows
  } finally {
    statement.free()
  }
}

function numberOf(value: SqlValue | undefined): number | null {
  if (typeof value === 'number') return value
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value)
  }
  return null
}

function textOf(value: SqlValue | undefined): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return null
}

export async function parseNewpipeDb(file: Uint8Array): Promise<ImportModel> {
  if (!isSqlite(file)) throw malformed('newpipe-zip')
  const SQL = await loadSqlJs()
  let db: Database
  try {
    db = new SQL.Database(file)
  } catch {
    throw malformed('newpipe-zip')
  }
  try {
    return readNewpipe(db)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw malformed('newpipe-zip')
  } finally {
    db.close()
  }
}

function readNewpipe(db: Database): ImportModel {
  const tables = neededTables(db)
  // Non-YouTube subscriptions count against the limit too, with headroom.
  const subscriptions = readTable(db, tables, 'subscriptions', IMPORT_MAX_CHANNELS * 5)
  if (subscriptions === null) throw malformed('newpipe-zip')
  const groups = readTable(db, tables, 'feed_group', IMPORT_MAX_CHANNELS) ?? []
  const joins =
    readTable(db, tables, 'feed_group_subscription_join', IMPORT_MAX_CHANNELS * 50) ?? []

  const builder = new ModelBuilder('newpipe-zip')
  const ordered = subscriptions
    .map((row) => ({ row, uid: numberOf(row.uid) }))
    .sort((a, b) => (a.uid ?? 0) - (b.uid ?? 0))
  const items = new Map<number, { item: ImportItemRef; line: number; url: string }>()
  ordered.forEach(({ row, uid }, index) => {
    const line = index + 1
    const url = textOf(row.url)
    if (url === null || uid === null) {
      builder.problem(line, 'invalid', url ?? textOf(row.name) ?? '')
      return
    }
    if ((numberOf(row.service_id) ?? 0) !== 0) {
      builder.problem(line, 'otherService', url)
      return
    }
    const lookup = lookupChannel(url)
    if (lookup.ref === null) {
      builder.problem(line, lookup.code, url)
      return
    }
    const item = builder.channel(lookup.ref, {
      title: textOf(row.name),
      avatarUrl: textOf(row.avatar_url),
    })
    if (!items.has(uid)) items.set(uid, { item, line, url })
    builder.place(null, item, line, url)
  })

  const members = new Map<number, number[]>()
  for (const join of joins) {
    const groupId = numberOf(join.group_id)
    const subscriptionId = numberOf(join.subscription_id)
    if (groupId === null || subscriptionId === null) continue
    const list = members.get(groupId) ?? []
    list.push(subscriptionId)
    members.set(groupId, list)
  }
  const orderedGroups = groups
    .map((row, index) => ({
      row,
      uid: numberOf(row.uid),
      order: numberOf(row.sort_order) ?? index,
    }))
    .sort((a, b) => a.order - b.order || (a.uid ?? 0) - (b.uid ?? 0))
  orderedGroups.forEach(({ row, uid }, index) => {
    const node = builder.groupPath(null, textOf(row.name) ?? '', index + 1)
    // NewPipe's join has no order: keep the subscriptions' own.
    const inGroup = [...new Set(uid === null ? [] : (members.get(uid) ?? []))]
      .map((subscriptionId) => items.get(subscriptionId))
      .filter((entry) => entry !== undefined)
      .sort((a, b) => a.line - b.line)
    for (const entry of inGroup) builder.place(node, entry.item, entry.line, entry.url)
  })
  return builder.build()
}
