import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { channel, libraryEntry } from '~/db/schema'
import type { Actor } from '~/server/auth/signed-in.middleware'
import type { LibraryReach, TopChannel } from './growth.schemas'
import { isRoundedCount } from './growth-math'

const TOP_CHANNELS = 5

/** How many people the library's channels reach, and its biggest channels, in two queries. */
export async function getLibraryReach(db: Database, actor: Actor): Promise<LibraryReach> {
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
    reach: {
      subscribers: reach?.subscribers ?? 0,
      approximate: reach?.approximate === true,
      hiddenCount: reach?.hiddenCount ?? 0,
    },
    topChannels,
  }
}
