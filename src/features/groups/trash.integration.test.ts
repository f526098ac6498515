import { asc, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '~/db/raw-rows.server'
import { group, groupInvitation, groupTrash, groupVisit, shareLink } from '~/db/schema'
import { anyOf } from '~/db/value-lists'
import { grantRole } from '~/seed/factories/organiser.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import { findGroupAccess } from './access.server'
import * as groups from './groups.server'
import * as items from './items.server'
import * as trash from './trash.server'
import { purgeExpiredTrash } from './trash-purge.server'
import * as tree from './tree.server'

/* The trash (decision 0053): delete, restore, purge, and who may. */

const world = groupsWorld(db)

/** Every row of every table pointing at the groups, sorted so two reads compare. */
async function rowsOfGroups(ids: readonly string[]) {
  const tables: [string, PgTable, string][] = [
    ['group', group, 'id'],
    ...trash.TRASH_HELD_TABLES.map((held): [string, PgTable, string] => [
      getTableName(held.table),
      held.table,
      'group_id',
    ]),
  ]
  const out: Record<string, unknown[]> = {}
  for (const [name, table, column] of tables) {
    const rows = rowsOf(
      await db.execute(
        sql`select to_jsonb(t) as row from ${table} t where t.${sql.identifier(column)} = any(${sql.param([...ids])}::uuid[])`,
      ),
    ).map((row) => JSON.stringify(row.row))
    out[name] = rows.sort()
  }
  return out
}

/** A shared subtree with items, grants, a link, an invitation, folds, visits and activity. */
async function sharedWorld(label: string) {
  const owner = await world.actor(`${label} owner`)
  const editor = await world.actor(`${label} editor`)
  const viewer = await world.actor(`${label} viewer`)
  const top = await world.create(owner, `${label} top`)
  const shared = await world.create(owner, 'Shared', top.id)
  const child = await world.create(owner, 'Child', shared.id)
  const grandchild = await world.create(owner, 'Grandchild', child.id)
  const entries = await world.entries(owner, 5)
  await items.addItems(db, owner, { groupId: shared.id, entryIds: entries.slice(0, 3) })
  await items.addItems(db, owner, { groupId: child.id, entryIds: entries.slice(2, 5) })
  await items.removeItems(db, owner, { groupId: child.id, entryIds: entries.slice(4, 5) })
  await grantRole(db, shared.id, editor.id, 'editor')
  await grantRole(db, child.id, viewer.id, 'viewer')
  await db.insert(shareLink).values({
    tokenHash: `hash-${label}`,
    groupId: shared.id,
    permission: 'view',
    createdBy: owner.id,
  })
  await db.insert(groupInvitation).values({
    groupId: child.id,
    email: `${label}@example.test`.toLowerCase().replaceAll(' ', '-'),
    role: 'viewer',
    tokenHash: `invite-${label}`,
    invitedBy: owner.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  })
  await db.insert(groupVisit).values({ userId: editor.id, groupId: shared.id })
  await tree.foldGroup(db, owner, { id: child.id, expanded: false })
  await tree.foldGroup(db, editor, { id: child.id, expanded: false })
  const ids = [shared.id, child.id, grandchild.id]
  return { owner, editor, viewer, top, shared, child, grandchild, entries, ids }
}

/** Deletes as `actor`, at the version the owner's tree shows. */
async function remove(actor: Actor, id: string, owner: Actor) {
  const node = (await tree.getGroupTree(db, owner)).groups.find((g) => g.id === id)
  if (!node) throw new Error(`no group ${id}`)
  return groups.deleteGroup(db, actor, { id, version: node.version })
}

describe('trash', () => {
  it('holds every table that points at a group', async () => {
    const referencing = rowsOf(
      await db.execute(sql`select distinct c.conrelid::regclass::text as name
        from pg_constraint c where c.contype = 'f' and c.confrelid = '"group"'::regclass`),
    ).map((row) => String(row.name).replaceAll('"', ''))
    const held = [...trash.TRASH_HELD_TABLES.map((spec) => getTableName(spec.table)), 'group']
    expect(referencing.sort()).toEqual(held.sort())
  })

  it('deletes a shared subtree out of sight and restores it exactly as it was', async () => {
    const w = await sharedWorld('Exact')
    const treeBefore = await tree.getGroupTree(db, w.owner)
    const etagBefore = (await tree.getGroupTreeWire(db, w.owner)).etag
    const rowsBefore = await rowsOfGroups(w.ids)
    expect(rowsBefore.group_item).toHaveLength(5)
    expect(rowsBefore.group_member).toHaveLength(2)
    expect(rowsBefore.group_activity?.length).toBeGreaterThan(3)
    expect(await findGroupAccess(db, w.editor.id, w.child.id)).not.toBeNull()

    const removed = await remove(w.owner, w.shared.id, w.owner)
    expect(removed).toEqual({ subgroups: 2, items: 5 })

    // Out of every read: the tree, the rows, the members' access.
    const treeTrashed = await tree.getGroupTree(db, w.owner)
    expect(treeTrashed.groups.map((g) => g.id)).toEqual([w.top.id])
    // The cached tree and its ETag followed the trigger's new version.
    expect((await tree.getGroupTreeWire(db, w.owner)).etag).not.toBe(etagBefore)
    expect(Object.values(await rowsOfGroups(w.ids)).flat()).toEqual([])
    for (const member of [w.editor, w.viewer]) {
      expect(await findGroupAccess(db, member.id, w.child.id)).toBeNull()
      expect(await codeOf(groups.getGroupDetail(db, member, { id: w.shared.id }))).toBe(
        'GROUP_NOT_FOUND',
      )
    }
    expect(await trash.listTrash(db, w.owner)).toEqual([
      expect.objectContaining({
        id: w.shared.id,
        name: 'Shared',
        path: ['Exact top'],
        subgroupCount: 2,
        itemCount: 5,
      }),
    ])

    const restored = await trash.restoreGroup(db, w.owner, { id: w.shared.id })
    expect(restored).toEqual({ id: w.shared.id, parentId: w.top.id, movedToTop: false })
    expect(await rowsOfGroups(w.ids)).toEqual(rowsBefore)
    expect((await tree.getGroupTree(db, w.owner)).groups).toEqual(treeBefore.groups)
    expect((await tree.getGroupTreeWire(db, w.owner)).etag).toBe(etagBefore)
    expect(await findGroupAccess(db, w.editor.id, w.child.id)).not.toBeNull()
    expect(await findGroupAccess(db, w.viewer.id, w.grandchild.id)).not.toBeNull()
    expect(await trash.listTrash(db, w.owner)).toEqual([])
  })

  it('lets only the owner, or an editor of the old parent, restore or purge', async () => {
    const w = await sharedWorld('Who')
    const stranger = await world.actor('Who stranger')
    await remove(w.owner, w.shared.id, w.owner)
    for (const actor of [stranger, w.editor, w.viewer]) {
      // Shared's parent is the owner's private group: nobody else has a role there.
      expect(await codeOf(trash.restoreGroup(db, actor, { id: w.shared.id }))).toBe(
        'GROUP_NOT_FOUND',
      )
      expect(await codeOf(trash.purgeGroup(db, actor, { id: w.shared.id }))).toBe('GROUP_NOT_FOUND')
      expect(await trash.listTrash(db, actor)).toEqual([])
    }
    await trash.restoreGroup(db, w.owner, { id: w.shared.id })

    // The editor deletes inside their grant, sees it in their trash and may undo it.
    await remove(w.editor, w.child.id, w.owner)
    expect((await trash.listTrash(db, w.editor)).map((row) => row.id)).toEqual([w.child.id])
    expect(await codeOf(trash.restoreGroup(db, stranger, { id: w.child.id }))).toBe(
      'GROUP_NOT_FOUND',
    )
    expect(await codeOf(trash.restoreGroup(db, w.viewer, { id: w.grandchild.id }))).toBe(
      'GROUP_NOT_FOUND',
    )
    expect(await trash.restoreGroup(db, w.editor, { id: w.child.id })).toMatchObject({
      parentId: w.shared.id,
    })
    // Twice is refused: it is back already.
    expect(await codeOf(trash.restoreGroup(db, w.editor, { id: w.child.id }))).toBe(
      'GROUP_NOT_FOUND',
    )
    await remove(w.editor, w.child.id, w.owner)
    await trash.purgeGroup(db, w.editor, { id: w.child.id })
    expect(await trash.listTrash(db, w.owner)).toEqual([])
  })

  it('brings a group back at the top level when its parent is gone, and refuses a taken name', async () => {
    const owner = await world.actor('Orphan owner')
    const parent = await world.create(owner, 'Parent')
    const inner = await world.create(owner, 'Inner', parent.id)
    await remove(owner, inner.id, owner)
    await remove(owner, parent.id, owner)
    expect(await trash.restoreGroup(db, owner, { id: inner.id })).toEqual({
      id: inner.id,
      parentId: null,
      movedToTop: true,
    })
    // Parent comes back without Inner (restored on its own already).
    await trash.restoreGroup(db, owner, { id: parent.id })
    const names = (await tree.getGroupTree(db, owner)).groups.map((g) => [g.name, g.parentId])
    expect(names).toEqual(
      expect.arrayContaining([
        ['Inner', null],
        ['Parent', null],
      ]),
    )

    const again = await world.create(owner, 'Again')
    await remove(owner, again.id, owner)
    await world.create(owner, 'Again')
    expect(await codeOf(trash.restoreGroup(db, owner, { id: again.id }))).toBe('GROUP_NAME_TAKEN')
  })

  it('purges what was deleted more than 30 days ago, for good', async () => {
    const owner = await world.actor('Purge owner')
    const old = await world.create(owner, 'Old')
    await remove(owner, old.id, owner)
    const now = Date.now()
    expect(await purgeExpiredTrash(db, new Date(now + 29 * 86_400_000))).toBe(0)
    expect(await trash.listTrash(db, owner)).toHaveLength(1)
    expect(await purgeExpiredTrash(db, new Date(now + 31 * 86_400_000))).toBeGreaterThanOrEqual(1)
    expect(
      await db
        .select()
        .from(groupTrash)
        .where(anyOf(groupTrash.id, [old.id]))
        .orderBy(asc(groupTrash.id)),
    ).toEqual([])
    expect(await codeOf(trash.restoreGroup(db, owner, { id: old.id }))).toBe('GROUP_NOT_FOUND')
  })
})
