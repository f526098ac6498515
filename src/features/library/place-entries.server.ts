import { and, inArray, max } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { groupItem } from '~/db/schema'
import { type GroupRow, lockTree } from '~/features/groups/access.server'
import type { OwnedActivityLine } from '~/features/groups/activity.server'
import { appendKeys } from '~/features/groups/positions'
import type { Actor } from '~/server/auth/signed-in.middleware'

/*
 * Putting library entries into groups, and the activity lines that say so:
 * shared by the edits and both add flows.
 */

export type Placement = { group: GroupRow; entries: { id: string; title: string }[] }

export type ActivityTarget = { id: string; ownerId: string; name: string }

/** Same details as the groups side writes: the group's name, the count, the title of a lone item. */
export function itemActivity(
  target: ActivityTarget,
  action: 'item.added' | 'item.removed',
  titles: string[],
): OwnedActivityLine {
  const [only] = titles
  return {
    ownerId: target.ownerId,
    groupId: target.id,
    action,
    details:
      titles.length === 1 && only !== undefined
        ? { name: target.name, count: 1, title: only || null }
        : { name: target.name, count: titles.length },
  }
}

/**
 * Appends entries at the end of groups, skipping those already there, and
 * returns the activity rows to record. Each tree is locked first (as the
 * groups side does) so two appends cannot pick the same last position.
 */
export async function placeEntries(
  db: Database,
  actor: Actor,
  placements: Placement[],
): Promise<{ added: number; activity: OwnedActivityLine[] }> {
  const groupIds = [...new Set(placements.map((placement) => placement.group.id))].sort()
  const entryIds = [...new Set(placements.flatMap((p) => p.entries.map((entry) => entry.id)))]
  if (groupIds.length === 0 || entryIds.length === 0) return { added: 0, activity: [] }
  const owners = [...new Set(placements.map((placement) => placement.group.ownerId))].sort()
  for (const ownerId of owners) await lockTree(db, ownerId)
  // Sequential: inside a transaction both share one connection.
  const present = await db
    .select({ groupId: groupItem.groupId, entryId: groupItem.entryId })
    .from(groupItem)
    .where(and(inArray(groupItem.groupId, groupIds), inArray(groupItem.entryId, entryIds)))
  const lasts = await db
    .select({ groupId: groupItem.groupId, last: max(groupItem.position) })
    .from(groupItem)
    .where(inArray(groupItem.groupId, groupIds))
    .groupBy(groupItem.groupId)
  const there = new Set(present.map((row) => `${row.groupId}/${row.entryId}`))
  const lastOf = new Map(lasts.map((row) => [row.groupId, row.last]))
  const items: (typeof groupItem.$inferInsert)[] = []
  const activity: OwnedActivityLine[] = []
  for (const { group: target, entries } of placements) {
    const fresh = entries.filter((entry) => !there.has(`${target.id}/${entry.id}`))
    if (fresh.length === 0) continue
    const keys = appendKeys(lastOf.get(target.id), fresh.length)
    lastOf.set(target.id, keys.at(-1) ?? null)
    fresh.forEach((entry, index) => {
      there.add(`${target.id}/${entry.id}`)
      items.push({
        groupId: target.id,
        entryId: entry.id,
        position: keys[index] ?? '',
        addedBy: actor.id,
      })
    })
    activity.push(
      itemActivity(
        target,
        'item.added',
        fresh.map((entry) => entry.title),
      ),
    )
  }
  if (items.length > 0) await db.insert(groupItem).values(items)
  return { added: items.length, activity }
}
