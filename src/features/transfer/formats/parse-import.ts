import type { ImportFormat } from '~/config/formats'
import { AppError } from '~/lib/app-error'
import { IMPORT_MAX_BYTES, type ImportModel, importTooLarge } from '../transfer.schemas'
import { type Detection, decodeText, detectFormat } from './detect'
import { parseFreetube } from './freetube'
import { parseGrayjay } from './grayjay'
import { parseInvidious } from './invidious'
import { parseLibreTube } from './libretube'
import { malformed } from './model-builder'
import { parseNewpipeJson } from './newpipe-json'
import {
  checkZipSizes,
  findNewpipeDb,
  listZip,
  parseNewpipeDb,
  readDeclaredEntry,
  readNewpipeDb,
  type ZipEntry,
} from './newpipe-zip'
import { parseOpml } from './opml'
import { parsePiped } from './piped'
import { parsePlainEntries, parsePlainList } from './plain-list'
import { parsePocketTube } from './pockettube'
import { looksLikeTakeoutCsv, parseTakeoutCsv } from './takeout-csv'
import { parseTakeoutJson } from './takeout-json'
import { parseTubefoldBackup } from './tubefold-backup'

/*
 * Bytes of an uploaded or pasted file → ImportModel. Pure (no database), fails only with IMPORT_* AppErrors.
 * Uploads go through parseImportInWorker, never straight here.
 */

const IMPORT_CODES = new Set<string>([
  'IMPORT_TOO_LARGE',
  'IMPORT_TOO_MANY',
  'IMPORT_TOO_MANY_GROUPS',
  'IMPORT_UNRECOGNISED',
  'IMPORT_MALFORMED',
  'IMPORT_EMPTY',
  'IMPORT_ARCHIVE_TOO_LARGE',
])

export async function parseImport(
  bytes: Uint8Array,
  fileName: string | null,
): Promise<ImportModel> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw importTooLarge()
  // Which format a failure belongs to, for IMPORT_MALFORMED.
  let format: ImportFormat | null = null
  try {
    const detection = detectFormat(bytes, fileName)
    format = formatOf(detection)
    if (detection.kind === 'zip') return await parseZip(bytes, (found) => (format = found))
    if (detection.kind === 'sqlite') return await parseNewpipeDb(bytes)
    return parseDetected(detection)
  } catch (error) {
    if (error instanceof AppError && IMPORT_CODES.has(error.code)) throw error
    // A library (or we) failed on content it did not expect: the file is damaged.
    if (format === null || format === 'plain') throw new AppError('IMPORT_UNRECOGNISED')
    throw malformed(format)
  }
}

function formatOf(detection: Detection): ImportFormat {
  switch (detection.kind) {
    case 'zip':
    case 'sqlite':
      return 'newpipe-zip'
    case 'strings':
      return 'plain'
    case 'json':
    case 'text':
      return detection.format
  }
}

function parseDetected(detection: Detection): ImportModel {
  switch (detection.kind) {
    case 'zip':
    case 'sqlite':
      throw new AppError('IMPORT_UNRECOGNISED')
    case 'strings':
      return parsePlainEntries(detection.value)
    case 'text':
      switch (detection.format) {
        case 'freetube':
          return parseFreetube(detection.text)
        case 'opml':
          return parseOpml(detection.text)
        case 'takeout-csv':
          return parseTakeoutCsv(detection.text)
        case 'plain':
          return parsePlainList(detection.text)
      }
      break
    case 'json':
      switch (detection.format) {
        case 'takeout-json':
          return parseTakeoutJson(detection.value)
        case 'newpipe-json':
          return parseNewpipeJson(detection.value)
        case 'piped':
          return parsePiped(detection.value)
        case 'pockettube':
          return parsePocketTube(detection.value)
        case 'grayjay':
          return parseGrayjay(detection.value)
        case 'invidious':
          return parseInvidious(detection.value)
        case 'libretube':
          return parseLibreTube(detection.value)
        case 'tubefold':
          return parseTubefoldBackup(detection.value)
      }
  }
  throw new AppError('IMPORT_UNRECOGNISED')
}

/** NewPipe, or what else people drop as a zip: a Grayjay backup, Google Takeout (CSV name translated). */
async function parseZip(
  bytes: Uint8Array,
  found: (format: ImportFormat) => void,
): Promise<ImportModel> {
  let entries: ZipEntry[]
  try {
    entries = listZip(bytes)
  } catch {
    throw malformed('newpipe-zip')
  }
  checkZipSizes(entries)
  const db = findNewpipeDb(entries)
  if (db !== undefined) return parseNewpipeDb(readNewpipeDb(bytes, db))

  const grayjay = entries.find((entry) => entry.name.endsWith('subscription_groups'))
  // A backup without groups still holds the subscriptions store.
  const store = entries.find((entry) => entry.name === 'stores/subscriptions')
  if (grayjay !== undefined || store !== undefined) {
    found('grayjay')
    let value: unknown = []
    let subscriptions: unknown = []
    try {
      if (grayjay !== undefined) {
        value = JSON.parse(decodeText(readDeclaredEntry(bytes, grayjay, IMPORT_MAX_BYTES)) ?? '')
      }
      if (store !== undefined) {
        subscriptions = JSON.parse(
          decodeText(readDeclaredEntry(bytes, store, IMPORT_MAX_BYTES)) ?? '',
        )
      }
    } catch {
      throw malformed('grayjay')
    }
    if (!Array.isArray(subscriptions)) throw malformed('grayjay')
    return parseGrayjay(value, subscriptions)
  }
  for (const entry of entries) {
    if (!entry.name.toLowerCase().endsWith('.csv')) continue
    const text = decodeText(readDeclaredEntry(bytes, entry, IMPORT_MAX_BYTES))
    if (text !== null && looksLikeTakeoutCsv(text)) {
      found('takeout-csv')
      return parseTakeoutCsv(text)
    }
  }
  throw new AppError('IMPORT_UNRECOGNISED')
}
