import { and, eq, sql } from 'drizzle-orm'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { firstRow, integer } from '~/db/raw-rows.server'
import { anime, channel, groupItem, libraryEntry } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { yieldToRequests } from '~/server/jobs/yield-to-requests'
import { log } from '~/server/logger.server'
import type { ImportJobContext } from './import-lookups.server'
import {
  addEntries,
  type collectEntries,
  confirmedIds,
  type EntryRow,
  privateFields,
  writeCatalogue,
} from './import-writes.server'
import type { ImportModel } from './transfer.schemas'

/*
 * Library rows are written before the tree in short transactions: PGlite runs one statement at a time, so
 * one long transaction would block every request (decision 0044). A failed run removes them again.
 */

/** Rows per staging transaction: about a tenth of a second of PGlite each. */
const STAGE_CHUNK = 500

type Collected = ReturnType<typeof collectEntries>

export type Staging = {
  importId: string
  ownerId: string
  actorId: string
  collected: Collected
  animes: ImportModel['animes']
}

/** A chunk per transaction; safe to repeat (what an earlier run wrote is kept, not written twice). */
export async function stageLibrary(
  db: Database,
  staging: Staging,
  ctx: ImportJobContext,
): Promise<EntryRow[]> {
  const { collected, ownerId } = staging
  const channelIds = [...collected.fileTitles.keys()]
  const confirmed = await confirmedIds(db, channelIds)
  const entries = privateFields(collected.entries, {
    own: ownerId === staging.actorId,
    confirmed,
    fileTitles: collected.fileTitles,
  })
  const animeOf = new Map(staging.animes.map((item) => [item.key, item]))
  for (const part of chunks(entries, STAGE_CHUNK)) {
    if (ctx.signal.aborted) throw new Error('import: stopped while staging')
    const partChannels = part.flatMap((entry) => (entry.channel_id ? [entry.channel_id] : []))
    const partAnimes = part.flatMap((entry) => {
      const item = entry.anime_id === null ? undefined : animeOf.get(entry.anime_id)
      return item ? [item] : []
    })
    await db.transaction(async (tx) => {
      await writeCatalogue(tx, partChannels, partAnimes)
      await addEntries(tx, ownerId, staging.importId, part)
    })
    await ctx.extendLease()
    await yieldToRequests()
  }
  return entries
}

/** What the import's entries add up to, read when its tree appears. */
export async function stagedCounts(db: Database, importId: string) {
  const counts = firstRow(
    await db.execute(sql`select
        count(*) filter (where ${libraryEntry.kind} = 'channel') as channels,
        count(*) filter (where ${libraryEntry.kind} = 'anime') as animes
      from ${libraryEntry} where ${libraryEntry.importId} = ${importId}`),
  )
  return { channelsAdded: integer(counts.channels), animesAdded: integer(counts.animes) }
}

/** The entries a run created (unless the user put one in a group meanwhile), then orphan placeholders. */
export async function removeStaged(
  db: Database,
  importId: string,
  catalogue: { channelIds: readonly string[]; animeIds: readonly string[] },
): Promise<void> {
  await db
    .delete(libraryEntry)
    .where(
      and(
        eq(libraryEntry.importId, importId),
        sql`not exists (select 1 from ${groupItem} where ${groupItem.entryId} = ${libraryEntry.id})`,
      ),
    )
  try {
    await db
      .delete(channel)
      .where(
        and(
          anyOf(channel.id, catalogue.channelIds),
          eq(channel.confirmed, false),
          sql`not exists (select 1 from ${libraryEntry} where ${libraryEntry.channelId} = ${channel.id})`,
        ),
      )
    await db
      .delete(anime)
      .where(
        and(
          anyOf(anime.id, catalogue.animeIds),
          sql`not exists (select 1 from ${libraryEntry} where ${libraryEntry.animeId} = ${anime.id})`,
        ),
      )
  } catch (error) {
    // Someone took one of them meanwhile: a placeholder holds nothing but an id.
    log.warn('import.catalogue_cleanup_failed', {
      importId,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
