import { and, asc, count, desc, eq, gt, inArray, ne, or } from 'drizzle-orm'
import type { z } from 'zod'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { lockTree } from '~/db/group-tree.server'
import { anime, channel, groupItem, libraryEntry } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { pickAnimeAiring } from '~/features/catalogue/anime-airing.schemas'
import type { AddResult } from '~/features/groups/groups.schemas'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { animeAiringColumns } from '../catalogue/anime-airing.server'
import { requireGroup } from './access.server'
import { type ActivityDetails, recordActivity } from './activity.server'
import type {
  GroupItem,
  groupItemsSchema,
  moveItemsSchema,
  reorderItemSchema,
} from './groups.schemas'
import { appendKeys, keyBetween } from './positions'

/*
 * Writes authorize through requireGroup (another user's group is GROUP_NOT_FOUND, entry ENTRY_NOT_FOUND),
 * run in one transaction and leave an activity row.
 */

export type ItemPlacement = { entryId: string; position: string }
/** `placements`: where the removed items were, for Undo. */
export type RemoveResult = { removed: number; placements: ItemPlacement[] }
/** `addedIds`: the entries this add put in the group (Undo takes out those, not others added meanwhile). */
export type AddItemsResult = AddResult & { addedIds: string[] }
export type MoveItemsResult = {
  moved: number
  alreadyThere: number
  placements: ItemPlacement[]
  added: string[]
}

/**
 * The one read of a group's items, for every domain. Alias and tags are private to the entry's owner
 * (`viewerId`). No authorization: callers have checked the group.
 */
export async function readGroupItems(
  db: Database,
  groupId: string | readonly string[],
  viewerId: string | null,
  limit?: number,
): Promise<GroupItem[]> {
  const query = db
    .select({
      entryId: groupItem.entryId,
      position: groupItem.position,
      addedAt: groupItem.addedAt,
      kind: libraryEntry.kind,
      ownerId: libraryEntry.userId,
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
        : anyOf(groupItem.groupId, groupId),
    )
    .orderBy(asc(groupItem.position))
  const rows = limit === undefined ? await query : await query.limit(limit)
  return rows.map((row) => {
    const originalTitle = row.channelTitle ?? row.animeTitle ?? ''
    const own = row.ownerId === viewerId
    return {
      entryId: row.entryId,
      kind: row.kind,
      position: row.position,
      addedAt: row.addedAt.toISOString(),
      title: (own && row.alias) || originalTitle,
      originalTitle,
      imageUrl: row.avatarUrl ?? row.posterUrl ?? null,
      sourceId: row.channelId ?? row.animeId ?? '',
      handle: row.handle,
      subscriberCount: row.hiddenSubscriberCount ? null : row.subscriberCount,
      hiddenSubscriberCount: row.hiddenSubscriberCount ?? false,
      tags: own ? row.tags : [],
      ...pickAnimeAiring(row),
    }
  })
}

/** The distinct ids, in input order, after checking each is the owner's entry. */
async function requireEntries(
  db: Database,
  ownerId: string,
  entryIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(entryIds)]
  for (const part of chunks(unique)) {
    const [found] = await db
      .select({ value: count() })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, ownerId), inArray(libraryEntry.id, part)))
    if ((found?.value ?? 0) !== part.length) throw new AppError('ENTRY_NOT_FOUND')
  }
  return unique
}

/**
 * An editor may add from their own library: those entries are matched to the owner's by channel or anime,
 * created when missing, because an item of a tree is always an entry of its owner.
 */
async function ownerEntries(
  db: Database,
  ownerId: string,
  actorId: string,
  entryIds: readonly string[],
): Promise<string[]> {
  if (ownerId === actorId) return requireEntries(db, ownerId, entryIds)
  const unique = [...new Set(entryIds)]
  const rows: { id: string; userId: string; channelId: string | null; animeId: string | null }[] =
    []
  for (const part of chunks(unique)) {
    rows.push(
      ...(await db
        .select({
          id: libraryEntry.id,
          userId: libraryEntry.userId,
          channelId: libraryEntry.channelId,
          animeId: libraryEntry.animeId,
        })
        .from(libraryEntry)
        .where(
          and(inArray(libraryEntry.userId, [ownerId, actorId]), inArray(libraryEntry.id, part)),
        )),
    )
  }
  if (rows.length !== unique.length) throw new AppError('ENTRY_NOT_FOUND')
  const mine = rows.filter((row) => row.userId === actorId)
  const mapped = new Map<string, string>()
  if (mine.length > 0) {
    const sourceKey = (row: { channelId: string | null; animeId: string | null }) =>
      row.channelId ? `c:${row.channelId}` : `a:${row.animeId ?? ''}`
    const copies = mine.map((row) =>
      row.channelId
        ? { userId: ownerId, kind: 'channel' as const, channelId: row.channelId }
        : { userId: ownerId, kind: 'anime' as const, animeId: row.animeId },
    )
    for (const part of chunks(copies)) {
      await db.insert(libraryEntry).values(part).onConflictDoNothing()
    }
    const channelIds = mine.flatMap((row) => (row.channelId ? [row.channelId] : []))
    const animeIds = mine.flatMap((row) => (row.animeId ? [row.animeId] : []))
    const owned = await db
      .select({
        id: libraryEntry.id,
        channelId: libraryEntry.channelId,
        animeId: libraryEntry.animeId,
      })
      .from(libraryEntry)
      .where(
        and(
          eq(libraryEntry.userId, ownerId),
          or(
            channelIds.length > 0 ? anyOf(libraryEntry.channelId, channelIds) : undefined,
            animeIds.length > 0 ? anyOf(libraryEntry.animeId, animeIds) : undefined,
          ),
        ),
      )
    const byKey = new Map(owned.map((row) => [sourceKey(row), row.id]))
    for (const row of mine) {
      const id = byKey.get(sourceKey(row))
      if (!id) throw new AppError('ENTRY_NOT_FOUND')
      mapped.set(row.id, id)
    }
  }
  return [...new Set(unique.map((id) => mapped.get(id) ?? id))]
}

/** Details of an item.added / item.removed row: the group, the count, the title of a lone item. */
export function itemLineDetails(
  groupName: string,
  count: number,
  loneTitle: string | null,
): ActivityDetails {
  return count === 1
    ? { name: groupName, count, title: loneTitle || null }
    : { name: groupName, count }
}

/** Activity is read by every member, so it names the public title, never an alias. */
async function itemDetails(
  db: Database,
  groupName: string,
  entryIds: readonly string[],
): Promise<ActivityDetails> {
  const [only] = entryIds
  if (entryIds.length !== 1 || only === undefined) {
    return itemLineDetails(groupName, entryIds.length, null)
  }
  const [row] = await db
    .select({ channelTitle: channel.title, animeTitle: anime.title })
    .from(libraryEntry)
    .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
    .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
    .where(eq(libraryEntry.id, only))
  return itemLineDetails(groupName, 1, row?.channelTitle || row?.animeTitle || null)
}

/** The caller holds the tree lock, so two appends never pick the same last position. */
export async function appendItems(
  db: Database,
  actor: Actor,
  groupId: string,
  entryIds: readonly string[],
): Promise<{ added: string[]; alreadyThere: number }> {
  const present = new Set<string>()
  for (const part of chunks(entryIds)) {
    const rows = await db
      .select({ entryId: groupItem.entryId })
      .from(groupItem)
      .where(and(eq(groupItem.groupId, groupId), inArray(groupItem.entryId, part)))
    for (const row of rows) present.add(row.entryId)
  }
  const fresh = entryIds.filter((id) => !present.has(id))
  if (fresh.length > 0) {
    const [last] = await db
      .select({ position: groupItem.position })
      .from(groupItem)
      .where(eq(groupItem.groupId, groupId))
      .orderBy(desc(groupItem.position))
      .limit(1)
    const keys = appendKeys(last?.position, fresh.length)
    const rows = fresh.map((entryId, at) => ({
      groupId,
      entryId,
      position: keys[at] ?? '',
      addedBy: actor.id,
    }))
    for (const part of chunks(rows)) await db.insert(groupItem).values(part)
  }
  return { added: fresh, alreadyThere: present.size }
}

export async function addItems(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupItemsSchema>,
): Promise<AddItemsResult> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'edit')
    const entryIds = await ownerEntries(tx, target.ownerId, actor.id, input.entryIds)
    await lockTree(tx, target.ownerId)
    const { added, alreadyThere } = await appendItems(tx, actor, target.id, entryIds)
    if (added.length > 0) {
      await recordActivity(tx, actor, target.ownerId, [
        {
          groupId: target.id,
          action: 'item.added',
          details: await itemDetails(tx, target.name, added),
        },
      ])
    }
    return { added: added.length, alreadyThere, addedIds: added }
  })
}

/** Takes entries out of a group; the library keeps them. */
export async function removeItems(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupItemsSchema>,
): Promise<RemoveResult> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'edit')
    const entryIds = await requireEntries(tx, target.ownerId, input.entryIds)
    const placements: ItemPlacement[] = []
    for (const part of chunks(entryIds)) {
      const rows = await tx
        .delete(groupItem)
        .where(and(eq(groupItem.groupId, target.id), inArray(groupItem.entryId, part)))
        .returning({ entryId: groupItem.entryId, position: groupItem.position })
      placements.push(...rows)
    }
    const removed = placements.map((row) => row.entryId)
    if (removed.length > 0) {
      await recordActivity(tx, actor, target.ownerId, [
        {
          groupId: target.id,
          action: 'item.removed',
          details: await itemDetails(tx, target.name, removed),
        },
      ])
    }
    return { removed: removed.length, placements }
  })
}

export async function moveItems(
  db: Database,
  actor: Actor,
  input: z.infer<typeof moveItemsSchema>,
): Promise<MoveItemsResult> {
  return db.transaction(async (tx) => {
    const { group: from } = await requireGroup(tx, actor.id, input.fromGroupId, 'edit')
    const { group: to } = await requireGroup(tx, actor.id, input.toGroupId, 'edit')
    if (from.ownerId !== to.ownerId) throw new AppError('GROUP_NOT_FOUND')
    const entryIds = await requireEntries(tx, to.ownerId, input.entryIds)
    if (from.id === to.id) {
      return { moved: 0, alreadyThere: entryIds.length, placements: [], added: [] }
    }
    await lockTree(tx, to.ownerId)
    const placements: ItemPlacement[] = []
    for (const part of chunks(entryIds)) {
      const rows = await tx
        .delete(groupItem)
        .where(and(eq(groupItem.groupId, from.id), inArray(groupItem.entryId, part)))
        .returning({ entryId: groupItem.entryId, position: groupItem.position })
      placements.push(...rows)
    }
    const result = await appendItems(tx, actor, to.id, entryIds)
    await recordActivity(tx, actor, to.ownerId, [
      {
        groupId: to.id,
        action: 'item.moved',
        details: { from: from.name, to: to.name, count: entryIds.length },
      },
    ])
    return {
      moved: entryIds.length,
      alreadyThere: result.alreadyThere,
      placements,
      added: result.added,
    }
  })
}

export async function reorderItem(
  db: Database,
  actor: Actor,
  input: z.infer<typeof reorderItemSchema>,
): Promise<ItemPlacement> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'edit')
    await lockTree(tx, target.ownerId)
    const positionOf = async (entryId: string) => {
      const [row] = await tx
        .select({ position: groupItem.position })
        .from(groupItem)
        .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
        .where(
          and(
            eq(groupItem.groupId, target.id),
            eq(groupItem.entryId, entryId),
            eq(libraryEntry.userId, target.ownerId),
          ),
        )
      if (!row) throw new AppError('ENTRY_NOT_FOUND')
      return row.position
    }
    const current = await positionOf(input.entryId)
    if (input.afterId === input.entryId) return { entryId: input.entryId, position: current }
    const before = input.afterId === null ? null : await positionOf(input.afterId)
    const [next] = await tx
      .select({ position: groupItem.position })
      .from(groupItem)
      .where(
        and(
          eq(groupItem.groupId, target.id),
          ne(groupItem.entryId, input.entryId),
          before === null ? undefined : gt(groupItem.position, before),
        ),
      )
      .orderBy(asc(groupItem.position))
      .limit(1)
    const position = keyBetween(before, next?.position)
    await tx
      .update(groupItem)
      .set({ position })
      .where(and(eq(groupItem.groupId, target.id), eq(groupItem.entryId, input.entryId)))
    return { entryId: input.entryId, position }
  })
}
