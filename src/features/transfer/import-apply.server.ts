import { and, eq, inArray, notInArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { dataImport, user } from '~/db/schema'
import { lockTree } from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { AppError, ERROR_MESSAGES } from '~/lib/app-error'
import { getDb } from '~/server/database.server'
import { defineJob, PermanentJobError } from '~/server/jobs/jobs.server'
import { destinationOwner, loadDestination } from './import-destination.server'
import { type ImportJobContext, runLookups } from './import-lookups.server'
import { planImport } from './import-plan'
import { emptiedModel, loadResolved, storedModel } from './import-store.server'
import { tidyImportTables } from './import-vacuum.server'
import {
  collectEntries,
  confirmedIds,
  placeItems,
  privateFields,
  writeCatalogue,
  writeGroups,
  writeLibrary,
} from './import-writes.server'
import {
  type ImportModel,
  type ImportResult,
  type ImportStatus,
  importOptionsSchema,
} from './transfer.schemas'

/*
 * The `import.apply` job, queued when the user confirms: the look-ups, then
 * everything in ONE transaction, so a killed process or a failed statement
 * leaves nothing of the user's behind. The job acts for the import's owner
 * and checks the destination again (requireGroup) when it applies.
 */

/** The last attempt marks the import failed; the runner's retries cover a lost worker. */
export const IMPORT_JOB_ATTEMPTS = 3

type JobRow = {
  id: string
  userId: string
  state: ImportStatus['state']
  model: ImportModel
  options: unknown
}

async function loadJobRow(
  db: Database,
  importId: string,
  options: { lock: boolean } = { lock: false },
): Promise<JobRow | undefined> {
  const query = db
    .select({
      id: dataImport.id,
      userId: dataImport.userId,
      state: dataImport.state,
      model: storedModel,
      options: dataImport.options,
    })
    .from(dataImport)
    .where(eq(dataImport.id, importId))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/**
 * Everything the user gets, in one transaction holding the tree lock:
 * catalogue rows, library entries, groups, items, one activity row and the
 * import's result.
 */
async function applyPhase(db: Database, importId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock makes a second worker wait here and then find the import done.
    const row = await loadJobRow(tx, importId, { lock: true })
    if (row?.state !== 'applying') return
    const { model, userId: actorId } = row
    const options = importOptionsSchema.safeParse(row.options)
    if (!options.success) throw new AppError('INTERNAL')
    const { parentId, sameNames } = options.data
    const [actor] = await tx.select({ name: user.name }).from(user).where(eq(user.id, actorId))
    if (!actor) throw new AppError('IMPORT_NOT_FOUND')

    const ownerId = await destinationOwner(tx, actorId, parentId)
    await lockTree(tx, ownerId)
    const destination = await loadDestination(tx, ownerId, parentId)
    const plan = planImport(model, destination.existing, destination, sameNames, () =>
      crypto.randomUUID(),
    )
    const collected = collectEntries(model, await loadResolved(tx, importId))
    const channelIds = [...collected.fileTitles.keys()]
    const confirmed = await confirmedIds(tx, channelIds)
    await writeCatalogue(tx, channelIds, model.animes)
    const entries = privateFields(collected.entries, {
      own: ownerId === actorId,
      confirmed,
      fileTitles: collected.fileTitles,
    })
    const library = await writeLibrary(tx, ownerId, entries)
    const { created, targets } = await writeGroups(tx, ownerId, plan, destination.existing)
    const itemsPlaced = await placeItems(tx, actorId, targets, created, (ref) => {
      const id = ref.kind === 'anime' ? ref.key : collected.channelOf.get(ref.key)
      return id === undefined ? undefined : library.entryOf.get(`${ref.kind}:${id}`)
    })

    const groupsMerged = plan.nodes.filter((node) => node.merged).length
    const result: ImportResult = {
      groupsCreated: created.size,
      groupsMerged,
      channelsAdded: library.channelsAdded,
      animesAdded: library.animesAdded,
      itemsPlaced,
      notFound: collected.notFound,
    }
    await recordActivity(tx, { id: actorId, name: actor.name }, ownerId, [
      {
        groupId: parentId,
        action: 'import.applied',
        details: {
          format: model.format,
          groups: created.size + groupsMerged,
          channels: channelIds.length,
        },
      },
    ])
    await tx
      .update(dataImport)
      .set({ state: 'done', result, model: emptiedModel, error: null })
      .where(eq(dataImport.id, importId))
  })
}

/**
 * One run of the import job: queued → resolving → applying → done. Safe to
 * repeat at any point (the runner delivers at least once): each phase picks
 * up from the stored state, and a finished or cancelled import is left alone.
 */
export async function runImport(
  db: Database,
  importId: string,
  ctx: ImportJobContext,
): Promise<void> {
  const row = await loadJobRow(db, importId)
  if (!row) return
  if (row.state === 'queued' || row.state === 'resolving') {
    const [moved] = await db
      .update(dataImport)
      .set({ state: 'resolving' })
      .where(and(eq(dataImport.id, importId), inArray(dataImport.state, ['queued', 'resolving'])))
      .returning({ id: dataImport.id })
    if (!moved) return
    await runLookups(db, row, ctx)
    await db
      .update(dataImport)
      .set({ state: 'applying' })
      .where(and(eq(dataImport.id, importId), eq(dataImport.state, 'resolving')))
  } else if (row.state !== 'applying') {
    return
  }
  if (ctx.signal.aborted) throw new Error('import: stopped before applying')
  await applyPhase(db, importId)
  await tidyImportTables(db, importId)
}

function errorKey(error: unknown): string {
  return error instanceof AppError ? ERROR_MESSAGES[error.code] : ERROR_MESSAGES.INTERNAL
}

/** A domain refusal (the destination was deleted…) or the last attempt: the import fails for good. */
async function failImport(db: Database, importId: string, error: unknown) {
  await db
    .update(dataImport)
    .set({ state: 'failed', error: errorKey(error), model: emptiedModel })
    .where(
      and(
        eq(dataImport.id, importId),
        notInArray(dataImport.state, ['done', 'cancelled', 'failed']),
      ),
    )
  await tidyImportTables(db, importId)
}

export const importJob = defineJob({
  name: 'import.apply',
  schema: z.object({ importId: z.uuid() }),
  maxAttempts: IMPORT_JOB_ATTEMPTS,
  backoffMs: 5000,
  handler: async (payload, ctx) => {
    const db = await getDb()
    try {
      await runImport(db, payload.importId, ctx)
    } catch (error) {
      // Stopping or a lost lease: another run carries on from the stored state.
      if (ctx.signal.aborted) throw error
      if (error instanceof AppError || ctx.attempt >= IMPORT_JOB_ATTEMPTS) {
        await failImport(db, payload.importId, error)
        throw new PermanentJobError(error instanceof Error ? error.message : String(error))
      }
      throw error
    }
  },
})
