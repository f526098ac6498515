import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { lockTree } from '~/db/group-tree.server'
import { anime, channel, group, groupItem, libraryEntry } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { requireGroup } from '~/features/groups/access.server'
import { recordActivityLines } from '~/features/groups/activity.server'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { requireEntry } from './entry-rows.server'
import type { LibraryEntryDetail } from './library.schemas'
import { getEntry } from './library.server'
import {
  type ActivityTarget,
  itemActivity,
  type Placement,
  placeEntries,
} from './place-entries.server'

/* The actor's own entries only: another user's is ENTRY_NOT_FOUND, their group GROUP_NOT_FOUND. */

function titleOf(row: {
  alias: string | null
  channelTitle: string | null
  animeTitle: string | null
}) {
  return row.alias ?? row.channelTitle ?? row.animeTitle ?? ''
}

/** `edit/{id}/`: alias, notes, tags, refused when made from a stale version. */
export async function updateEntry(
  db: Database,
  actor: Actor,
  input: { id: string; version: number; alias: string; notes: string; tags: string[] },
): Promise<LibraryEntryDetail> {
  const updated = await db
    .update(libraryEntry)
    .set({
      alias: input.alias === '' ? null : input.alias,
      notes: input.notes,
      tags: input.tags,
      version: sql`${libraryEntry.version} + 1`,
    })
    .where(
      and(
        eq(libraryEntry.id, input.id),
        eq(libraryEntry.userId, actor.id),
        eq(libraryEntry.version, input.version),
      ),
    )
    .returning({ id: libraryEntry.id })
  if (updated.length === 0) {
    await requireEntry(db, actor, input.id)
    throw new AppError('STALE_VERSION')
  }
  return getEntry(db, actor, { id: input.id })
}

/** Group items go with them by cascade. All or nothing: one id not the actor's refuses the lot. */
export async function removeEntries(
  db: Database,
  actor: Actor,
  input: { ids: string[] },
): Promise<{ removed: number }> {
  const ids = [...new Set(input.ids)]
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({
        id: libraryEntry.id,
        alias: libraryEntry.alias,
        channelTitle: channel.title,
        animeTitle: anime.title,
      })
      .from(libraryEntry)
      .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
      .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
      .where(and(eq(libraryEntry.userId, actor.id), anyOf(libraryEntry.id, ids)))
    if (owned.length !== ids.length) throw new AppError('ENTRY_NOT_FOUND')
    const titles = new Map(owned.map((row) => [row.id, titleOf(row)]))
    const placed = await tx
      .select({
        groupId: groupItem.groupId,
        ownerId: group.ownerId,
        name: group.name,
        entryId: groupItem.entryId,
      })
      .from(groupItem)
      .innerJoin(group, eq(group.id, groupItem.groupId))
      .where(anyOf(groupItem.entryId, ids))
    const perGroup = new Map<string, { target: ActivityTarget; titles: string[] }>()
    for (const row of placed) {
      const bucket = perGroup.get(row.groupId) ?? {
        target: { id: row.groupId, ownerId: row.ownerId, name: row.name },
        titles: [],
      }
      bucket.titles.push(titles.get(row.entryId) ?? '')
      perGroup.set(row.groupId, bucket)
    }
    await tx
      .delete(libraryEntry)
      .where(and(eq(libraryEntry.userId, actor.id), anyOf(libraryEntry.id, ids)))
    await recordActivityLines(
      tx,
      actor,
      [...perGroup.values()].map((bucket) =>
        itemActivity(bucket.target, 'item.removed', bucket.titles),
      ),
    )
    return { removed: ids.length }
  })
}

function sameSet(a: ReadonlySet<string>, b: readonly string[]) {
  const other = new Set(b)
  return a.size === other.size && [...a].every((id) => other.has(id))
}

/**
 * New groups take it at their end. `readGroupIds` is the set the change was made from: when the entry's
 * groups differ now (another tab, a drag, an import), it is STALE_VERSION rather than undoing theirs.
 */
export async function setEntryGroups(
  db: Database,
  actor: Actor,
  input: { id: string; groupIds: string[]; readGroupIds: string[] },
): Promise<{ groupIds: string[] }> {
  const wanted = [...new Set(input.groupIds)]
  return db.transaction(async (tx) => {
    const entry = await requireEntry(tx, actor, input.id)
    // An entry's items are all in its owner's tree: the lock makes read-compare-write one step.
    await lockTree(tx, actor.id)
    const current = await tx
      .select({ id: groupItem.groupId, ownerId: group.ownerId, name: group.name })
      .from(groupItem)
      .innerJoin(group, eq(group.id, groupItem.groupId))
      .where(eq(groupItem.entryId, entry.id))
    const currentIds = new Set(current.map((row) => row.id))
    if (!sameSet(currentIds, input.readGroupIds)) throw new AppError('STALE_VERSION')
    const wantedIds = new Set(wanted)
    const placements: Placement[] = []
    for (const groupId of wanted) {
      if (currentIds.has(groupId)) continue
      const access = await requireGroup(tx, actor.id, groupId, 'edit')
      // An entry belongs to one library: shared groups take channels through add-channel.
      if (access.group.ownerId !== actor.id) throw new AppError('GROUP_NOT_FOUND')
      placements.push({ group: access.group, entries: [{ id: entry.id, title: titleOf(entry) }] })
    }
    const leaving = current.filter((row) => !wantedIds.has(row.id))
    const { activity } = await placeEntries(tx, actor, placements)
    if (leaving.length > 0) {
      await tx.delete(groupItem).where(
        and(
          eq(groupItem.entryId, entry.id),
          inArray(
            groupItem.groupId,
            leaving.map((row) => row.id),
          ),
        ),
      )
      for (const row of leaving) {
        activity.push(itemActivity(row, 'item.removed', [titleOf(entry)]))
      }
    }
    await recordActivityLines(tx, actor, activity)
    return { groupIds: wanted }
  })
}
