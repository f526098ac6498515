import { asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { anime, channel, groupItem, libraryEntry } from '~/db/schema'
import { animeAiringColumns } from './anime-airing.server'
import { pickAnimeAiring } from './entries.schemas'
import type { GroupItem } from './groups.schemas'

/**
 * A group's items in their order (the first `limit` when given; several
 * groups' items interleave by position), each told
 * through its library entry and the entry's catalogue row. No authorization:
 * callers have checked the group.
 */
export async function readGroupItems(
  db: Database,
  groupId: string | readonly string[],
  limit?: number,
): Promise<GroupItem[]> {
  const query = db
    .select({
      entryId: groupItem.entryId,
      position: groupItem.position,
      addedAt: groupItem.addedAt,
      kind: libraryEntry.kind,
      alias: libraryEntry.alias,
      tags: libraryEntry.tags,
      channelId: channel.id,
      channelTitle: channel.title,
      handle: channel.handle,
      avatarUrl: channel.avatarUrl,
      subscriberCount: channel.subscriberCount,
      hiddenSubscriberCount: channel.hiddenSubscriberCount,
      animeId: anime.id,
      animeTitle: anime.title,
      posterUrl: anime.posterUrl,
      ...animeAiringColumns,
    })
    .from(groupItem)
    .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
    .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
    .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
    .where(
      typeof groupId === 'string'
        ? eq(groupItem.groupId, groupId)
        : inArray(groupItem.groupId, [...groupId]),
    )
    .orderBy(asc(groupItem.position))
  const rows = limit === undefined ? await query : await query.limit(limit)
  return rows.map((row) => {
    const originalTitle = row.channelTitle ?? row.animeTitle ?? ''
    return {
      entryId: row.entryId,
      kind: row.kind,
      position: row.position,
      addedAt: row.addedAt.toISOString(),
      title: row.alias || originalTitle,
      originalTitle,
      imageUrl: row.avatarUrl ?? row.posterUrl ?? null,
      sourceId: row.channelId ?? row.animeId ?? '',
      handle: row.handle,
      subscriberCount: row.hiddenSubscriberCount ? null : row.subscriberCount,
      hiddenSubscriberCount: row.hiddenSubscriberCount ?? false,
      tags: row.tags,
      ...pickAnimeAiring(row),
    }
  })
}
