import { and, eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { TREE_WALK_GUARD } from '~/db/group-tree.server'
import { rowsOf, text } from '../../../src/db/raw-rows.server'
import { group, groupMember, libraryEntry } from '../../../src/db/schema'
import { getDb } from '../../../src/server/database.server'
import type { OpenCtx } from './rows'

/* Reads of the world that rows need for their input or their checks. */

/** A group's version, for calls that must name the version they change. */
export async function versionOf(id: string): Promise<number> {
  const db = await getDb()
  const [row] = await db.select({ version: group.version }).from(group).where(eq(group.id, id))
  return row?.version ?? 1
}

export async function memberVersion(groupId: string, userId: string): Promise<number> {
  const db = await getDb()
  const [row] = await db
    .select({ version: groupMember.version })
    .from(groupMember)
    .where(and(eq(groupMember.groupId, groupId), eq(groupMember.userId, userId)))
  return row?.version ?? 1
}

export async function entryVersion(id: string): Promise<number> {
  const db = await getDb()
  const [row] = await db
    .select({ version: libraryEntry.version })
    .from(libraryEntry)
    .where(eq(libraryEntry.id, id))
  return row?.version ?? 1
}

export async function ownerOfGroup(id: string): Promise<string | null> {
  const db = await getDb()
  const [row] = await db.select({ ownerId: group.ownerId }).from(group).where(eq(group.id, id))
  return row?.ownerId ?? null
}

/** The owners of the library entries placed in a group's subtree. */
export async function entryOwnersIn(groupId: string): Promise<string[]> {
  const db = await getDb()
  const result = await db.execute(sql`with recursive down(id, depth) as (
      select ${groupId}::uuid, 0
      union all
      select g.id, d.depth + 1 from "group" g join down d on g.parent_id = d.id
      where d.depth < ${TREE_WALK_GUARD}
    )
    select distinct e.user_id from group_item i join library_entry e on e.id = i.entry_id
    where i.group_id in (select id from down)`)
  return rowsOf(result).map((row) => text(row.user_id))
}

/** Every item of Client A is an entry of its owner (an item of a tree is its owner's entry). */
export async function ownerEntriesOnly(c: OpenCtx) {
  expect(await entryOwnersIn(c.w.clientA)).toEqual([c.w.actors.owner.id])
}
