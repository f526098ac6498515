import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '~/db/client.server'
import { lockTree, TREE_WALK_GUARD } from '~/db/group-tree.server'
import { rowsOf, text } from '~/db/raw-rows.server'
import { group, groupMember, user } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { type GroupRow, requireGroup } from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { toGroupColor } from '~/features/groups/groups.schemas'
import { compareKeys } from '~/features/groups/positions'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { subtreeTotals } from './shared-subtree.server'
import type {
  changeMemberRoleSchema,
  MemberDto,
  memberRefSchema,
  SharedWithMe,
  sharingRefSchema,
} from './sharing.schemas'
import { roleChange } from './sharing-common.server'
import { selectMembers, toMemberDto } from './sharing-dtos.server'

/* Members (decision 0019). Joining is through a link or an invitation. */

/** The owner's view of one member of this group, with the tree locked for the change. */
async function requireMember(
  tx: Database,
  actor: Actor,
  input: z.infer<typeof memberRefSchema>,
): Promise<{ target: GroupRow; member: MemberDto }> {
  const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'owner')
  // Serialised with transfers, which read grants under this lock.
  await lockTree(tx, target.ownerId)
  const [row] = await selectMembers(tx).where(
    and(eq(groupMember.groupId, target.id), eq(groupMember.userId, input.userId)),
  )
  if (!row) throw new AppError('MEMBER_NOT_FOUND')
  return { target, member: toMemberDto(row) }
}

export async function changeMemberRole(
  db: Database,
  actor: Actor,
  input: z.infer<typeof changeMemberRoleSchema>,
): Promise<MemberDto> {
  return db.transaction(async (tx) => {
    const { target, member } = await requireMember(tx, actor, input)
    if (member.version !== input.version) throw new AppError('STALE_VERSION')
    if (member.role === input.role) return member
    const [updated] = await tx
      .update(groupMember)
      .set(roleChange(input.role))
      .where(
        and(
          eq(groupMember.groupId, target.id),
          eq(groupMember.userId, input.userId),
          eq(groupMember.version, input.version),
        ),
      )
      .returning({ version: groupMember.version })
    if (!updated) throw new AppError('STALE_VERSION')
    await recordActivity(tx, actor, target.ownerId, [
      {
        groupId: target.id,
        action: 'member.roleChanged',
        details: { name: member.name, role: input.role },
      },
    ])
    return { ...member, role: input.role, version: updated.version }
  })
}

/** Takes a member's grant on this group away (grants elsewhere in the tree stay). */
export async function removeMember(
  db: Database,
  actor: Actor,
  input: z.infer<typeof memberRefSchema>,
): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const { target, member } = await requireMember(tx, actor, input)
    await tx
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, target.id), eq(groupMember.userId, input.userId)))
    await recordActivity(tx, actor, target.ownerId, [
      {
        groupId: target.id,
        action: 'member.removed',
        // Who, so they are told their access ended rather than "not found" (former-members.server).
        details: { name: member.name, userId: input.userId },
      },
    ])
    return { userId: input.userId }
  })
}

export async function leaveGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof sharingRefSchema>,
): Promise<{ groupId: string }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: group.id, ownerId: group.ownerId })
      .from(groupMember)
      .innerJoin(group, eq(group.id, groupMember.groupId))
      .where(and(eq(groupMember.groupId, input.groupId), eq(groupMember.userId, actor.id)))
    if (!target) throw new AppError('GROUP_NOT_FOUND')
    await lockTree(tx, target.ownerId)
    const removed = await tx
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, target.id), eq(groupMember.userId, actor.id)))
      .returning({ groupId: groupMember.groupId })
    if (removed.length === 0) throw new AppError('GROUP_NOT_FOUND')
    await recordActivity(tx, actor, target.ownerId, [
      { groupId: target.id, action: 'member.left', details: { name: actor.name } },
    ])
    return { groupId: target.id }
  })
}

/** Only the topmost grant of each chain, with whole-subtree totals; three statements whatever the count. */
export async function listSharedWithMe(db: Database, actor: Actor): Promise<SharedWithMe[]> {
  const topmost = await db.execute(sql`with recursive
    mine as (
      select m.group_id from ${groupMember} m join ${group} g on g.id = m.group_id
      where m.user_id = ${actor.id} and g.owner_id <> ${actor.id}
    ),
    up(grant_id, id, depth) as (
      select g.id, g.parent_id, 1 from ${group} g join mine on mine.group_id = g.id
      where g.parent_id is not null
      union all
      select u.grant_id, p.parent_id, u.depth + 1 from ${group} p join up u on p.id = u.id
      where p.parent_id is not null and u.depth < ${TREE_WALK_GUARD}
    )
    select mine.group_id::text as id from mine
    where not exists (
      select 1 from up join mine above on above.group_id = up.id where up.grant_id = mine.group_id
    )`)
  const ids = rowsOf(topmost).map((row) => text(row.id))
  if (ids.length === 0) return []
  const [totals, rows] = await Promise.all([
    subtreeTotals(db, ids),
    db
      .select({
        groupId: group.id,
        name: group.name,
        icon: group.icon,
        color: group.color,
        ownerName: user.name,
        role: groupMember.role,
        joinedAt: groupMember.createdAt,
      })
      .from(groupMember)
      .innerJoin(group, eq(group.id, groupMember.groupId))
      .innerJoin(user, eq(user.id, group.ownerId))
      .where(and(eq(groupMember.userId, actor.id), anyOf(groupMember.groupId, ids))),
  ])
  return rows
    .map((row) => {
      const total = totals.get(row.groupId)
      return {
        ...row,
        color: toGroupColor(row.color),
        channelCount: total?.channels ?? 0,
        animeCount: total?.animes ?? 0,
        subgroupCount: total?.subgroups ?? 0,
        joinedAt: row.joinedAt.toISOString(),
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name) || compareKeys(a.groupId, b.groupId))
}
