import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { lockTree } from '~/db/group-tree.server'
import { channel, dataImport, group, libraryEntry, pendingLookup, user } from '~/db/schema'
import { upsertChannels } from '~/features/catalogue/catalogue.server'
import { youtubeFor } from '~/features/catalogue/youtube-client.server'
import { AppError } from '~/lib/app-error'
import { type ChannelRef, refInput, refKey } from '~/lib/youtube-urls'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue, enqueueNow } from '~/server/jobs/jobs.server'
import { log } from '~/server/logger.server'
import { accessAllows, findGroupAccess } from '../groups/access.server'
import { recordActivityLines } from '../groups/activity.server'
import { appendItems, itemLineDetails } from '../groups/items.server'

/*
 * Look-ups YouTube could not answer (network, 5xx, quota), kept until it does (decision 0049) and retried
 * on the payer's daily share. "Not found" is only ever YouTube's own answer.
 */

/** Rows one run of the retry job asks about: its units stay within a user's share. */
const RETRY_BATCH = 200
/** The first retry waits this long: YouTube rarely comes back within seconds. */
const FIRST_RETRY_MS = 30_000
const API_BATCH = 50

export type PendingRef = { ref: ChannelRef; groupIds: string[] }

export function unavailableReason(error: unknown): string | null {
  if (!(error instanceof AppError) || error.code !== 'YOUTUBE_UNAVAILABLE') return null
  const reason = error.params.reason
  return typeof reason === 'string' ? reason : 'network'
}

const singletonKey = (payerId: string) => `lookups.retry:${payerId}`

/** In the caller's transaction; a reference already pending for this library gains the new groups. */
export async function keepPending(
  tx: Database,
  input: {
    ownerId: string
    payerId: string
    importId: string | null
    reason: string
    refs: readonly PendingRef[]
  },
): Promise<void> {
  if (input.refs.length === 0) return
  const rows = [
    ...new Map(
      input.refs.map((item) => [
        refKey(item.ref),
        {
          ownerId: input.ownerId,
          payerId: input.payerId,
          refKey: refKey(item.ref),
          ref: item.ref,
          groupIds: [...new Set(item.groupIds)],
          importId: input.importId,
          reason: input.reason,
        },
      ]),
    ).values(),
  ]
  await tx
    .insert(pendingLookup)
    .values(rows)
    .onConflictDoUpdate({
      target: [pendingLookup.ownerId, pendingLookup.refKey],
      set: {
        groupIds: sql`(select coalesce(jsonb_agg(distinct g), '[]'::jsonb) from jsonb_array_elements(
          ${pendingLookup.groupIds} || excluded.group_ids) as g)`,
        reason: sql`excluded.reason`,
        payerId: sql`excluded.payer_id`,
        importId: sql`coalesce(excluded.import_id, ${pendingLookup.importId})`,
      },
    })
  await enqueue(
    tx,
    lookupRetryJob,
    { payerId: input.payerId },
    { singletonKey: singletonKey(input.payerId), runAt: new Date(Date.now() + FIRST_RETRY_MS) },
  )
}

/** "Look up again": the payer's retry runs now. */
export async function retryPendingNow(db: Database, payerId: string): Promise<void> {
  await enqueueNow(db, lookupRetryJob, { payerId }, singletonKey(payerId))
}

export async function pendingCount(db: Database, importId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pendingLookup)
    .where(eq(pendingLookup.importId, importId))
  return row?.count ?? 0
}

type PendingRow = typeof pendingLookup.$inferSelect

/** A pending handle YouTube says does not exist: the import's result lists it as not found. */
async function reportNotFound(db: Database, row: PendingRow) {
  if (row.importId === null) return
  const code = row.ref.kind === 'video' ? 'videoNotFound' : 'notChannel'
  const problem = JSON.stringify([{ line: null, code, input: refInput(row.ref) }])
  await db
    .update(dataImport)
    .set({
      result: sql`jsonb_set(${dataImport.result}, '{notFound}',
        coalesce(${dataImport.result}->'notFound', '[]'::jsonb) || ${problem}::jsonb)`,
    })
    .where(and(eq(dataImport.id, row.importId), sql`${dataImport.result} is not null`))
}

/**
 * Placed in each group the payer may still edit: someone else's library only grows through such a group,
 * so a member removed since they pasted adds nothing.
 */
async function placeFound(db: Database, row: PendingRow, channelId: string, title: string) {
  await db.transaction(async (tx) => {
    const [payer] = await tx
      .select({ id: user.id, name: user.name, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, row.payerId))
    const targets: { id: string; name: string }[] = []
    if (payer && row.groupIds.length > 0) {
      await lockTree(tx, row.ownerId)
      const groups = await tx
        .select({ id: group.id, name: group.name })
        .from(group)
        .where(and(inArray(group.id, row.groupIds), eq(group.ownerId, row.ownerId)))
      for (const target of groups) {
        // Access may have been taken away since it was asked for.
        const access = await findGroupAccess(tx, payer.id, target.id)
        if (access && accessAllows(access, 'edit')) targets.push(target)
      }
    }
    if (payer && (row.payerId === row.ownerId || targets.length > 0)) {
      await tx
        .insert(libraryEntry)
        .values({ userId: row.ownerId, kind: 'channel', channelId })
        .onConflictDoNothing()
      const [entry] = await tx
        .select({ id: libraryEntry.id })
        .from(libraryEntry)
        .where(and(eq(libraryEntry.userId, row.ownerId), eq(libraryEntry.channelId, channelId)))
      const lines = []
      for (const target of targets) {
        if (!entry) break
        const placed = await appendItems(tx, payer, target.id, [entry.id])
        if (placed.added.length === 0) continue
        lines.push({
          ownerId: row.ownerId,
          groupId: target.id,
          action: 'item.added' as const,
          details: itemLineDetails(target.name, 1, title),
        })
      }
      await recordActivityLines(tx, payer, lines)
    }
    await tx.delete(pendingLookup).where(eq(pendingLookup.id, row.id))
  })
}

/** Ids first (50 to a call); when YouTube is unreachable the rows keep their new reason and the job retries. */
export type RetryOutcome =
  | { kind: 'done' }
  | { kind: 'more' }
  | { kind: 'unavailable'; reason: string }

export async function retryPending(db: Database, payerId: string): Promise<RetryOutcome> {
  const rows = await db
    .select()
    .from(pendingLookup)
    .where(eq(pendingLookup.payerId, payerId))
    .orderBy(asc(pendingLookup.createdAt))
    .limit(RETRY_BATCH)
  if (rows.length === 0) return { kind: 'done' }
  const youtube = youtubeFor(db, 'import', { payer: payerId })
  const idRows = rows.filter((row) => row.ref.kind === 'id')
  const otherRows = rows.filter((row) => row.ref.kind !== 'id')
  try {
    for (let at = 0; at < idRows.length; at += API_BATCH) {
      const part = idRows.slice(at, at + API_BATCH)
      const found = await youtube.channelsByIds(
        part.flatMap((row) => (row.ref.kind === 'id' ? [row.ref.id] : [])),
      )
      await upsertChannels(db, [...found.values()])
      // Unknown to YouTube: the entry stays as it is, titled by its id.
      await db.delete(pendingLookup).where(
        inArray(
          pendingLookup.id,
          part.map((row) => row.id),
        ),
      )
    }
    for (const row of otherRows) {
      const found = (await youtube.resolve([row.ref])).get(refKey(row.ref)) ?? null
      if (found) {
        await upsertChannels(db, [found])
        const [stored] = await db
          .select({ title: channel.title })
          .from(channel)
          .where(eq(channel.id, found.id))
        await placeFound(db, row, found.id, stored?.title ?? found.id)
      } else {
        await reportNotFound(db, row)
        await db.delete(pendingLookup).where(eq(pendingLookup.id, row.id))
      }
    }
  } catch (error) {
    const reason = unavailableReason(error)
    if (reason === null) throw error
    await db
      .update(pendingLookup)
      .set({ reason, attempts: sql`${pendingLookup.attempts} + 1` })
      .where(eq(pendingLookup.payerId, payerId))
    log.warn('lookups.retry_unavailable', { reason })
    return { kind: 'unavailable', reason }
  }
  return { kind: rows.length === RETRY_BATCH ? 'more' : 'done' }
}

export const lookupRetryJob = defineJob({
  name: 'lookups.retry',
  schema: z.object({ payerId: z.string().min(1) }),
  // 1 min, doubling up to 6 h: about a day of tries; "Look up again" starts over.
  maxAttempts: 12,
  backoffMs: 60_000,
  handler: async ({ payerId }) => {
    const db = await getDb()
    for (;;) {
      const outcome = await retryPending(db, payerId)
      if (outcome.kind === 'done') return
      if (outcome.kind === 'unavailable') {
        throw new Error(`YouTube could not be reached (${outcome.reason})`)
      }
    }
  },
})
