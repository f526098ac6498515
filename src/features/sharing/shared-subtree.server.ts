import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { lockTree, TREE_WALK_GUARD } from '~/db/group-tree.server'
import { integer, rowsOf, text, textOrNull } from '~/db/raw-rows.server'
import { group, groupItem, libraryEntry } from '~/db/schema'
import type { GroupRow } from '~/features/groups/access.server'
import { freeGroupName } from '~/features/groups/group-names'
import { toGroupColor } from '~/features/groups/groups.schemas'
import { compareKeys, keyBetween } from '~/features/groups/positions'
import type { SharedGroupFace } from './sharing.schemas'

/* Reads of a shared subtree, and where a subtree lands at the top of another owner's tree. */

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
}

type Totals = { channels: number; animes: number; subgroups: number }

/** The root's own items included, in one statement whatever the number of roots. */
export async function subtreeTotals(db: Database, rootIds: readonly string[]) {
  const totals = new Map<string, Totals>()
  if (rootIds.length === 0) return totals
  const result = await db.execute(sql`with recursive down(root_id, id, depth) as (
      select g.id, g.id, 0 from ${group} g where g.id in (${idList(rootIds)})
      union all
      select d.root_id, c.id, d.depth + 1 from ${group} c join down d on c.parent_id = d.id
      where d.depth < ${TREE_WALK_GUARD}
    ),
    groups_below as (
      select root_id, (count(*) - 1)::int as subgroups from down group by root_id
    ),
    items_below as (
      select d.root_id,
        (count(*) filter (where le.kind = 'channel'))::int as channels,
        (count(*) filter (where le.kind = 'anime'))::int as animes
      from down d
      join ${groupItem} gi on gi.group_id = d.id
      join ${libraryEntry} le on le.id = gi.entry_id
      group by d.root_id
    )
    select gb.root_id::text as id, gb.subgroups,
      coalesce(ib.channels, 0) as channels, coalesce(ib.animes, 0) as animes
    from groups_below gb left join items_below ib on ib.root_id = gb.root_id`)
  for (const row of rowsOf(result)) {
    totals.set(text(row.id), {
      channels: integer(row.channels),
      animes: integer(row.animes),
      subgroups: integer(row.subgroups),
    })
  }
  return totals
}

/** A group as a link or invitation preview shows it, with whole-subtree totals. */
export async function faceOf(db: Database, row: GroupRow): Promise<SharedGroupFace> {
  const totals = (await subtreeTotals(db, [row.id])).get(row.id)
  return {
    name: row.name,
    description: row.description,
    icon: row.icon,
    color: toGroupColor(row.color),
    channelCount: totals?.channels ?? 0,
    animeCount: totals?.animes ?? 0,
    subgroupCount: totals?.subgroups ?? 0,
  }
}

export type SubtreeGroup = {
  id: string
  parentId: string | null
  name: string
  description: string
  icon: string | null
  color: string | null
  position: string
  depth: number
}

export async function readSubtree(db: Database, rootId: string): Promise<SubtreeGroup[]> {
  const result = await db.execute(sql`with recursive down(id, depth) as (
      select g.id, 0 from ${group} g where g.id = ${rootId}
      union all
      select c.id, d.depth + 1 from ${group} c join down d on c.parent_id = d.id
      where d.depth < ${TREE_WALK_GUARD}
    )
    select g.id::text as id, g.parent_id::text as parent_id, g.name, g.description, g.icon,
      g.color, g.position, d.depth
    from down d join ${group} g on g.id = d.id
    order by d.depth, g.position collate "C"`)
  return rowsOf(result).map((row) => ({
    id: text(row.id),
    parentId: textOrNull(row.parent_id),
    name: text(row.name),
    description: text(row.description),
    icon: textOrNull(row.icon),
    color: textOrNull(row.color),
    position: text(row.position),
    depth: integer(row.depth),
  }))
}

/** Where a group arriving at the top of an owner's tree goes: a free name, after the last one. */
export async function topLevelSlot(
  db: Database,
  ownerId: string,
  name: string,
): Promise<{ name: string; position: string }> {
  const rows = await db
    .select({ nameKey: group.nameKey, position: group.position })
    .from(group)
    .where(and(eq(group.ownerId, ownerId), isNull(group.parentId)))
  let last: string | null = null
  for (const row of rows) {
    if (last === null || compareKeys(row.position, last) > 0) last = row.position
  }
  return {
    name: freeGroupName(name, new Set(rows.map((row) => row.nameKey))),
    position: keyBetween(last, null),
  }
}

/** Locks both trees in one order whatever the caller, so two transfers cannot deadlock. */
export async function lockTrees(tx: Database, ownerIds: readonly string[]) {
  for (const id of [...new Set(ownerIds)].sort()) await lockTree(tx, id)
}
