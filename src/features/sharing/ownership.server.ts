import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { groupNameKey } from '~/db/name-key'
import { group, groupItem, groupMember, libraryEntry } from '~/db/schema'
import { findGroupAccess, requireGroup } from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { lockTrees, readSubtree, topLevelSlot } from './shared-subtree.server'
import type { transferOwnershipSchema } from './sharing.schemas'
import { findPerson, requirePerson, upsertGrant } from './sharing-common.server'

/**
 * Gives a group (and its subtree) to an editor of it: it moves to the top
 * of their tree, its items become entries of their library (same order),
 * their own grants inside it go (they own it now) and the previous owner
 * keeps editing it. Links and invitations stay on the same groups.
 */
export async function transferOwnership(
  db: Database,
  actor: Actor,
  input: z.infer<typeof transferOwnershipSchema>,
): Promise<{ groupId: string }> {
  return db.transaction(async (tx) => {
    const { group: root } = await requireGroup(tx, actor.id, input.groupId, 'owner')
    if (root.version !== input.version) throw new AppError('STALE_VERSION')
    if (input.userId === root.ownerId) throw new AppError('MEMBER_NOT_FOUND')
    const heir = await findPerson(tx, input.userId)
    if (!heir) throw new AppError('MEMBER_NOT_FOUND')
    await lockTrees(tx, [root.ownerId, heir.id])
    // Read under the locks: role changes and removals take the owner's lock too.
    const heirAccess = await findGroupAccess(tx, heir.id, root.id)
    if (heirAccess?.role !== 'editor') throw new AppError('MEMBER_NOT_FOUND')
    const previousOwner = await requirePerson(tx, root.ownerId)
    const subtree = await readSubtree(tx, root.id)
    const ids = subtree.map((node) => node.id)
    const { name, position } = await topLevelSlot(tx, heir.id, root.name)

    const [moved] = await tx
      .update(group)
      .set({
        ownerId: heir.id,
        parentId: null,
        name,
        nameKey: groupNameKey(name),
        position,
        version: sql`${group.version} + 1`,
      })
      .where(and(eq(group.id, root.id), eq(group.version, input.version)))
      .returning({ id: group.id })
    if (!moved) throw new AppError('STALE_VERSION')
    const below = ids.filter((id) => id !== root.id)
    for (const part of chunks(below)) {
      await tx.update(group).set({ ownerId: heir.id }).where(inArray(group.id, part))
    }
    // Items of the heir's groups that are still someone else's entries are exactly the moved ones.
    await tx.execute(sql`insert into ${libraryEntry} (user_id, kind, channel_id, anime_id)
      select distinct ${heir.id}::text, le.kind, le.channel_id, le.anime_id
      from ${groupItem} gi
      join ${group} g on g.id = gi.group_id
      join ${libraryEntry} le on le.id = gi.entry_id
      where g.owner_id = ${heir.id} and le.user_id <> ${heir.id}
      on conflict do nothing`)
    await tx.execute(sql`update ${groupItem} gi set entry_id = ne.id
      from ${group} g, ${libraryEntry} oe, ${libraryEntry} ne
      where g.id = gi.group_id and g.owner_id = ${heir.id}
        and oe.id = gi.entry_id and oe.user_id <> ${heir.id}
        and ne.user_id = ${heir.id} and ne.kind = oe.kind
        and ne.channel_id is not distinct from oe.channel_id
        and ne.anime_id is not distinct from oe.anime_id`)
    for (const part of chunks(ids)) {
      await tx
        .delete(groupMember)
        .where(and(eq(groupMember.userId, heir.id), inArray(groupMember.groupId, part)))
    }
    await upsertGrant(tx, root.id, previousOwner.id, 'editor')
    const details = { name, from: previousOwner.name, to: heir.name }
    // The old tree's line sits on the former parent: the group is no longer in that tree.
    await recordActivity(tx, actor, previousOwner.id, [
      { groupId: root.parentId, action: 'group.transferred', details },
    ])
    await recordActivity(tx, actor, heir.id, [
      { groupId: root.id, action: 'group.transferred', details },
    ])
    return { groupId: root.id }
  })
}
