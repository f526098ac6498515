import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { IMPORT_FORMATS, type ImportFormat } from '~/config/formats'
import type { Database } from '~/db/client.server'
import { dataImport, dataImportResolved, pendingLookup } from '~/db/schema'
import {
  IMPORT_PROBLEM_CODES,
  type ImportModel,
  type ImportResult,
  type ImportStatus,
} from './transfer.schemas'

/* The `data_import` row shared by the preview, the job and the status reads. */

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
  // Results written before pending look-ups existed lack these.
  lookedUp: z.number().int().default(0),
  pending: z.number().int().default(0),
  pendingReason: z.string().nullable().default(null),
})
/** refKey → the channel id YouTube gave, or null when it has no such channel. */
export type Resolved = Record<string, string | null>

export async function loadResolved(db: Database, importId: string): Promise<Resolved> {
  const rows = await db
    .select({ key: dataImportResolved.key, channelId: dataImportResolved.channelId })
    .from(dataImportResolved)
    .where(eq(dataImportResolved.importId, importId))
  const resolved: Resolved = {}
  for (const row of rows) resolved[row.key] = row.channelId
  return resolved
}

/** Only this batch's rows are inserted; a key saved already (a redelivered batch) keeps its first answer. */
export async function saveResolved(
  db: Database,
  importId: string,
  patch: Resolved,
  done: number,
): Promise<void> {
  const rows = Object.entries(patch).map(([key, channelId]) => ({ importId, key, channelId }))
  await db.transaction(async (tx) => {
    if (rows.length > 0) await tx.insert(dataImportResolved).values(rows).onConflictDoNothing()
    await tx.update(dataImport).set({ done }).where(eq(dataImport.id, importId))
  })
}

/** Also those left behind by a process that stopped right after an import ended. */
export async function dropFinishedResolved(db: Database): Promise<void> {
  await db.delete(dataImportResolved).where(
    sql`${dataImportResolved.importId} in (select ${dataImport.id} from ${dataImport}
      where ${dataImport.state} in ('done', 'failed', 'cancelled'))`,
  )
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
  errorParams: dataImport.errorParams,
  // Spelled out: drizzle leaves columns unqualified here, and both tables have an `id`.
  pendingLeft: sql<number>`(select count(*)::int from ${pendingLookup} p
    where p.import_id = "data_import"."id")`,
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
  errorParams: Record<string, string | number> | null
  pendingLeft: number
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
    errorParams: row.errorParams ?? {},
    pendingLeft: row.pendingLeft,
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
