import { and, count, eq, notExists, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { group, groupItem, libraryEntry } from '~/db/schema'
import type { Actor } from '~/server/auth/signed-in.middleware'

export type OverviewCounts = {
  groups: number
  channels: number
  animes: number
  /** Channels and animes in no group, apart: each links to its own filtered list. */
  ungroupedChannels: number
  ungroupedAnimes: number
}

/** The overview's counts in two queries, whatever the size of the library. */
export async function getOverviewCounts(db: Database, actor: Actor): Promise<OverviewCounts> {
  const [groups] = await db
    .select({ value: count() })
    .from(group)
    .where(eq(group.ownerId, actor.id))
  const inNoGroup = notExists(
    db.select({ one: sql`1` }).from(groupItem).where(eq(groupItem.entryId, libraryEntry.id)),
  )
  const [library] = await db
    .select({
      channels: sql<number>`count(*) filter (where ${libraryEntry.kind} = 'channel')`.mapWith(
        Number,
      ),
      animes: sql<number>`count(*) filter (where ${libraryEntry.kind} = 'anime')`.mapWith(Number),
      ungroupedChannels:
        sql<number>`count(*) filter (where ${libraryEntry.kind} = 'channel' and ${inNoGroup})`.mapWith(
          Number,
        ),
      ungroupedAnimes:
        sql<number>`count(*) filter (where ${libraryEntry.kind} = 'anime' and ${inNoGroup})`.mapWith(
          Number,
        ),
    })
    .from(libraryEntry)
    .where(and(eq(libraryEntry.userId, actor.id)))
  return {
    groups: groups?.value ?? 0,
    channels: library?.channels ?? 0,
    animes: library?.animes ?? 0,
    ungroupedChannels: library?.ungroupedChannels ?? 0,
    ungroupedAnimes: library?.ungroupedAnimes ?? 0,
  }
}
