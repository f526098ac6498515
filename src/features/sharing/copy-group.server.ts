import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { groupNameKey } from '~/db/name-key'
import { group, groupItem, libraryEntry } from '~/db/schema'
import { newEntryCount, requireRoom } from '~/features/billing/plan-limits.server'
import { requireGroup } from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { runOnce } from '~/server/idempotency.server'
import { lockTrees, readSubtree, topLevelSlot } from './shared-subtree.server'
import { type CopyResult, copyResultSchema, type copySharedGroupSchema } from './sharing.schemas'

/* "Copy to my groups" (decision 0019). */

type SourceItem = {
  groupId: string
  position: string
  kind: 'channel' | 'anime'
  channelId: string | null
  animeId: string | null
}

async function readItems(db: Database, groupIds: readonly string[]): Promise<SourceItem[]> {
  const items: SourceItem[] = []
  for (const part of chunks(groupIds)) {
    const rows = await db
      .select({
        groupId: groupItem.groupId,
        position: groupItem.position,
        kind: libraryEntry.kind,
        channelId: libraryEntry.channelId,
        animeId: libraryEntry.animeId,
      })
      .from(groupItem)
      .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
      .where(inArray(groupItem.groupId, part))
    items.push(...rows)
  }
  return items
}

/** The user's library entries for these catalogue ids, created where missing. */
async function ensureEntries(
  tx: Database,
  userId: string,
  items: readonly SourceItem[],
): Promise<{ channels: Map<string, string>; animes: Map<string, string> }> {
  const channelIds = [...new Set(items.flatMap((item) => (item.channelId ? [item.channelId] : [])))]
  const animeIds = [...new Set(items.flatMap((item) => (item.animeId ? [item.animeId] : [])))]
  const rows = [
    ...channelIds.map((channelId) => ({ userId, kind: 'channel' as const, channelId })),
    ...animeIds.map((animeId) => ({ userId, kind: 'anime' as const, animeId })),
  ]
  for (const part of chunks(rows)) await tx.insert(libraryEntry).values(part).onConflictDoNothing()
  return {
    channels: await entryIdsBy(tx, userId, libraryEntry.channelId, channelIds),
    animes: await entryIdsBy(tx, userId, libraryEntry.animeId, animeIds),
  }
}

/** The user's entry id for each of these catalogue ids (channel or anime column). */
async function entryIdsBy(
  tx: Database,
  userId: string,
  column: typeof libraryEntry.channelId | typeof libraryEntry.animeId,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const entries = new Map<string, string>()
  for (const part of chunks(ids)) {
    const found = await tx
      .select({ id: libraryEntry.id, key: column })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, userId), inArray(column, part)))
    for (const row of found) if (row.key) entries.set(row.key, row.id)
  }
  return entries
}

/** Deep copy at the top of the actor's own tree; the items become entries of their own library. */
export async function copySharedGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof copySharedGroupSchema>,
): Promise<CopyResult> {
  // A retried copy (same idempotency key) answers the first one, but is authorized anew.
  await requireGroup(db, actor.id, input.groupId, 'view')
  return runOnce(
    db,
    { userId: actor.id, key: input.idempotencyKey, operation: 'group.copy' },
    (stored) => copyResultSchema.parse(stored),
    (tx) => copyInto(tx, actor, input.groupId),
  )
}

async function copyInto(db: Database, actor: Actor, groupId: string): Promise<CopyResult> {
  return db.transaction(async (tx) => {
    const { group: source } = await requireGroup(tx, actor.id, groupId, 'view')
    // The source tree too, so the copy is one consistent picture of it.
    await lockTrees(tx, [actor.id, source.ownerId])
    const groups = await readSubtree(tx, source.id)
    const root = groups[0]
    if (!root || root.id !== source.id) throw new AppError('GROUP_NOT_FOUND')
    const height = groups.reduce((deepest, node) => Math.max(deepest, node.depth + 1), 0)
    if (height > GROUP_DEPTH_MAX) {
      throw new AppError('GROUP_DEPTH_LIMIT', { max: GROUP_DEPTH_MAX })
    }
    const items = await readItems(
      tx,
      groups.map((node) => node.id),
    )
    await requireRoom(tx, actor.id, {
      groups: groups.length,
      depth: height,
      channels: await newEntryCount(tx, actor.id, {
        channelIds: items.flatMap((item) => (item.channelId ? [item.channelId] : [])),
        animeIds: items.flatMap((item) => (item.animeId ? [item.animeId] : [])),
      }),
    })
    const { name, position } = await topLevelSlot(tx, actor.id, root.name)
    const newIds = new Map(groups.map((node) => [node.id, crypto.randomUUID()]))
    const newId = (id: string) => {
      const mapped = newIds.get(id)
      if (!mapped) throw new AppError('GROUP_NOT_FOUND')
      return mapped
    }
    // Parents come first (ordered by depth), so each chunk's parents already exist.
    const rows = groups.map((node) => {
      const isRoot = node.id === root.id
      const copyName = isRoot ? name : node.name
      return {
        id: newId(node.id),
        ownerId: actor.id,
        parentId: isRoot || node.parentId === null ? null : newId(node.parentId),
        name: copyName,
        nameKey: groupNameKey(copyName),
        description: node.description,
        icon: node.icon,
        color: node.color,
        position: isRoot ? position : node.position,
      }
    })
    for (const part of chunks(rows)) await tx.insert(group).values(part)
    const entries = await ensureEntries(tx, actor.id, items)
    const placed = items.flatMap((item) => {
      const entryId = item.channelId
        ? entries.channels.get(item.channelId)
        : item.animeId
          ? entries.animes.get(item.animeId)
          : undefined
      return entryId
        ? [{ groupId: newId(item.groupId), entryId, position: item.position, addedBy: actor.id }]
        : []
    })
    for (const part of chunks(placed)) await tx.insert(groupItem).values(part)
    const rootId = newId(root.id)
    await recordActivity(tx, actor, actor.id, [
      {
        groupId: rootId,
        action: 'group.copied',
        details: { name, from: root.name, groups: groups.length, items: placed.length },
      },
    ])
    return { groupId: rootId, groups: groups.length, items: placed.length }
  })
}
