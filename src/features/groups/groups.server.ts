import { createHash } from 'node:crypto'
import { and, asc, count, desc, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { firstRow, integer, text, textOrNull, tuples } from '~/db/raw-rows.server'
import {
  type ActivityAction,
  anime,
  channel,
  group,
  groupActivity,
  groupFold,
  groupItem,
  groupSettings,
  libraryEntry,
  user,
} from '~/db/schema'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { type GroupRow, lockTree, requireGroup } from './access.server'
import { type ActivityDetails, type ActivityLine, recordActivity } from './activity.server'
import type { AddResult } from './entries.schemas'
import { groupNameKey } from './group-names'
import {
  type ActivityEntry,
  type copyItemsSchema,
  type createGroupSchema,
  type DeletePreview,
  encodeGroupTree,
  type foldGroupSchema,
  type foldGroupsSchema,
  type GroupDetail,
  type GroupNode,
  type GroupSettingsDto,
  type GroupTree,
  type groupItemsSchema,
  type groupRefSchema,
  type listActivitySchema,
  type moveGroupSchema,
  type moveItemsSchema,
  type reorderItemSchema,
  type SharedTree,
  toGroupColor,
  type updateGroupSchema,
  type versionedGroupRefSchema,
} from './groups.schemas'
import { readGroupItems } from './items.server'
import { appendKeys, keyAfterSibling, keyBetween } from './positions'
import {
  ancestorChain,
  buildTreeIndex,
  canMove,
  childrenOf,
  depthOf,
  descendantIds,
  subtreeTotals,
} from './tree'
import { createTreeCache } from './tree-cache.server'

/*
 * Groups and their items. Every function takes (db, actor, input), finds the
 * row, authorizes through requireGroup (another user's group is
 * GROUP_NOT_FOUND, another user's entry ENTRY_NOT_FOUND), then acts. Writes
 * run in one transaction holding the tree lock and leave an activity row.
 * Sibling names are left to the unique index (group_sibling_name_key): its
 * violation becomes GROUP_NAME_TAKEN, so a lost race and a plain clash give
 * the same answer. The module exports functions only (the authorization test
 * lists them one by one).
 */

export type GroupVersion = { id: string; version: number }
export type GroupPlacement = GroupVersion & { parentId: string | null; position: string }
export type GroupFoldState = { id: string; expanded: boolean }
export type RemoveResult = { removed: number }
export type MoveItemsResult = { moved: number; alreadyThere: number }
export type ItemPlacement = { entryId: string; position: string }

const SETTINGS_DEFAULTS: GroupSettingsDto = {
  defaultIcon: 'lucide:folder',
  defaultColor: 'blue',
  defaultSort: 'manual',
  treeExpanded: true,
  showCounts: true,
}
const ACTIVITY_LIMIT = 50

/** The unique constraint a database error violated, looking through Drizzle's wrapper. */
function violatedConstraint(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && current.code === '23505' && 'constraint' in current) {
      return typeof current.constraint === 'string' ? current.constraint : null
    }
    current = 'cause' in current ? current.cause : null
  }
  return null
}

/** The sibling-name unique index refusing a write is the user's "name taken". */
function rethrowNameClash(error: unknown, name: string): never {
  if (violatedConstraint(error) === 'group_sibling_name_key') {
    throw new AppError('GROUP_NAME_TAKEN', { name })
  }
  throw error
}

async function loadSettings(db: Database, userId: string): Promise<GroupSettingsDto> {
  const [row] = await db
    .select({
      defaultIcon: groupSettings.defaultIcon,
      defaultColor: groupSettings.defaultColor,
      defaultSort: groupSettings.defaultSort,
      treeExpanded: groupSettings.treeExpanded,
      showCounts: groupSettings.showCounts,
    })
    .from(groupSettings)
    .where(eq(groupSettings.userId, userId))
  if (!row) return { ...SETTINGS_DEFAULTS }
  return { ...row, defaultColor: toGroupColor(row.defaultColor) ?? SETTINGS_DEFAULTS.defaultColor }
}

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

/** A freshly written group (no items yet). */
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

/*
 * Every tree rule is checked on the whole tree of one owner, read by one
 * statement (index on owner_id, no recursion, so the plan holds without
 * statistics, as on PGlite): groups with the viewer's fold state, and
 * optionally direct counts, each folded into one JSON value. One JSON string
 * decodes far faster than a thousand rows. Counts start from the owner's
 * library entries (index on user_id): an item of a tree is always an entry of
 * the tree's owner. The two parts are separate subqueries joined in code, so
 * no plan can rerun the count per group.
 */
const ISO_UTC = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`)

function treeQuery(ownerId: string, viewerId: string, withCounts: boolean): SQL {
  const counts = withCounts
    ? sql`(select coalesce(json_agg(json_build_array(c.group_id, c.channels, c.animes)), '[]')
        from (
          select gi.group_id,
            count(*) filter (where le.kind = 'channel') as channels,
            count(*) filter (where le.kind = 'anime') as animes
          from ${libraryEntry} le join ${groupItem} gi on gi.entry_id = le.id
          where le.user_id = ${ownerId}
          group by gi.group_id
        ) c)`
    : sql`'[]'::json`
  return sql`select
    (select coalesce(json_agg(json_build_array(
        g.id, g.parent_id, g.name, g.description, g.icon, g.color, g.position, g.version,
        to_char(g.updated_at at time zone 'UTC', ${ISO_UTC}), f.expanded
      )), '[]')
      from ${group} g
      left join ${groupFold} f on f.group_id = g.id and f.user_id = ${viewerId}
      where g.owner_id = ${ownerId}) as nodes,
    ${counts} as counts`
}

/** One owner's whole tree as GroupNodes (counts zero unless asked for). */
async function readTree(
  db: Database,
  ownerId: string,
  viewer: { id: string; expandedByDefault: boolean },
  options: { counts: boolean },
): Promise<GroupNode[]> {
  const row = firstRow(await db.execute(treeQuery(ownerId, viewer.id, options.counts)))
  const counts = new Map<string, { channels: number; animes: number }>()
  for (const [groupId, channels, animes] of tuples(row.counts, 3)) {
    counts.set(text(groupId), { channels: integer(channels), animes: integer(animes) })
  }
  return tuples(row.nodes, 10).map(
    ([id, parentId, name, description, icon, color, position, version, updatedAt, expanded]) => {
      const own = counts.get(text(id))
      return {
        id: text(id),
        parentId: textOrNull(parentId),
        name: text(name),
        description: text(description),
        icon: textOrNull(icon),
        color: toGroupColor(textOrNull(color)),
        position: text(position),
        version: integer(version),
        channelCount: own?.channels ?? 0,
        animeCount: own?.animes ?? 0,
        expanded: typeof expanded === 'boolean' ? expanded : viewer.expandedByDefault,
        updatedAt: text(updatedAt),
      }
    },
  )
}

/** The tree as the server function sends it: encodeGroupTree's UTF-8 JSON and its ETag. */
export type GroupTreeWire = { body: Uint8Array<ArrayBuffer>; etag: string }

type TreeView = {
  nodes: readonly GroupNode[]
  settings: GroupSettingsDto
  /** Made on first use and kept with the view. */
  wire: () => GroupTreeWire
}
const treeCache = createTreeCache<TreeView>()

/**
 * An owner's tree with counts as one viewer sees it (their folds and
 * settings). Cached until a write touches the owner's tree or the viewer's
 * folds or settings: one query on a hit, three on a miss, whatever the size.
 */
function viewTree(db: Database, ownerId: string, viewerId: string): Promise<TreeView> {
  return treeCache(db, [ownerId, viewerId], async () => {
    const settings = await loadSettings(db, viewerId)
    const nodes = await readTree(
      db,
      ownerId,
      { id: viewerId, expandedByDefault: settings.treeExpanded },
      { counts: true },
    )
    for (const node of nodes) Object.freeze(node)
    let wire: GroupTreeWire | undefined
    return {
      nodes: Object.freeze(nodes),
      settings: Object.freeze(settings),
      wire: () => {
        if (!wire) {
          const body = new TextEncoder().encode(
            encodeGroupTree({ groups: [...nodes], settings, maxDepth: GROUP_DEPTH_MAX }),
          )
          wire = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` }
        }
        return wire
      },
    }
  })
}

/** The whole tree with counts, fold state and settings. */
export async function getGroupTree(db: Database, actor: Actor): Promise<GroupTree> {
  const { nodes, settings } = await viewTree(db, actor.id, actor.id)
  return { groups: [...nodes], settings: { ...settings }, maxDepth: GROUP_DEPTH_MAX }
}

/** getGroupTree as the server function sends it (parseGroupTree reads the body). */
export async function getGroupTreeWire(db: Database, actor: Actor): Promise<GroupTreeWire> {
  return (await viewTree(db, actor.id, actor.id)).wire()
}

/**
 * The tree a group's pickers offer: the owner's whole tree, or for a member
 * the subtree shared with them, its root shown at the top level.
 */
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

/**
 * A group with its breadcrumbs, subgroups (totals include descendants) and
 * items; ancestors and totals come from the tree read, in code.
 */
export async function getGroupDetail(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupRefSchema>,
): Promise<GroupDetail> {
  const access = await requireGroup(db, actor.id, input.id, 'view')
  const { group: row, role } = access
  const [{ nodes }, items, ownerName] = await Promise.all([
    viewTree(db, row.ownerId, actor.id),
    readGroupItems(db, row.id),
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
    canRestructure: role === 'owner' || access.inherited === 'editor',
    ownerName,
  }
}

async function ownerNameOf(db: Database, ownerId: string): Promise<string> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, ownerId))
  return row?.name ?? ''
}

/** The tree as a write sees it: no counts, fold state irrelevant. */
function readStructure(db: Database, ownerId: string) {
  return readTree(db, ownerId, { id: ownerId, expandedByDefault: true }, { counts: false })
}

/** A new group, last among its siblings; icon and colour default to the user's settings. */
export async function createGroup(
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

/** Name, description, icon and colour, from the version the edit was made on. */
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

/**
 * Move under another group (or to the top level) and/or reorder among the
 * siblings, after `afterId` (null = first, omitted = last). Refuses cycles
 * and depth overflow (checked on the whole tree, read under the tree lock)
 * and sibling-name clashes.
 */
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

/** Descendant groups and every item placed in the subtree (the group's own included). */
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
 * Deletes a group and, by cascade, its subtree and their items; library
 * entries stay. The activity row goes on the parent (the group itself is gone).
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
    const [deleted] = await tx
      .delete(group)
      .where(and(eq(group.id, row.id), eq(group.version, input.version)))
      .returning({ id: group.id })
    if (!deleted) throw new AppError('STALE_VERSION')
    return removed
  })
}

/** Remembers the viewer's expand/collapse choice for one group. */
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
  input: GroupSettingsDto,
): Promise<GroupSettingsDto> {
  const values = {
    defaultIcon: input.defaultIcon,
    defaultColor: input.defaultColor,
    defaultSort: input.defaultSort,
    treeExpanded: input.treeExpanded,
    showCounts: input.showCounts,
  }
  await db
    .insert(groupSettings)
    .values({ userId: actor.id, ...values })
    .onConflictDoUpdate({ target: groupSettings.userId, set: values })
  return values
}

/** The newest activity of one group, or of the actor's whole account (the overview). */
export async function listActivity(
  db: Database,
  actor: Actor,
  input: z.infer<typeof listActivitySchema>,
): Promise<ActivityEntry[]> {
  const access =
    input.groupId === null ? null : await requireGroup(db, actor.id, input.groupId, 'view')
  const where = access
    ? eq(groupActivity.groupId, access.group.id)
    : eq(groupActivity.ownerId, actor.id)
  // Members read the same log without what is the owner's alone: invited
  // addresses, and where a moved group or item came from (maybe a private group).
  const forMember = access !== null && access.role !== 'owner'
  const rows = await db
    .select({
      id: groupActivity.id,
      action: groupActivity.action,
      actorName: groupActivity.actorName,
      groupId: groupActivity.groupId,
      details: groupActivity.details,
      createdAt: groupActivity.createdAt,
    })
    .from(groupActivity)
    .where(where)
    .orderBy(desc(groupActivity.createdAt), desc(groupActivity.id))
    .limit(ACTIVITY_LIMIT)
  return rows.map((row) => ({
    ...row,
    details: forMember ? memberDetails(row.action, row.details) : row.details,
    createdAt: row.createdAt.toISOString(),
  }))
}

function memberDetails(action: ActivityAction, details: ActivityDetails): ActivityDetails {
  const { email: _email, ...rest } = details
  if (action !== 'group.moved' && action !== 'item.moved') return rest
  const { from: _from, ...moved } = rest
  return moved
}

/* Items */

/** The distinct ids, in input order, after checking each is the owner's entry. */
async function requireEntries(
  db: Database,
  ownerId: string,
  entryIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(entryIds)]
  for (const part of chunks(unique)) {
    const [found] = await db
      .select({ value: count() })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, ownerId), inArray(libraryEntry.id, part)))
    if ((found?.value ?? 0) !== part.length) throw new AppError('ENTRY_NOT_FOUND')
  }
  return unique
}

/**
 * The tree owner's entries for what is being added, in input order. An
 * editor of a shared group may add from their own library: those entries
 * are matched by channel or anime to the owner's, created when missing,
 * because an item of a tree is always an entry of its owner.
 */
async function ownerEntries(
  db: Database,
  ownerId: string,
  actorId: string,
  entryIds: readonly string[],
): Promise<string[]> {
  if (ownerId === actorId) return requireEntries(db, ownerId, entryIds)
  const unique = [...new Set(entryIds)]
  const rows: { id: string; userId: string; channelId: string | null; animeId: string | null }[] =
    []
  for (const part of chunks(unique)) {
    rows.push(
      ...(await db
        .select({
          id: libraryEntry.id,
          userId: libraryEntry.userId,
          channelId: libraryEntry.channelId,
          animeId: libraryEntry.animeId,
        })
        .from(libraryEntry)
        .where(
          and(inArray(libraryEntry.userId, [ownerId, actorId]), inArray(libraryEntry.id, part)),
        )),
    )
  }
  if (rows.length !== unique.length) throw new AppError('ENTRY_NOT_FOUND')
  const mine = rows.filter((row) => row.userId === actorId)
  const mapped = new Map<string, string>()
  if (mine.length > 0) {
    const sourceKey = (row: { channelId: string | null; animeId: string | null }) =>
      row.channelId ? `c:${row.channelId}` : `a:${row.animeId ?? ''}`
    await db
      .insert(libraryEntry)
      .values(
        mine.map((row) =>
          row.channelId
            ? { userId: ownerId, kind: 'channel' as const, channelId: row.channelId }
            : { userId: ownerId, kind: 'anime' as const, animeId: row.animeId },
        ),
      )
      .onConflictDoNothing()
    const channelIds = mine.flatMap((row) => (row.channelId ? [row.channelId] : []))
    const animeIds = mine.flatMap((row) => (row.animeId ? [row.animeId] : []))
    const owned = await db
      .select({
        id: libraryEntry.id,
        channelId: libraryEntry.channelId,
        animeId: libraryEntry.animeId,
      })
      .from(libraryEntry)
      .where(
        and(
          eq(libraryEntry.userId, ownerId),
          or(
            channelIds.length > 0 ? inArray(libraryEntry.channelId, channelIds) : undefined,
            animeIds.length > 0 ? inArray(libraryEntry.animeId, animeIds) : undefined,
          ),
        ),
      )
    const byKey = new Map(owned.map((row) => [sourceKey(row), row.id]))
    for (const row of mine) {
      const id = byKey.get(sourceKey(row))
      if (!id) throw new AppError('ENTRY_NOT_FOUND')
      mapped.set(row.id, id)
    }
  }
  return [...new Set(unique.map((id) => mapped.get(id) ?? id))]
}

/** Details of an item.added / item.removed row: the count, and the title when there is one item. */
async function itemDetails(
  db: Database,
  groupName: string,
  entryIds: readonly string[],
): Promise<ActivityDetails> {
  const [only] = entryIds
  if (entryIds.length !== 1 || only === undefined)
    return { name: groupName, count: entryIds.length }
  const [row] = await db
    .select({ alias: libraryEntry.alias, channelTitle: channel.title, animeTitle: anime.title })
    .from(libraryEntry)
    .leftJoin(channel, eq(channel.id, libraryEntry.channelId))
    .leftJoin(anime, eq(anime.id, libraryEntry.animeId))
    .where(eq(libraryEntry.id, only))
  const title = row?.alias || row?.channelTitle || row?.animeTitle || null
  return { name: groupName, count: 1, title }
}

/** Appends the entries not yet in the group, in the order given. */
async function appendItems(
  db: Database,
  actor: Actor,
  groupId: string,
  entryIds: readonly string[],
): Promise<{ added: string[]; alreadyThere: number }> {
  const present = new Set<string>()
  for (const part of chunks(entryIds)) {
    const rows = await db
      .select({ entryId: groupItem.entryId })
      .from(groupItem)
      .where(and(eq(groupItem.groupId, groupId), inArray(groupItem.entryId, part)))
    for (const row of rows) present.add(row.entryId)
  }
  const fresh = entryIds.filter((id) => !present.has(id))
  if (fresh.length > 0) {
    const [last] = await db
      .select({ position: groupItem.position })
      .from(groupItem)
      .where(eq(groupItem.groupId, groupId))
      .orderBy(desc(groupItem.position))
      .limit(1)
    const keys = appendKeys(last?.position, fresh.length)
    const rows = fresh.map((entryId, at) => ({
      groupId,
      entryId,
      position: keys[at] ?? '',
      addedBy: actor.id,
    }))
    for (const part of chunks(rows)) await db.insert(groupItem).values(part)
  }
  return { added: fresh, alreadyThere: present.size }
}

/** Places library entries in a group (after the last item), skipping those already there. */
export async function addItems(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupItemsSchema>,
): Promise<AddResult> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'edit')
    const entryIds = await ownerEntries(tx, target.ownerId, actor.id, input.entryIds)
    await lockTree(tx, target.ownerId)
    const { added, alreadyThere } = await appendItems(tx, actor, target.id, entryIds)
    if (added.length > 0) {
      await recordActivity(tx, actor, target.ownerId, [
        {
          groupId: target.id,
          action: 'item.added',
          details: await itemDetails(tx, target.name, added),
        },
      ])
    }
    return { added: added.length, alreadyThere }
  })
}

/** Takes entries out of a group; the library keeps them. */
export async function removeItems(
  db: Database,
  actor: Actor,
  input: z.infer<typeof groupItemsSchema>,
): Promise<RemoveResult> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'edit')
    const entryIds = await requireEntries(tx, target.ownerId, input.entryIds)
    const removed: string[] = []
    for (const part of chunks(entryIds)) {
      const rows = await tx
        .delete(groupItem)
        .where(and(eq(groupItem.groupId, target.id), inArray(groupItem.entryId, part)))
        .returning({ entryId: groupItem.entryId })
      removed.push(...rows.map((row) => row.entryId))
    }
    if (removed.length > 0) {
      await recordActivity(tx, actor, target.ownerId, [
        {
          groupId: target.id,
          action: 'item.removed',
          details: await itemDetails(tx, target.name, removed),
        },
      ])
    }
    return { removed: removed.length }
  })
}

/** Moves entries from one group to another (remove + add, one transaction). */
export async function moveItems(
  db: Database,
  actor: Actor,
  input: z.infer<typeof moveItemsSchema>,
): Promise<MoveItemsResult> {
  return db.transaction(async (tx) => {
    const { group: from } = await requireGroup(tx, actor.id, input.fromGroupId, 'edit')
    const { group: to } = await requireGroup(tx, actor.id, input.toGroupId, 'edit')
    if (from.ownerId !== to.ownerId) throw new AppError('GROUP_NOT_FOUND')
    const entryIds = await requireEntries(tx, to.ownerId, input.entryIds)
    if (from.id === to.id) return { moved: 0, alreadyThere: entryIds.length }
    await lockTree(tx, to.ownerId)
    for (const part of chunks(entryIds)) {
      await tx
        .delete(groupItem)
        .where(and(eq(groupItem.groupId, from.id), inArray(groupItem.entryId, part)))
    }
    const result = await appendItems(tx, actor, to.id, entryIds)
    await recordActivity(tx, actor, to.ownerId, [
      {
        groupId: to.id,
        action: 'item.moved',
        details: { from: from.name, to: to.name, count: entryIds.length },
      },
    ])
    return { moved: entryIds.length, alreadyThere: result.alreadyThere }
  })
}

/** Adds entries to another group, keeping them where they are. */
export async function copyItems(
  db: Database,
  actor: Actor,
  input: z.infer<typeof copyItemsSchema>,
): Promise<AddResult> {
  return addItems(db, actor, { groupId: input.toGroupId, entryIds: input.entryIds })
}

/** Places one item after `afterId` (null = first) within its group. */
export async function reorderItem(
  db: Database,
  actor: Actor,
  input: z.infer<typeof reorderItemSchema>,
): Promise<ItemPlacement> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'edit')
    await lockTree(tx, target.ownerId)
    const positionOf = async (entryId: string) => {
      const [row] = await tx
        .select({ position: groupItem.position })
        .from(groupItem)
        .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
        .where(
          and(
            eq(groupItem.groupId, target.id),
            eq(groupItem.entryId, entryId),
            eq(libraryEntry.userId, target.ownerId),
          ),
        )
      if (!row) throw new AppError('ENTRY_NOT_FOUND')
      return row.position
    }
    const current = await positionOf(input.entryId)
    if (input.afterId === input.entryId) return { entryId: input.entryId, position: current }
    const before = input.afterId === null ? null : await positionOf(input.afterId)
    const [next] = await tx
      .select({ position: groupItem.position })
      .from(groupItem)
      .where(
        and(
          eq(groupItem.groupId, target.id),
          ne(groupItem.entryId, input.entryId),
          before === null ? undefined : gt(groupItem.position, before),
        ),
      )
      .orderBy(asc(groupItem.position))
      .limit(1)
    const position = keyBetween(before, next?.position)
    await tx
      .update(groupItem)
      .set({ position })
      .where(and(eq(groupItem.groupId, target.id), eq(groupItem.entryId, input.entryId)))
    return { entryId: input.entryId, position }
  })
}
