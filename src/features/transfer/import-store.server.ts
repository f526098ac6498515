import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { IMPORT_FORMATS, type ImportFormat } from '~/config/formats'
import { dataImport } from '~/db/schema'
import {
  IMPORT_PROBLEM_CODES,
  type ImportModel,
  type ImportResult,
  type ImportStatus,
} from './transfer.schemas'

/*
 * The `data_import` row, shared by the preview, the job and the status
 * reads: which columns answer a status, and how its JSON columns read back.
 */

const problemSchema = z.object({
  line: z.number().int().nullable(),
  code: z.enum(IMPORT_PROBLEM_CODES),
  input: z.string(),
})
const resultSchema: z.ZodType<ImportResult> = z.object({
  groupsCreated: z.number().int(),
  groupsMerged: z.number().int(),
  channelsAdded: z.number().int(),
  animesAdded: z.number().int(),
  itemsPlaced: z.number().int(),
  notFound: z.array(problemSchema),
})
/** refKey → the channel id YouTube gave, or null when it has no such channel. */
const resolvedSchema = z.record(z.string(), z.string().nullable())
export type Resolved = z.infer<typeof resolvedSchema>

/** What the lookups saved so far; anything unreadable counts as nothing looked up yet. */
export function readResolved(value: unknown): Resolved {
  return resolvedSchema.catch({}).parse(value)
}

export const statusColumns = {
  id: dataImport.id,
  state: dataImport.state,
  format: dataImport.format,
  fileName: dataImport.fileName,
  done: dataImport.done,
  total: dataImport.total,
  result: dataImport.result,
  error: dataImport.error,
  createdAt: dataImport.createdAt,
  updatedAt: dataImport.updatedAt,
}
type StatusRow = {
  id: string
  state: ImportStatus['state']
  format: string
  fileName: string | null
  done: number
  total: number
  result: unknown
  error: string | null
  createdAt: Date
  updatedAt: Date
}

function toFormat(value: string): ImportFormat {
  return IMPORT_FORMATS.find((format) => format === value) ?? 'plain'
}

export function toStatus(row: StatusRow): ImportStatus {
  const result = row.result === null ? null : resultSchema.safeParse(row.result)
  return {
    importId: row.id,
    state: row.state,
    format: toFormat(row.format),
    fileName: row.fileName,
    done: row.done,
    total: row.total,
    result: result?.success ? result.data : null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The stored model is the parser's own output, written by createImport. */
export const storedModel = sql<ImportModel>`${dataImport.model}`

/** The stored model emptied but for its format: finished imports no longer carry the file. */
export const emptiedModel = sql`jsonb_build_object('format', ${dataImport.model}->'format',
  'groups', '[]'::jsonb, 'ungrouped', '[]'::jsonb, 'channels', '[]'::jsonb,
  'animes', '[]'::jsonb, 'problems', '[]'::jsonb)`
