import { and, eq, inArray, notInArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { lockTree } from '~/db/group-tree.server'
import { dataImport, user } from '~/db/schema'
import { requireRoom } from '~/features/billing/plan-limits.server'
import { recordActivity } from '~/features/groups/activity.server'
import { keepPending, type PendingRef } from '~/features/library/pending-lookups.server'
import { AppError, ERROR_MESSAGES, type ErrorParams } from '~/lib/app-error'
import { getDb } from '~/server/database.server'
import { defineJob, PermanentJobError } from '~/server/jobs/jobs.server'
import { yieldToRequests } from '~/server/jobs/yield-to-requests'
import { destinationOwner, loadDestination } from './import-destination.server'
import { requireImportRoom } from './import-limits.server'
import { type ImportJobContext, runLookups } from './import-lookups.server'
import { isId, planImport, type Target } from './import-plan'
import { NO_EXCLUSIONS, selectModel } from './import-selection'
import { removeStaged, type Staging, stagedCounts, stageLibrary } from './import-stage.server'
import { emptiedModel, loadResolved, storedModel } from './import-store.server'
import { tidyImportTables } from './import-vacuum.server'
import {
  collectEntries,
  confirmedIds,
  type EntryRow,
  entryIds,
  fillExtras,
  placeItems,
  writeGroups,
} from './import-writes.server'
import {
  type ImportModel,
  type ImportOptions,
  type ImportResult,
  type ImportStatus,
  importExclusionsSchema,
  importOptionsSchema,
} from './transfer.schemas'

/*
 * `import.apply`: look-ups, then the library staged in short transactions, then tree, result and state in
 * ONE transaction. A failed run removes what it staged; a killed one is carried on by the next run.
 */

/** The last attempt marks the import failed; the runner's retries cover a lost worker. */
export const IMPORT_JOB_ATTEMPTS = 3

type JobRow = {
  id: string
  userId: string
  state: ImportStatus['state']
  model: ImportModel
  options: unknown
  lookupIssue: string | null
}

const storedExclusionsSchema = z.object({
  exclusions: importExclusionsSchema.default(NO_EXCLUSIONS),
})

/** The import's row, its model narrowed to what was left ticked: every phase reads this one. */
async function loadJobRow(db: Database, importId: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select({
      id: dataImport.id,
      userId: dataImport.userId,
      state: dataImport.state,
      model: storedModel,
      options: dataImport.options,
      lookupIssue: dataImport.lookupIssue,
    })
    .from(dataImport)
    .where(eq(dataImport.id, importId))
  if (!row) return undefined
  const stored = storedExclusionsSchema.safeParse(row.options ?? {})
  if (!stored.success) throw new AppError('IMPORT_SELECTION_INVALID')
  return { ...row, model: selectModel(row.model, stored.data.exclusions) }
}

/** The row lock makes a second worker wait here and then find the import done. */
async function lockedState(tx: Database, importId: string) {
  const [row] = await tx
    .select({ state: dataImport.state })
    .from(dataImport)
    .where(eq(dataImport.id, importId))
    .for('update')
  return row?.state
}

type Apply = Staging & {
  model: ImportModel
  parentId: string | null
  sameNames: ImportOptions['sameNames']
  lookedUp: number
  /** Why look-ups stopped, and the ids YouTube was not asked about (their entries are written). */
  lookupIssue: string | null
  pendingIds: string[]
}

/** What stays pending: the ids (already placed) and the handles with the groups they go into. */
function pendingRefs(apply: Apply, targets: readonly Target[]): PendingRef[] {
  const groupsOf = new Map<string, string[]>()
  for (const target of targets) {
    if (target.id === null) continue
    for (const ref of target.items) {
      if (ref.kind !== 'channel') continue
      const list = groupsOf.get(ref.key) ?? []
      list.push(target.id)
      groupsOf.set(ref.key, list)
    }
  }
  return [
    ...apply.pendingIds.map((id): PendingRef => ({ ref: { kind: 'id', id }, groupIds: [] })),
    ...apply.collected.pending.map(
      (entry): PendingRef => ({ ref: entry.ref, groupIds: groupsOf.get(entry.key) ?? [] }),
    ),
  ]
}

/** One transaction holding the tree lock: groups, items, extras, one activity row and the result. */
async function revealTree(db: Database, apply: Apply, entries: EntryRow[]): Promise<void> {
  const { importId, actorId, ownerId, collected, model, parentId } = apply
  await db.transaction(async (tx) => {
    if ((await lockedState(tx, importId)) !== 'applying') return
    const [actor] = await tx.select({ name: user.name }).from(user).where(eq(user.id, actorId))
    if (!actor) throw new AppError('IMPORT_NOT_FOUND')
    // The destination changed hands while staging: the next run stages into the new owner's library.
    if ((await destinationOwner(tx, actorId, parentId)) !== ownerId) {
      throw new Error('import: the destination has a new owner')
    }
    await lockTree(tx, ownerId)
    const destination = await loadDestination(tx, ownerId, parentId)
    const plan = planImport(model, destination.existing, destination, apply.sameNames, () =>
      crypto.randomUUID(),
    )
    // Checked again under the owner's lock (decision 0062): a racing write may have taken the room.
    const staged = await stagedCounts(tx, importId)
    const newGroups = plan.nodes.filter((node) => !node.merged)
    await requireRoom(tx, ownerId, {
      groups: newGroups.length,
      depth: newGroups.reduce((deepest, node) => Math.max(deepest, node.own.depth), 0),
      stagedChannels: staged.channelsAdded + staged.animesAdded,
    })
    await fillExtras(tx, ownerId, entries)
    const entryOf = await entryIds(tx, ownerId)
    const { created, targets } = await writeGroups(tx, ownerId, plan, destination.existing)
    const itemsPlaced = await placeItems(tx, actorId, targets, created, (ref) => {
      const id = ref.kind === 'anime' ? ref.key : collected.channelOf.get(ref.key)
      return id === undefined ? undefined : entryOf.get(`${ref.kind}:${id}`)
    })

    const groupsMerged = plan.nodes.filter((node) => node.merged).length
    const pending = apply.lookupIssue === null ? [] : pendingRefs(apply, targets)
    if (apply.lookupIssue !== null) {
      await keepPending(tx, {
        ownerId,
        payerId: actorId,
        importId,
        reason: apply.lookupIssue,
        refs: pending,
      })
    }
    const result: ImportResult = {
      groupsCreated: created.size,
      groupsMerged,
      ...staged,
      itemsPlaced,
      notFound: collected.notFound,
      lookedUp: apply.lookedUp,
      pending: pending.length,
      pendingReason: pending.length > 0 ? apply.lookupIssue : null,
    }
    await recordActivity(tx, { id: actorId, name: actor.name }, ownerId, [
      {
        groupId: parentId,
        action: 'import.applied',
        details: {
          format: model.format,
          groups: created.size + groupsMerged,
          channels: collected.fileTitles.size,
        },
      },
    ])
    await tx
      .update(dataImport)
      .set({ state: 'done', result, model: emptiedModel, error: null, errorParams: null })
      .where(eq(dataImport.id, importId))
  })
}

/** Stages the library, then shows the tree; a run that fails takes back what it staged. */
async function applyPhase(
  db: Database,
  row: JobRow,
  lookupIssue: string | null,
  ctx: ImportJobContext,
): Promise<void> {
  const importId = row.id
  const options = importOptionsSchema.safeParse(row.options)
  if (!options.success) throw new AppError('INTERNAL')
  const { parentId, sameNames } = options.data
  const ownerId = await destinationOwner(db, row.userId, parentId)
  // Checked again before anything is staged: the account may have grown since it was queued.
  await requireImportRoom(db, row.userId, row.model, options.data)
  await yieldToRequests()
  const resolved = await loadResolved(db, importId)
  await yieldToRequests()
  const collected = collectEntries(row.model, resolved, lookupIssue)
  let pendingIds: string[] = []
  if (lookupIssue !== null) {
    // Ids the look-ups did not reach and YouTube never confirmed: their titles come later.
    const unasked = row.model.channels.flatMap((entry) =>
      isId(entry.ref) && !(entry.key in resolved) ? [entry.ref.id] : [],
    )
    const confirmed = await confirmedIds(db, unasked)
    pendingIds = [...new Set(unasked.filter((id) => !confirmed.has(id)))]
  }
  const apply: Apply = {
    importId,
    actorId: row.userId,
    ownerId,
    collected,
    animes: row.model.animes,
    model: row.model,
    parentId,
    sameNames,
    lookedUp: Object.keys(resolved).length,
    lookupIssue,
    pendingIds,
  }
  try {
    await revealTree(db, apply, await stageLibrary(db, apply, ctx))
  } catch (error) {
    // Stopping or a lost lease: the next run carries on from what is staged.
    if (!ctx.signal.aborted) {
      await removeStaged(db, importId, {
        channelIds: [...collected.fileTitles.keys()],
        animeIds: row.model.animes.map((item) => item.key),
      })
    }
    throw error
  }
}

/**
 * queued → resolving → applying → done. Safe to repeat at any point (delivery is at-least-once): each
 * phase resumes from the stored state; a finished or cancelled import is left alone.
 */
export async function runImport(
  db: Database,
  importId: string,
  ctx: ImportJobContext,
): Promise<void> {
  const row = await loadJobRow(db, importId)
  if (!row) return
  let lookupIssue = row.lookupIssue
  if (row.state === 'queued' || row.state === 'resolving') {
    const [moved] = await db
      .update(dataImport)
      .set({ state: 'resolving' })
      .where(and(eq(dataImport.id, importId), inArray(dataImport.state, ['queued', 'resolving'])))
      .returning({ id: dataImport.id })
    if (!moved) return
    lookupIssue = await runLookups(db, row, ctx)
    await yieldToRequests()
    const [applying] = await db
      .update(dataImport)
      .set({ state: 'applying' })
      .where(and(eq(dataImport.id, importId), eq(dataImport.state, 'resolving')))
      .returning({ id: dataImport.id })
    if (!applying) return
  } else if (row.state !== 'applying') {
    return
  }
  if (ctx.signal.aborted) throw new Error('import: stopped before applying')
  await applyPhase(db, row, lookupIssue, ctx)
  await tidyImportTables(db, importId)
}

/** What a failed import keeps: the message key and its values (a plan limit's `{max}`). */
function storedError(error: unknown): { error: string; errorParams: ErrorParams } {
  return error instanceof AppError
    ? { error: ERROR_MESSAGES[error.code], errorParams: error.params }
    : { error: ERROR_MESSAGES.INTERNAL, errorParams: {} }
}

/** A domain refusal (the destination was deleted…) or the last attempt: the import fails for good. */
async function failImport(db: Database, importId: string, error: unknown) {
  await db
    .update(dataImport)
    .set({ state: 'failed', ...storedError(error), model: emptiedModel })
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
