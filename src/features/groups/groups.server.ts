import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { GROUP_DEPTH_MAX } from '~/config/product'
import type { Database } from '~/db/client.server'
import { lockTree } from '~/db/group-tree.server'
import { groupNameKey } from '~/db/name-key'
import { group, user } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { runOnce } from '~/server/idempotency.server'
import { requireRoom } from '../billing/plan-limits.server'
import { accessAllows, findGroupAccess, type GroupRow, requireGroup } from './access.server'
import { type ActivityLine, recordActivity } from './activity.server'
import { noAccessError } from './former-members.server'
import {
  type createGroupSchema,
  type DeletePreview,
  type GroupDetail,
  type GroupNode,
  groupNodeSchema,
  type groupRefSchema,
  type moveGroupSchema,
  toGroupColor,
  type updateGroupSchema,
  type versionedGroupRefSchema,
} from './groups.schemas'
import { cachedGroupItems } from './items-cache.server'
import { rethrowNameClash } from './name-clash.server'
import { keyAfterSibling, keyBetween } from './positions'
import { trashSubtree } from './trash.server'
import {
  ancestorChain,
  buildTreeIndex,
  canMove,
  childrenOf,
  depthOf,
  subtreeHeight,
  subtreeTotals,
} from './tree'
import { loadSettings, readStructure, readTree, viewTree } from './tree-read.server'

/*
 * Writes authorize through requireGroup (another user's group is GROUP_NOT_FOUND), hold the tree lock in
 * one transaction and leave an activity row. Sibling names are left to the unique index, so a lost race
 * and a plain clash both give GROUP_NAME_TAKEN. Exports functions only (the authorization test lists them).
 */

export type GroupVersion = { id: string; version: number }
export type GroupPlacement = GroupVersion & { parentId: string | null; position: string }

const nodeColumns = {
  id: group.id,
  parentId: group.parentId,
  name: group.name,
  description: group.description,
  icon: group.icon,
  color: group.color,
  position: group.position,
  version: group.version,
  updatedAt: group.updatedAt,
}
type NodeRow = Pick<GroupRow, keyof typeof nodeColumns>

function toNode(row: NodeRow, expanded: boolean): GroupNode {
  return {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    description: row.description,
    icon: row.icon,
    color: toGroupColor(row.color),
    position: row.position,
    version: row.version,
    channelCount: 0,
    animeCount: 0,
    expanded,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Ancestors and totals (descendants included) come from the tree read, in code. */
export async function getGroupDetail(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupRefSchema>,
): Promise<GroupDetail> {
  // Any role may view; without one a former member is told their access ended.
  const access = await findGroupAccess(db, actor.id, input.id)
  if (!access) throw await noAccessError(db, actor.id, input.id)
  const { group: row, role } = access
  const [{ nodes }, items, ownerName] = await Promise.all([
    viewTree(db, row.ownerId, actor.id),
    cachedGroupItems(db, row, actor.id),
    role === 'owner' ? null : ownerNameOf(db, row.ownerId),
  ])
  const index = buildTreeIndex(nodes)
  const self = index.byId.get(row.id)
  if (!self) throw new AppError('GROUP_NOT_FOUND')
  const totals = subtreeTotals(index)
  // A member's breadcrumbs start at the group shared with them: the owner's other groups stay private.
  const chain = ancestorChain(index, row.id)
  const rootAt = chain.findIndex((node) => node.id === access.rootId)
  const visible = role === 'owner' ? chain : rootAt < 0 ? [] : chain.slice(rootAt)
  return {
    // The shared group's parent is the owner's private group: a member sees a top-level group.
    group: {
      ...self,
      parentId: role !== 'owner' && row.id === access.rootId ? null : self.parentId,
      createdAt: row.createdAt.toISOString(),
    },
    ancestors: visible.map((node) => ({
      id: node.id,
      name: node.name,
      icon: node.icon,
      color: node.color,
    })),
    children: childrenOf(index, row.id).map((child) => ({
      ...child,
      totalCount: totals.get(child.id)?.total ?? 0,
      subgroupCount: totals.get(child.id)?.subgroups ?? 0,
    })),
    items,
    role,
    canRestructure: accessAllows(access, 'restructure'),
    ownerName,
  }
}

async function ownerNameOf(db: Database, ownerId: string): Promise<string> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, ownerId))
  return row?.name ?? ''
}

/** Last among its siblings. Under an idempotency key a retry answers the group made first. */
export async function createGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof createGroupSchema>,
): Promise<GroupNode> {
  // A retry is authorized anew: access may have been taken away since the first call.
  if (input.parentId) await requireGroup(db, actor.id, input.parentId, 'edit')
  return runOnce(
    db,
    { userId: actor.id, key: input.idempotencyKey, operation: 'group.create' },
    (stored) => groupNodeSchema.parse(stored),
    (tx) => insertGroup(tx, actor, input),
  )
}

async function insertGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof createGroupSchema>,
): Promise<GroupNode> {
  try {
    return await db.transaction(async (tx) => {
      const parent = input.parentId
        ? (await requireGroup(tx, actor.id, input.parentId, 'edit')).group
        : null
      const ownerId = parent?.ownerId ?? actor.id
      await lockTree(tx, ownerId)
      const index = buildTreeIndex(await readStructure(tx, ownerId))
      const parentId = parent?.id ?? null
      if (parentId !== null) {
        // Gone between the access check and the lock: deleted meanwhile.
        if (!index.byId.has(parentId)) throw new AppError('GROUP_NOT_FOUND')
        if (depthOf(index, parentId) + 1 > GROUP_DEPTH_MAX) {
          throw new AppError('GROUP_DEPTH_LIMIT', { max: GROUP_DEPTH_MAX })
        }
      }
      await requireRoom(tx, ownerId, {
        groups: 1,
        depth: parentId === null ? 1 : depthOf(index, parentId) + 1,
      })
      const last = childrenOf(index, parentId).at(-1)
      const settings = await loadSettings(tx, actor.id)
      const [created] = await tx
        .insert(group)
        .values({
          ownerId,
          parentId,
          name: input.name,
          nameKey: groupNameKey(input.name),
          description: input.description,
          icon: input.icon ?? settings.defaultIcon,
          color: input.color ?? settings.defaultColor,
          position: keyBetween(last?.position, null),
        })
        .returning(nodeColumns)
      if (!created) throw new AppError('INTERNAL')
      await recordActivity(tx, actor, ownerId, [
        {
          groupId: created.id,
          action: 'group.created',
          details: { name: created.name, parent: parent?.name ?? null },
        },
      ])
      return toNode(created, settings.treeExpanded)
    })
  } catch (error) {
    rethrowNameClash(error, input.name)
  }
}

export async function updateGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof updateGroupSchema>,
): Promise<GroupVersion> {
  try {
    return await db.transaction(async (tx) => {
      const { group: current } = await requireGroup(tx, actor.id, input.id, 'restructure')
      if (current.version !== input.version) throw new AppError('STALE_VERSION')
      await lockTree(tx, current.ownerId)
      const nameKey = groupNameKey(input.name)
      const [updated] = await tx
        .update(group)
        .set({
          name: input.name,
          nameKey,
          description: input.description,
          icon: input.icon,
          color: input.color,
          version: sql`${group.version} + 1`,
        })
        .where(and(eq(group.id, current.id), eq(group.version, input.version)))
        .returning({ id: group.id, version: group.version })
      if (!updated) throw new AppError('STALE_VERSION')
      const activity: ActivityLine[] = []
      if (input.name !== current.name) {
        activity.push({
          groupId: current.id,
          action: 'group.renamed',
          details: { from: current.name, to: input.name },
        })
      }
      if (
        input.description !== current.description ||
        input.icon !== current.icon ||
        input.color !== current.color
      ) {
        activity.push({
          groupId: current.id,
          action: 'group.updated',
          details: { name: input.name },
        })
      }
      await recordActivity(tx, actor, current.ownerId, activity)
      return updated
    })
  } catch (error) {
    rethrowNameClash(error, input.name)
  }
}

/** Refuses cycles, depth overflow (checked on the whole tree under the tree lock) and name clashes. */
export async function moveGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof moveGroupSchema>,
): Promise<GroupPlacement> {
  let movingName = ''
  try {
    return await db.transaction(async (tx) => {
      const { group: current } = await requireGroup(tx, actor.id, input.id, 'restructure')
      movingName = current.name
      if (current.version !== input.version) throw new AppError('STALE_VERSION')
      if (input.parentId !== null) {
        const { group: parent } = await requireGroup(tx, actor.id, input.parentId, 'edit')
        if (parent.ownerId !== current.ownerId) throw new AppError('GROUP_NOT_FOUND')
      } else if (current.ownerId !== actor.id) {
        // The top level of someone else's tree lies outside anything shared.
        throw new AppError('GROUP_FORBIDDEN')
      }
      await lockTree(tx, current.ownerId)
      const index = buildTreeIndex(await readStructure(tx, current.ownerId))
      const moving = index.byId.get(current.id)
      if (!moving || (input.parentId !== null && !index.byId.has(input.parentId))) {
        throw new AppError('GROUP_NOT_FOUND')
      }
      const check = canMove(index, moving.id, input.parentId, GROUP_DEPTH_MAX)
      if (check === 'cycle') throw new AppError('GROUP_CYCLE')
      if (check === 'depth') throw new AppError('GROUP_DEPTH_LIMIT', { max: GROUP_DEPTH_MAX })
      const height = subtreeHeight(index, moving.id)
      await requireRoom(tx, current.ownerId, {
        depth: (input.parentId === null ? 0 : depthOf(index, input.parentId)) + height,
        depthBefore: depthOf(index, moving.id) + height - 1,
      })

      const sameParent = moving.parentId === input.parentId
      // A sibling-name clash at the destination is the unique index's to refuse.
      const siblings = childrenOf(index, input.parentId).filter((node) => node.id !== moving.id)
      const position =
        sameParent && input.afterId === moving.id
          ? moving.position
          : keyAfterSibling(siblings, input.afterId)
      if (position === null) throw new AppError('GROUP_NOT_FOUND')

      const [moved] = await tx
        .update(group)
        .set({ parentId: input.parentId, position, version: sql`${group.version} + 1` })
        .where(and(eq(group.id, moving.id), eq(group.version, input.version)))
        .returning({
          id: group.id,
          version: group.version,
          parentId: group.parentId,
          position: group.position,
        })
      if (!moved) throw new AppError('STALE_VERSION')
      // Reordering among the same siblings is not worth an audit line; a new parent is.
      if (!sameParent) {
        const nameOf = (id: string | null) =>
          id === null ? null : (index.byId.get(id)?.name ?? null)
        await recordActivity(tx, actor, current.ownerId, [
          {
            groupId: moving.id,
            action: 'group.moved',
            details: {
              name: moving.name,
              from: nameOf(moving.parentId),
              to: nameOf(input.parentId),
            },
          },
        ])
      }
      return moved
    })
  } catch (error) {
    rethrowNameClash(error, movingName)
  }
}

async function countSubtree(db: Database, actor: Actor, row: GroupRow): Promise<DeletePreview> {
  const index = buildTreeIndex(
    await readTree(db, row.ownerId, { id: actor.id, expandedByDefault: true }, { counts: true }),
  )
  const totals = subtreeTotals(index).get(row.id)
  if (!totals) throw new AppError('GROUP_NOT_FOUND')
  return { subgroups: totals.subgroups, items: totals.total }
}

/** What deleting a group takes with it: its subgroups and their placed items (entries stay). */
export async function getDeletePreview(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupRefSchema>,
): Promise<DeletePreview> {
  const { group: row } = await requireGroup(db, actor.id, input.id, 'restructure')
  return countSubtree(db, actor, row)
}

/**
 * Moves the subtree with its items, shares and activity to the trash (decision 0053); entries stay. The
 * activity row goes on the parent, since the group itself is out of sight.
 */
export async function deleteGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof versionedGroupRefSchema>,
): Promise<DeletePreview> {
  return db.transaction(async (tx) => {
    const { group: row } = await requireGroup(tx, actor.id, input.id, 'restructure')
    if (row.version !== input.version) throw new AppError('STALE_VERSION')
    await lockTree(tx, row.ownerId)
    const removed = await countSubtree(tx, actor, row)
    await recordActivity(tx, actor, row.ownerId, [
      {
        groupId: row.parentId,
        action: 'group.deleted',
        details: { name: row.name, subgroups: removed.subgroups, items: removed.items },
      },
    ])
    await trashSubtree(tx, actor, row, input.version, removed)
    return removed
  })
}
