import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { dataImport, job } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { idSchema } from '~/features/groups/groups.schemas'
import { AppError, ERROR_MESSAGES } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { runOnce } from '~/server/idempotency.server'
import { enqueue } from '~/server/jobs/jobs.server'
import { importJob } from './import-apply.server'
import { requireImportRoom } from './import-limits.server'
import {
  contentsOf,
  exclusionsSchemaFor,
  NO_EXCLUSIONS,
  selection,
  selectModel,
} from './import-selection'
import { emptiedModel, statusColumns, storedModel, toStatus } from './import-store.server'
import type { ImportExclusions, ImportOptions, ImportStatus } from './transfer.schemas'

/* Every function finds the import among the actor's own (another user's is IMPORT_NOT_FOUND). */

const FINISHED_VISIBLE = sql`interval '1 hour'`
const LIST_LIMIT = 20
const ACTIVE_STATES = ['queued', 'resolving', 'applying'] as const

/** What the idempotency table keeps of a started import: which one. */
const startedImportSchema = z.object({ importId: idSchema })

type StartInput = { importId: string; options: ImportOptions; exclusions?: ImportExclusions }

function excludesAny(exclusions: ImportExclusions): boolean {
  const { groups, channels, animes, ungrouped } = exclusions
  return ungrouped || groups.length + channels.length + animes.length > 0
}

/** Held to the stored preview: an unknown index or a selection keeping nothing is refused. Sorted, unique. */
async function checkedExclusions(
  tx: Database,
  importId: string,
  exclusions: ImportExclusions,
): Promise<ImportExclusions> {
  const [row] = await tx
    .select({ model: storedModel })
    .from(dataImport)
    .where(eq(dataImport.id, importId))
  if (!row) throw new AppError('IMPORT_NOT_FOUND')
  const contents = contentsOf(row.model)
  const parsed = exclusionsSchemaFor(contents).safeParse(exclusions)
  if (!parsed.success) throw new AppError('IMPORT_SELECTION_INVALID')
  const unique = (list: number[]) => [...new Set(list)].sort((a, b) => a - b)
  const checked = {
    groups: unique(parsed.data.groups),
    channels: unique(parsed.data.channels),
    animes: unique(parsed.data.animes),
    ungrouped: parsed.data.ungrouped,
  }
  const kept = selection(contents, checked)
  if (kept.channels + kept.animes + kept.groups === 0) throw new AppError('IMPORT_NOTHING_SELECTED')
  return checked
}

/**
 * Options, exclusions and the job are written in one transaction. Without a key a second start is
 * IMPORT_ALREADY_STARTED; under the first's key a retry answers the import as it stands. Either way one job.
 */
export async function startImport(
  db: Database,
  actor: Actor,
  input: StartInput & { idempotencyKey?: string | undefined },
): Promise<ImportStatus> {
  // Set only by the call that queued: a retry reads the import's progress.
  const started: { status?: ImportStatus } = {}
  const { importId } = await runOnce(
    db,
    { userId: actor.id, key: input.idempotencyKey, operation: 'import.start' },
    (stored) => startedImportSchema.parse(stored),
    async (tx) => {
      started.status = await queueImport(tx, actor, input)
      return { importId: input.importId }
    },
  )
  return started.status ?? getImportStatus(db, actor, { importId })
}

async function queueImport(db: Database, actor: Actor, input: StartInput): Promise<ImportStatus> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ state: dataImport.state, model: storedModel })
      .from(dataImport)
      .where(and(eq(dataImport.id, input.importId), eq(dataImport.userId, actor.id)))
      .for('update')
    if (!row || row.state === 'cancelled') throw new AppError('IMPORT_NOT_FOUND')
    if (row.state !== 'preview') throw new AppError('IMPORT_ALREADY_STARTED')
    if (input.options.parentId !== null) {
      await requireGroup(tx, actor.id, input.options.parentId, 'edit')
    }
    const given = input.exclusions ?? NO_EXCLUSIONS
    // Kept beside the options; the model stays as parsed (the job selects from it).
    const exclusions = excludesAny(given)
      ? await checkedExclusions(tx, input.importId, given)
      : NO_EXCLUSIONS
    // The limits count what is ticked: unticking is how a file is brought within them.
    await requireImportRoom(tx, actor.id, selectModel(row.model, exclusions), input.options)
    const [updated] = await tx
      .update(dataImport)
      .set({ state: 'queued', options: { ...input.options, exclusions }, done: 0, total: 0 })
      .where(eq(dataImport.id, input.importId))
      .returning(statusColumns)
    if (!updated) throw new AppError('IMPORT_NOT_FOUND')
    await enqueue(tx, importJob, { importId: input.importId }, { singletonKey: input.importId })
    return toStatus(updated)
  })
}

/** A running import whose job is gone (its worker died on the last attempt) would poll forever: failed here. */
async function settleOrphans(db: Database, userId: string, importId?: string) {
  await db
    .update(dataImport)
    .set({ state: 'failed', error: ERROR_MESSAGES.INTERNAL })
    .where(
      and(
        eq(dataImport.userId, userId),
        importId === undefined ? undefined : eq(dataImport.id, importId),
        inArray(dataImport.state, [...ACTIVE_STATES]),
        sql`not exists (select 1 from ${job} where ${job.singletonKey} = ${dataImport.id}::text and ${job.state} in ('queued', 'active'))`,
      ),
    )
}

export async function getImportStatus(
  db: Database,
  actor: Actor,
  input: { importId: string },
): Promise<ImportStatus> {
  await settleOrphans(db, actor.id, input.importId)
  const [row] = await db
    .select(statusColumns)
    .from(dataImport)
    .where(and(eq(dataImport.id, input.importId), eq(dataImport.userId, actor.id)))
  if (!row) throw new AppError('IMPORT_NOT_FOUND')
  return toStatus(row)
}

/** The actor's running imports and those finished within the hour, newest first. */
export async function listImports(db: Database, actor: Actor): Promise<ImportStatus[]> {
  await settleOrphans(db, actor.id)
  const rows = await db
    .select(statusColumns)
    .from(dataImport)
    .where(
      and(
        eq(dataImport.userId, actor.id),
        or(
          inArray(dataImport.state, [...ACTIVE_STATES]),
          and(
            inArray(dataImport.state, ['done', 'failed']),
            gt(dataImport.updatedAt, sql`now() - ${FINISHED_VISIBLE}`),
          ),
        ),
      ),
    )
    .orderBy(desc(dataImport.createdAt), desc(dataImport.id))
    .limit(LIST_LIMIT)
  return rows.map(toStatus)
}

/** Before it runs only: a preview is dropped, a queued import never starts. */
export async function cancelImport(
  db: Database,
  actor: Actor,
  input: { importId: string },
): Promise<ImportStatus> {
  const [row] = await db
    .select({ state: dataImport.state })
    .from(dataImport)
    .where(and(eq(dataImport.id, input.importId), eq(dataImport.userId, actor.id)))
  if (!row || row.state === 'cancelled') throw new AppError('IMPORT_NOT_FOUND')
  const [updated] = await db
    .update(dataImport)
    .set({ state: 'cancelled', model: emptiedModel })
    .where(
      and(
        eq(dataImport.id, input.importId),
        eq(dataImport.userId, actor.id),
        inArray(dataImport.state, ['preview', 'queued']),
      ),
    )
    .returning(statusColumns)
  // Gone past `queued` meanwhile: the job owns it now.
  if (!updated) throw new AppError('IMPORT_ALREADY_STARTED')
  return toStatus(updated)
}
