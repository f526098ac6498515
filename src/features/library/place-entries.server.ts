import type { Database } from '~/db/client.server'
import { lockTree } from '~/db/group-tree.server'
import type { GroupRow } from '~/features/groups/access.server'
import type { OwnedActivityLine } from '~/features/groups/activity.server'
import { appendItems, itemLineDetails } from '~/features/groups/items.server'
import type { Actor } from '~/server/auth/signed-in.middleware'

/* Shared by the entry edits and both add flows. */

export type Placement = { group: GroupRow; entries: { id: string; title: string }[] }

export type ActivityTarget = { id: string; ownerId: string; name: string }

/** An item.added / item.removed activity line, worded as the groups side words it. */
export function itemActivity(
  target: ActivityTarget,
  action: 'item.added' | 'item.removed',
  titles: string[],
): OwnedActivityLine {
  return {
    ownerId: target.ownerId,
    groupId: target.id,
    action,
    details: itemLineDetails(target.name, titles.length, titles[0] ?? null),
  }
}

/** Skips entries already there; returns the activity rows to record. Each tree is locked first. */
export async function placeEntries(
  db: Database,
  actor: Actor,
  placements: Placement[],
): Promise<{ added: number; activity: OwnedActivityLine[] }> {
  const owners = [...new Set(placements.map((placement) => placement.group.ownerId))].sort()
  for (const ownerId of owners) await lockTree(db, ownerId)
  let added = 0
  const activity: OwnedActivityLine[] = []
  // Sequential: inside a transaction every statement shares one connection.
  for (const { group: target, entries } of placements) {
    const titleOf = new Map(entries.map((entry) => [entry.id, entry.title]))
    const placed = await appendItems(db, actor, target.id, [...titleOf.keys()])
    if (placed.added.length === 0) continue
    added += placed.added.length
    activity.push(
      itemActivity(
        target,
        'item.added',
        placed.added.map((id) => titleOf.get(id) ?? ''),
      ),
    )
  }
  return { added, activity }
}
