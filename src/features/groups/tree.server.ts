import { and, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { GROUP_DEPTH_MAX } from '~/config/product'
import type { Database } from '~/db/client.server'
import { group, groupFold, groupSettings } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { requireGroup } from './access.server'
import type {
  foldGroupSchema,
  foldGroupsSchema,
  GroupSettingsChange,
  GroupSettingsDto,
  GroupTree,
  groupRefSchema,
  SharedTree,
} from './groups.schemas'
import { depthOf, descendantIds } from './tree'
import { type GroupTreeWire, loadSettings, viewTree } from './tree-read.server'

/* Every function authorizes through requireGroup; exports functions only (the authorization test lists them). */

export type GroupFoldState = { id: string; expanded: boolean }

export async function getGroupTree(db: Database, actor: Actor): Promise<GroupTree> {
  const { nodes, settings } = await viewTree(db, actor.id, actor.id)
  return { groups: [...nodes], settings: { ...settings }, maxDepth: GROUP_DEPTH_MAX }
}

/** getGroupTree as the server function sends it (parseGroupTree reads the body). */
export async function getGroupTreeWire(db: Database, actor: Actor): Promise<GroupTreeWire> {
  return (await viewTree(db, actor.id, actor.id)).wire()
}

/** For a member, the subtree shared with them, its root shown at the top level. */
export async function getSharedTree(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupRefSchema>,
): Promise<SharedTree> {
  const access = await requireGroup(db, actor.id, input.id, 'view')
  const { nodes } = await viewTree(db, access.group.ownerId, actor.id)
  if (access.role === 'owner')
    return { groups: [...nodes], rootId: null, maxDepth: GROUP_DEPTH_MAX }
  const inside = descendantIds(nodes, access.rootId)
  inside.add(access.rootId)
  return {
    groups: nodes
      .filter((node) => inside.has(node.id))
      .map((node) => (node.id === access.rootId ? { ...node, parentId: null } : node)),
    rootId: access.rootId,
    maxDepth: GROUP_DEPTH_MAX - depthOf(nodes, access.rootId) + 1,
  }
}

export async function foldGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof foldGroupSchema>,
): Promise<GroupFoldState> {
  const { group: row } = await requireGroup(db, actor.id, input.id, 'view')
  await db
    .insert(groupFold)
    .values({ userId: actor.id, groupId: row.id, expanded: input.expanded })
    .onConflictDoUpdate({
      target: [groupFold.userId, groupFold.groupId],
      set: { expanded: input.expanded },
    })
  return { id: row.id, expanded: input.expanded }
}

/** Only the actor's own groups are folded; any other id refuses the whole call. */
export async function foldGroups(
  db: Database,
  actor: Actor,
  input: z.infer<typeof foldGroupsSchema>,
): Promise<{ ids: string[]; expanded: boolean }> {
  const ids = [...new Set(input.ids)]
  const owned = await db
    .select({ id: group.id })
    .from(group)
    .where(and(eq(group.ownerId, actor.id), inArray(group.id, ids)))
  if (owned.length !== ids.length) throw new AppError('GROUP_NOT_FOUND')
  await db
    .insert(groupFold)
    .values(ids.map((groupId) => ({ userId: actor.id, groupId, expanded: input.expanded })))
    .onConflictDoUpdate({
      target: [groupFold.userId, groupFold.groupId],
      set: { expanded: input.expanded },
    })
  return { ids, expanded: input.expanded }
}

export async function getGroupSettings(db: Database, actor: Actor): Promise<GroupSettingsDto> {
  return loadSettings(db, actor.id)
}

export async function updateGroupSettings(
  db: Database,
  actor: Actor,
  input: GroupSettingsChange,
): Promise<GroupSettingsDto> {
  // Only the named settings: the others keep what is stored (or their column defaults).
  const change = {
    defaultIcon: input.defaultIcon,
    defaultColor: input.defaultColor,
    defaultSort: input.defaultSort,
    treeExpanded: input.treeExpanded,
    showCounts: input.showCounts,
  }
  await db
    .insert(groupSettings)
    .values({ userId: actor.id, ...change })
    .onConflictDoUpdate({ target: groupSettings.userId, set: change })
  return loadSettings(db, actor.id)
}
