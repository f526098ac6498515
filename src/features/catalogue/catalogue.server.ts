import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { channel } from '~/db/schema'
import type { YoutubeChannel } from '~/features/catalogue/youtube.server'

/** `excluded.<column>` of an upsert, so a conflict takes the incoming value. */
export function excluded(column: PgColumn): SQL {
  return sql.raw(`excluded."${column.name}"`)
}

/** The incoming value when there is one, else the stored one (channel pages carry no statistics). */
function incomingOrKept(column: PgColumn): SQL {
  return sql`coalesce(${excluded(column)}, ${column})`
}

/** Without statistics (a channel page), a null subscriber count or a false "hidden" means "unknown". */
function whenStatistics(column: PgColumn): SQL {
  return sql`case when ${excluded(channel.viewCount)} is null then ${column} else ${excluded(column)} end`
}

/** A channel with no title (pages can lack one) is named by its handle or id. */
export function displayTitle(row: YoutubeChannel): string {
  return row.title || (row.handle ? `@${row.handle}` : row.id)
}

/** The only place a row is confirmed. Rows from channel pages (no statistics) keep the stored statistics. */
export async function upsertChannels(
  db: Database,
  rows: readonly YoutubeChannel[],
  now: Date = new Date(),
) {
  // About 14 parameters a row: far under the 65,535 one statement may bind.
  for (const part of chunks(rows, 1000)) await upsertChannelRows(db, part, now)
}

async function upsertChannelRows(db: Database, rows: readonly YoutubeChannel[], now: Date) {
  await db
    .insert(channel)
    .values(
      rows.map((row) => ({
        id: row.id,
        handle: row.handle,
        title: displayTitle(row),
        description: row.description,
        avatarUrl: row.avatarUrl,
        subscriberCount: row.subscriberCount,
        viewCount: row.viewCount,
        videoCount: row.videoCount,
        hiddenSubscriberCount: row.hiddenSubscriberCount,
        country: row.country,
        etag: row.etag,
        lastSyncedAt: now,
        confirmed: true,
      })),
    )
    .onConflictDoUpdate({
      target: channel.id,
      set: {
        handle: incomingOrKept(channel.handle),
        title: excluded(channel.title),
        description: excluded(channel.description),
        avatarUrl: incomingOrKept(channel.avatarUrl),
        subscriberCount: whenStatistics(channel.subscriberCount),
        viewCount: incomingOrKept(channel.viewCount),
        videoCount: incomingOrKept(channel.videoCount),
        hiddenSubscriberCount: whenStatistics(channel.hiddenSubscriberCount),
        country: incomingOrKept(channel.country),
        etag: incomingOrKept(channel.etag),
        lastSyncedAt: excluded(channel.lastSyncedAt),
        // YouTube answered: the title is its own now, no longer a file's.
        confirmed: true,
        updatedAt: now,
      },
    })
}
