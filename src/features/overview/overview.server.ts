import { and, count, desc, eq, isNotNull, notExists, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { channel, group, groupItem, libraryEntry } from '~/db/schema'
import type { OverviewReach, TopChannel } from '~/features/growth/growth.schemas'
import { isRoundedCount } from '~/features/growth/growth-math'
import type { Actor } from '~/server/auth/signed-in.middleware'

const TOP_CHANNELS = 5

export type OverviewCounts = {
  groups: number
  channels: number
  animes: number
  ungrouped: number
  reach: OverviewReach
  topChannels: TopChannel[]
}

/** The overview's numbers in two queries, whatever the size of the library. */
export async function getOverviewCounts(db: Database, actor: Actor): Promise<OverviewCounts> {
  const [groups] = await db
    .select({ value: count() })
    .from(group)
    .where(eq(group.ownerId, actor.id))
  const [library] = await db
    .select({
      channels: sql<number>`count(*) filter (where ${libraryEntry.kind} = 'channel')`.mapWith(
        Number,
      ),
      animes: sql<number>`count(*) filter (where ${libraryEntry.kind} = 'anime')`.mapWith(Number),
      ungrouped: sql<number>`count(*) filter (where ${notExists(
        db.select({ one: sql`1` }).from(groupItem).where(eq(groupItem.entryId, libraryEntry.id)),
      )})`.mapWith(Number),
    })
    .from(libraryEntry)
    .where(and(eq(libraryEntry.userId, actor.id)))
  // One entry per channel and user (unique index), so the sum counts each channel once.
  const [reach] = await db
    .select({
      subscribers:
        sql<number>`coalesce(sum(${channel.subscriberCount}) filter (where not ${channel.hiddenSubscriberCount}), 0)`.mapWith(
          Number,
        ),
      approximate: sql<boolean>`coalesce(bool_or(${channel.subscriberCount} >= 1000) filter (where not ${channel.hiddenSubscriberCount}), false)`,
      hiddenCount: sql<number>`count(*) filter (where ${channel.hiddenSubscriberCount})`.mapWith(
        Number,
      ),
    })
    .from(libraryEntry)
    .innerJoin(channel, eq(channel.id, libraryEntry.channelId))
    .where(eq(libraryEntry.userId, actor.id))
  const top = await db
    .select({
      entryId: libraryEntry.id,
      alias: libraryEntry.alias,
      title: channel.title,
      handle: channel.handle,
      avatarUrl: channel.avatarUrl,
      subscriberCount: channel.subscriberCount,
    })
    .from(libraryEntry)
    .innerJoin(channel, eq(channel.id, libraryEntry.channelId))
    .where(
      and(
        eq(libraryEntry.userId, actor.id),
        eq(channel.hiddenSubscriberCount, false),
        isNotNull(channel.subscriberCount),
      ),
    )
    .orderBy(desc(channel.subscriberCount), channel.title)
    .limit(TOP_CHANNELS)
  const topChannels: TopChannel[] = []
  for (const row of top) {
    if (row.subscriberCount === null) continue
    topChannels.push({
      entryId: row.entryId,
      title: row.alias || row.title,
      handle: row.handle,
      avatarUrl: row.avatarUrl,
      subscriberCount: row.subscriberCount,
      approximate: isRoundedCount(row.subscriberCount),
    })
  }
  return {
    groups: groups?.value ?? 0,
    channels: library?.channels ?? 0,
    animes: library?.animes ?? 0,
    ungrouped: library?.ungrouped ?? 0,
    reach: {
      subscribers: reach?.subscribers ?? 0,
      approximate: reach?.approximate === true,
      hiddenCount: reach?.hiddenCount ?? 0,
    },
    topChannels,
  }
}
