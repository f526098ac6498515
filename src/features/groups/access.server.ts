import { eq, getTableColumns, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { TREE_WALK_GUARD } from '~/db/group-tree.server'
import { group, groupMember, MEMBER_ROLES, type MemberRole } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { type GroupRole, roleAtLeast } from './groups.schemas'

export type GroupRow = typeof group.$inferSelect
export type GroupAccess = {
  group: GroupRow
  role: GroupRole
  /**
   * Strongest role from a strict ancestor (null when granted on this group): an editor may restructure only
   * what lies below their grant, never the shared group itself.
   */
  inherited: GroupRole | null
  /** The topmost group of the chain the actor holds a role on: their view stops there. */
  rootId: string
}
/** edit: items and subgroups inside. restructure: rename, move, delete this group. owner: share or give it away. */
export type AccessNeed = 'view' | 'edit' | 'restructure' | 'owner'

function stronger(a: GroupRole | null, b: GroupRole): GroupRole {
  return a !== null && roleAtLeast(a, b) ? a : b
}

/** Whether found access allows the need: requireGroup's check, and what a screen may offer. */
export function accessAllows(access: GroupAccess, need: AccessNeed): boolean {
  if (access.role === 'owner') return true
  if (need === 'view') return true
  if (need === 'edit') return roleAtLeast(access.role, 'editor')
  if (need === 'restructure')
    return access.inherited !== null && roleAtLeast(access.inherited, 'editor')
  return false
}

function toRole(value: unknown): MemberRole | null {
  return MEMBER_ROLES.find((role) => role === value) ?? null
}

/** [depth, role, groupId] grants on the chain (itself included); only run for non-owners, at most GROUP_DEPTH_MAX long. */
function grantsOf(groupId: string, actorId: string) {
  return sql<unknown>`case when ${group.ownerId} = ${actorId} then '[]'::json else (
    with recursive chain(id, parent_id, depth) as (
      select g.id, g.parent_id, 0 from ${group} g where g.id = ${groupId}
      union all
      select p.id, p.parent_id, c.depth + 1 from ${group} p join chain c on p.id = c.parent_id
      where c.depth < ${TREE_WALK_GUARD}
    )
    select coalesce(json_agg(json_build_array(c.depth, m.role, c.id)), '[]')
    from chain c join ${groupMember} m on m.group_id = c.id and m.user_id = ${actorId}
  ) end`
}

/**
 * The one place that answers "may this user touch this group?", in one statement. Missing and not shared
 * look the same (null), so an id reveals nothing.
 */
export async function findGroupAccess(
  db: Database,
  actorId: string,
  groupId: string,
): Promise<GroupAccess | null> {
  const [row] = await db
    .select({ ...getTableColumns(group), grants: grantsOf(groupId, actorId) })
    .from(group)
    .where(eq(group.id, groupId))
    .limit(1)
  if (!row) return null
  const { grants, ...groupRow } = row
  if (groupRow.ownerId === actorId) {
    return { group: groupRow, role: 'owner', inherited: 'owner', rootId: groupRow.id }
  }
  let role: GroupRole | null = null
  let inherited: GroupRole | null = null
  let root: { depth: number; id: string } | null = null
  for (const grant of Array.isArray(grants) ? grants : []) {
    if (!Array.isArray(grant)) continue
    const [depth, value, id] = grant
    const granted = toRole(value)
    if (granted === null || typeof depth !== 'number' || typeof id !== 'string') continue
    role = stronger(role, granted)
    if (depth > 0) inherited = stronger(inherited, granted)
    if (!root || depth > root.depth) root = { depth, id }
  }
  if (role === null || root === null) return null
  return { group: groupRow, role, inherited, rootId: root.id }
}

/** No role at all: GROUP_NOT_FOUND (a stranger learns nothing); a role too weak: GROUP_FORBIDDEN. */
export async function requireGroup(
  db: Database,
  actorId: string,
  groupId: string,
  need: AccessNeed,
): Promise<GroupAccess> {
  const access = await findGroupAccess(db, actorId, groupId)
  if (!access) throw new AppError('GROUP_NOT_FOUND')
  if (!accessAllows(access, need)) throw new AppError('GROUP_FORBIDDEN')
  return access
}

/** The user's own memberships, one row per grant (the sharing screens build on it). */
export async function listGrants(db: Database, userId: string) {
  return db
    .select({ groupId: groupMember.groupId, role: groupMember.role })
    .from(groupMember)
    .where(eq(groupMember.userId, userId))
}

/**
 * `visible(id, shared)`: every group the actor may view, for reads across them (quick search); starts a
 * `with recursive` clause. Union, not union all: a group reached through two grants is listed once.
 */
export function visibleGroupsCte(actorId: string) {
  return sql`with recursive visible(id, shared) as (
      select g.id, false from ${group} g where g.owner_id = ${actorId}
      union
      select m.group_id, true from ${groupMember} m
      join ${group} g on g.id = m.group_id and g.owner_id <> ${actorId}
      where m.user_id = ${actorId}
      union
      select c.id, v.shared from ${group} c join visible v on c.parent_id = v.id
    )`
}
