import { eq } from 'drizzle-orm'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { dataImport } from '~/db/schema'
import { upsertChannels } from '~/features/catalogue/catalogue.server'
import { youtubeFor } from '~/features/catalogue/youtube-client.server'
import { AppError } from '~/lib/app-error'
import type { ChannelRef } from '~/lib/youtube-urls'
import type { JobContext } from '~/server/jobs/jobs.server'
import { yieldToRequests } from '~/server/jobs/yield-to-requests'
import { log } from '~/server/logger.server'
import { isId } from './import-plan'
import { loadResolved, type Resolved, saveResolved } from './import-store.server'
import { confirmedIds } from './import-writes.server'
import type { ImportModel } from './transfer.schemas'

/* Each batch's findings and progress are saved, so a restart carries on where the last run stopped. */

/** Channels per YouTube round (one `channels.list` call for ids) and per progress save. */
const LOOKUP_BATCH = 50

export type ImportJobContext = Pick<JobContext, 'signal' | 'extendLease'>

type Lookup =
  | { kind: 'resolve'; refs: { key: string; ref: ChannelRef }[] }
  | { kind: 'meta'; ids: { key: string; id: string }[] }

/**
 * Handles and custom URLs, plus metadata for unconfirmed ids. YouTube being down ends the look-ups and
 * says why: what is left is pending, never "not found" (decision 0049).
 */
export async function runLookups(
  db: Database,
  row: { id: string; userId: string; model: ImportModel },
  ctx: ImportJobContext,
): Promise<string | null> {
  const resolved = await loadResolved(db, row.id)
  await yieldToRequests()
  // The importing user's daily share pays, like their look-ups.
  const youtube = youtubeFor(db, 'import', { payer: row.userId })
  const pendingRefs = row.model.channels.filter(
    (entry) => entry.ref.kind !== 'id' && !(entry.key in resolved),
  )
  const idCandidates = row.model.channels.flatMap((entry) =>
    isId(entry.ref) && !(entry.key in resolved) && (youtube.usesApi || !entry.title)
      ? [{ key: entry.key, id: entry.ref.id }]
      : [],
  )
  // A row only a file wrote does not count: its channel is asked about again.
  const known = await confirmedIds(
    db,
    idCandidates.map((entry) => entry.id),
  )
  const pendingIds = idCandidates.filter((entry) => !known.has(entry.id))
  const lookups: Lookup[] = [
    ...chunks(pendingRefs, LOOKUP_BATCH).map((refs): Lookup => ({ kind: 'resolve', refs })),
    ...chunks(pendingIds, LOOKUP_BATCH).map((ids): Lookup => ({ kind: 'meta', ids })),
  ]
  let done = Object.keys(resolved).length
  const total = done + pendingRefs.length + pendingIds.length
  await db
    .update(dataImport)
    .set({ done, total, lookupIssue: null })
    .where(eq(dataImport.id, row.id))

  for (const lookup of lookups) {
    if (ctx.signal.aborted) throw new Error('import: stopped while resolving')
    const patch: Resolved = {}
    try {
      if (lookup.kind === 'resolve') {
        const found = await youtube.resolve(lookup.refs.map((entry) => entry.ref))
        await upsertChannels(
          db,
          [...found.values()].flatMap((value) => (value ? [value] : [])),
        )
        for (const { key } of lookup.refs) patch[key] = found.get(key)?.id ?? null
      } else {
        const found = await youtube.channelsByIds(lookup.ids.map((entry) => entry.id))
        await upsertChannels(db, [...found.values()])
        // Unknown to YouTube or not: the id itself is the answer (unconfirmed when unknown).
        for (const { key, id } of lookup.ids) patch[key] = id
      }
    } catch (error) {
      if (error instanceof AppError && error.code === 'YOUTUBE_UNAVAILABLE') {
        const reason = typeof error.params.reason === 'string' ? error.params.reason : 'network'
        log.warn('import.youtube_unavailable', { importId: row.id, reason })
        await db.update(dataImport).set({ lookupIssue: reason }).where(eq(dataImport.id, row.id))
        return reason
      }
      throw error
    }
    done += Object.keys(patch).length
    await saveResolved(db, row.id, patch, done)
    await ctx.extendLease()
  }
  return null
}
