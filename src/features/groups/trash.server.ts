import { and, desc, eq, getTableName, or, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import { GROUP_DEPTH_MAX } from '~/config/product'
import type { Database } from '~/db/client.server'
import { lockTree } from '~/db/group-tree.server'
import {
  group,
  groupActivity,
  groupFold,
  groupInvitation,
  groupItem,
  groupMember,
  groupNotification,
  groupTrash,
  groupVisit,
  libraryEntry,
  shareLink,
  user,
} from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { requireRoom } from '../billing/plan-limits.server'
import { accessAllows, findGroupAccess } from './access.server'
import { recordActivity } from './activity.server'
import { rethrowNameClash } from './name-clash.server'
import { keyBetween } from './positions'
import {
  type RestoredGroup,
  TRASH_KEEP_DAYS,
  type TrashedGroup,
  type trashRefSchema,
} from './trash.schemas'
import {
  ancestorChain,
  buildTreeIndex,
  childrenOf,
  depthOf,
  depths,
  descendantIds,
  subtreeHeight,
  type TreeShape,
} from './tree'
import { readStructure } from './tree-read.server'

/*
 * Trash (decision 0053): a subtree's rows, and every row pointing at them, move into one `group_trash` JSON
 * row, so no read anywhere can show them and the tree-version triggers tell every cache. Restoring puts
 * the very same rows back (ids, versions, dates), skipping only what went meanwhile. The owner, or whoever
 * may still edit the old parent, may restore or purge.
 */

type Held = {
  table: PgTable
  /** Columns whose referenced row must still exist, else the row stays out. */
  cascade: Record<string, 'user' | 'entry'>
  /** Columns pointing at a user, emptied when that account is gone. */
  setNull: readonly string[]
}

/** Every table with a foreign key to a group (a test holds this list to the catalogue). */
export const TRASH_HELD_TABLES: readonly Held[] = [
  { table: groupItem, cascade: { entry_id: 'entry' }, setNull: ['added_by'] },
  { table: groupMember, cascade: { user_id: 'user' }, setNull: [] },
  { table: shareLink, cascade: {}, setNull: ['created_by'] },
  { table: groupInvitation, cascade: {}, setNull: ['invited_by'] },
  { table: groupFold, cascade: { user_id: 'user' }, setNull: [] },
  { table: groupVisit, cascade: { user_id: 'user' }, setNull: [] },
  { table: groupNotification, cascade: { user_id: 'user' }, setNull: [] },
  { table: groupActivity, cascade: {}, setNull: ['actor_id'] },
]

const DAY_MS = 86_400_000
type Row = Record<string, unknown>

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function rowsIn(held: Record<string, unknown[]>, table: string): Row[] {
  return (held[table] ?? []).filter(isRow)
}

function textOf(row: Row, column: string): string | null {
  const value = row[column]
  return typeof value === 'string' ? value : null
}

function heldRows(table: PgTable, column: string, ids: readonly string[]): SQL {
  const name = sql.identifier(getTableName(table))
  return sql`(select coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb) from ${name} t
    where t.${sql.identifier(column)} = any(${sql.param([...ids])}::uuid[]))`
}

/** Inside the caller's transaction, after it authorized and took the tree lock. Stale if `version` moved on. */
export async function trashSubtree(
  tx: Database,
  actor: Pick<Actor, 'id'>,
  root: { id: string; ownerId: string; name: string },
  version: number,
  counts: { subgroups: number; items: number },
): Promise<void> {
  const index = buildTreeIndex(await readStructure(tx, root.ownerId))
  const node = index.byId.get(root.id)
  if (!node || node.version !== version) throw new AppError('STALE_VERSION')
  const ids = [root.id, ...descendantIds(index, root.id)]
  const parts = [
    sql`'group'::text, ${heldRows(group, 'id', ids)}`,
    ...TRASH_HELD_TABLES.map(
      (held) => sql`${getTableName(held.table)}::text, ${heldRows(held.table, 'group_id', ids)}`,
    ),
  ]
  await tx.insert(groupTrash).values({
    id: root.id,
    ownerId: root.ownerId,
    parentId: node.parentId,
    name: root.name,
    path: ancestorChain(index, root.id).map((ancestor) => ancestor.name),
    subgroupCount: counts.subgroups,
    itemCount: counts.items,
    trashedBy: actor.id,
    rows: sql`jsonb_build_object(${sql.join(parts, sql`, `)})`,
  })
  // Activity would outlive its group (set null): it goes with the trash instead.
  await tx.delete(groupActivity).where(anyOf(groupActivity.groupId, ids))
  // The rest goes by cascade; the triggers move the owner's tree version on.
  await tx.delete(group).where(eq(group.id, root.id))
}

type TrashRow = { id: string; ownerId: string; parentId: string | null; name: string }

/** The owner, or whoever could delete it (an editor of its old parent); a stranger learns nothing. */
async function requireTrashed(db: Database, actor: Actor, id: string): Promise<TrashRow> {
  const [row] = await db
    .select({
      id: groupTrash.id,
      ownerId: groupTrash.ownerId,
      parentId: groupTrash.parentId,
      name: groupTrash.name,
    })
    .from(groupTrash)
    .where(eq(groupTrash.id, id))
  if (!row) throw new AppError('GROUP_NOT_FOUND')
  if (row.ownerId === actor.id) return row
  const access = await parentAccess(db, actor, row)
  if (!access) throw new AppError('GROUP_NOT_FOUND')
  if (!accessAllows(access, 'edit')) throw new AppError('GROUP_FORBIDDEN')
  return row
}

/** The actor's access to the old parent, when it is still there in the same tree. */
async function parentAccess(db: Database, actor: Actor, row: TrashRow) {
  if (row.parentId === null) return null
  const access = await findGroupAccess(db, actor.id, row.parentId)
  return access !== null && access.group.ownerId === row.ownerId ? access : null
}

function toTrashed(row: {
  id: string
  name: string
  path: string[]
  subgroupCount: number
  itemCount: number
  trashedAt: Date
}): TrashedGroup {
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    subgroupCount: row.subgroupCount,
    itemCount: row.itemCount,
    trashedAt: row.trashedAt.toISOString(),
    purgeAt: new Date(row.trashedAt.getTime() + TRASH_KEEP_DAYS * DAY_MS).toISOString(),
  }
}

/** The actor's trash: their own deleted groups, and those they deleted in trees shared with them. */
export async function listTrash(db: Database, actor: Actor): Promise<TrashedGroup[]> {
  const rows = await db
    .select({
      id: groupTrash.id,
      ownerId: groupTrash.ownerId,
      parentId: groupTrash.parentId,
      name: groupTrash.name,
      path: groupTrash.path,
      subgroupCount: groupTrash.subgroupCount,
      itemCount: groupTrash.itemCount,
      trashedAt: groupTrash.trashedAt,
    })
    .from(groupTrash)
    .where(or(eq(groupTrash.ownerId, actor.id), eq(groupTrash.trashedBy, actor.id)))
    .orderBy(desc(groupTrash.trashedAt), groupTrash.id)
  const shown: TrashedGroup[] = []
  for (const row of rows) {
    const access = row.ownerId === actor.id ? null : await parentAccess(db, actor, row)
    if (row.ownerId === actor.id || (access && accessAllows(access, 'edit'))) {
      shown.push(toTrashed(row))
    }
  }
  return shown
}

/** Where the restored root lands among `siblings`: its old key unless a sibling took it. */
function landingKey(siblings: readonly TreeShape[], wanted: string | null): string {
  if (wanted === null) return keyBetween(siblings.at(-1)?.position, null)
  const at = siblings.findIndex((sibling) => sibling.position === wanted)
  if (at < 0) return wanted
  return keyBetween(siblings[at]?.position, siblings[at + 1]?.position)
}

/** Rows whose referenced user or entry is gone stay out; gone authors become null. */
async function stillValid(tx: Database, held: Record<string, unknown[]>) {
  const users = new Set<string>()
  const entries = new Set<string>()
  for (const spec of TRASH_HELD_TABLES) {
    for (const row of rowsIn(held, getTableName(spec.table))) {
      for (const [column, target] of Object.entries(spec.cascade)) {
        const id = textOf(row, column)
        if (id) (target === 'user' ? users : entries).add(id)
      }
      for (const column of spec.setNull) {
        const id = textOf(row, column)
        if (id) users.add(id)
      }
    }
  }
  const [liveUsers, liveEntries] = await Promise.all([
    tx
      .select({ id: user.id })
      .from(user)
      .where(anyOf(user.id, [...users])),
    tx
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(anyOf(libraryEntry.id, [...entries])),
  ])
  return {
    users: new Set(liveUsers.map((row) => row.id)),
    entries: new Set(liveEntries.map((row) => row.id)),
  }
}

async function putBack(tx: Database, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return
  const name = sql.identifier(table)
  await tx.execute(
    sql`insert into ${name} select * from jsonb_populate_recordset(null::${name}, ${JSON.stringify(rows)}::jsonb)`,
  )
}

/**
 * Under its old parent, or at the top level when that is gone (then only the owner may). Depth and names
 * follow a move's rules; the caller maps the index's refusal to GROUP_NAME_TAKEN.
 */
export async function restoreGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof trashRefSchema>,
): Promise<RestoredGroup> {
  let name = ''
  try {
    return await restoreIn(db, actor, input.id, (found) => {
      name = found
    })
  } catch (error) {
    rethrowNameClash(error, name)
  }
}

function restoreIn(
  db: Database,
  actor: Actor,
  id: string,
  found: (name: string) => void,
): Promise<RestoredGroup> {
  return db.transaction(async (tx) => {
    const trashed = await requireTrashed(tx, actor, id)
    found(trashed.name)
    await lockTree(tx, trashed.ownerId)
    // Read under the lock: a concurrent restore or purge has taken it already.
    const [held] = await tx
      .select({ rows: groupTrash.rows })
      .from(groupTrash)
      .where(eq(groupTrash.id, trashed.id))
    if (!held) throw new AppError('GROUP_NOT_FOUND')
    const index = buildTreeIndex(await readStructure(tx, trashed.ownerId))
    const parentId =
      trashed.parentId !== null && index.byId.has(trashed.parentId) ? trashed.parentId : null
    if (parentId === null && trashed.ownerId !== actor.id) throw new AppError('GROUP_NOT_FOUND')

    const groups = rowsIn(held.rows, 'group')
    const shapes = groups.map((row) => ({
      id: textOf(row, 'id') ?? '',
      parentId: row.id === trashed.id ? null : textOf(row, 'parent_id'),
      position: textOf(row, 'position') ?? '',
    }))
    const parentDepth = parentId === null ? 0 : depthOf(index, parentId)
    const deepest = parentDepth + Math.max(subtreeHeight(shapes, trashed.id), 1)
    if (deepest > GROUP_DEPTH_MAX) {
      throw new AppError('GROUP_DEPTH_LIMIT', { max: GROUP_DEPTH_MAX })
    }
    // Its groups count again: room made meanwhile may be taken (the trash is no way round a limit).
    await requireRoom(tx, trashed.ownerId, {
      groups: groups.length,
      depth: deepest,
      depthBefore: Math.max(0, ...depths(index).values()),
    })
    const rootRow = groups.find((row) => row.id === trashed.id)
    if (!rootRow) throw new AppError('INTERNAL')
    const position = landingKey(
      childrenOf(index, parentId),
      parentId === trashed.parentId ? textOf(rootRow, 'position') : null,
    )
    const moved = parentId !== trashed.parentId || position !== rootRow.position
    await putBack(
      tx,
      'group',
      groups.map((row) =>
        row === rootRow && moved ? { ...row, parent_id: parentId, position } : row,
      ),
    )
    const live = await stillValid(tx, held.rows)
    for (const spec of TRASH_HELD_TABLES) {
      const table = getTableName(spec.table)
      const rows = rowsIn(held.rows, table)
        .filter((row) =>
          Object.entries(spec.cascade).every(([column, target]) => {
            const id = textOf(row, column)
            return id !== null && (target === 'user' ? live.users : live.entries).has(id)
          }),
        )
        .map((row) => {
          const patched = { ...row }
          for (const column of spec.setNull) {
            const id = textOf(row, column)
            if (id !== null && !live.users.has(id)) patched[column] = null
          }
          return patched
        })
      await putBack(tx, table, rows)
    }
    await tx.delete(groupTrash).where(eq(groupTrash.id, trashed.id))
    await recordActivity(tx, actor, trashed.ownerId, [
      { groupId: parentId, action: 'group.restored', details: { name: trashed.name } },
    ])
    return { id: trashed.id, parentId, movedToTop: parentId === null && trashed.parentId !== null }
  })
}

export async function purgeGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof trashRefSchema>,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const trashed = await requireTrashed(tx, actor, input.id)
    // Under the tree lock: a concurrent restore either finished first or finds nothing.
    await lockTree(tx, trashed.ownerId)
    const [gone] = await tx
      .delete(groupTrash)
      .where(and(eq(groupTrash.id, trashed.id), eq(groupTrash.ownerId, trashed.ownerId)))
      .returning({ id: groupTrash.id })
    if (!gone) throw new AppError('GROUP_NOT_FOUND')
    return gone
  })
}
