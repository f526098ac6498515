import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { group, groupActivity, groupItem, libraryEntry } from '~/db/schema'
import { codeOf, errorOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import * as activity from './activity.server'
import * as groups from './groups.server'
import * as items from './items.server'
import * as tree from './tree.server'

/*
 * groups.server.ts against a real migrated database: every rule of the tree
 * (names, depth, cycles, versions), the group page's detail, delete, and
 * concurrent writes.
 */

const world = groupsWorld(db)

describe('createGroup', () => {
  it('appends among siblings with the default icon and colour, and records it', async () => {
    const alice = await world.actor('Alice')
    const first = await world.create(alice, 'Tech')
    const second = await world.create(alice, 'Cooking')
    const child = await world.create(alice, 'Reviews', first.id, { icon: 'emoji:📱', color: 'red' })
    expect(first.icon).toBe('lucide:folder')
    expect(first.color).toBe('blue')
    expect(first.position < second.position).toBe(true)
    expect(child).toMatchObject({ parentId: first.id, icon: 'emoji:📱', color: 'red', version: 1 })

    const log = await activity.listActivity(db, alice, { groupId: child.id })
    expect(log).toEqual([
      expect.objectContaining({
        action: 'group.created',
        actorName: 'Alice',
        details: { name: 'Reviews', parent: 'Tech' },
      }),
    ])
  })

  it('takes icon and colour defaults from the user settings', async () => {
    const alice = await world.actor('Alice')
    await tree.updateGroupSettings(db, alice, {
      defaultIcon: 'emoji:🎬',
      defaultColor: 'teal',
      defaultSort: 'name',
      treeExpanded: false,
      showCounts: false,
    })
    const created = await world.create(alice, 'Films')
    expect(created).toMatchObject({ icon: 'emoji:🎬', color: 'teal', expanded: false })
  })

  it('refuses a sibling name in any case or script, but not under another parent', async () => {
    const alice = await world.actor('Alice')
    const top = await world.create(alice, 'Ärzte')
    for (const name of ['ärzte', 'ÄRZTE', 'A\u0308rzte']) {
      const error = await errorOf(world.create(alice, name))
      expect(error.code).toBe('GROUP_NAME_TAKEN')
      expect(error.params).toEqual({ name })
    }
    await world.create(alice, 'Москва')
    expect(await codeOf(world.create(alice, 'МОСКВА'))).toBe('GROUP_NAME_TAKEN')
    expect(await codeOf(world.create(alice, 'ärzte', top.id))).toBe('ok')
    // Another user's tree is another namespace.
    expect(await codeOf(world.create(await world.actor('Bob'), 'Ärzte'))).toBe('ok')
  })

  it('allows exactly ten levels', async () => {
    const alice = await world.actor('Alice')
    const ids = await world.chain(alice, 10, 'Level')
    const error = await errorOf(world.create(alice, 'Level 11', ids.at(-1) ?? null))
    expect(error.code).toBe('GROUP_DEPTH_LIMIT')
    expect(error.params).toEqual({ max: 10 })
    expect(await codeOf(world.create(alice, 'Sibling of 10', ids[8] ?? null))).toBe('ok')
  })
})

describe('updateGroup', () => {
  it('refuses the second of two edits made from the same version', async () => {
    const alice = await world.actor('Alice')
    const created = await world.create(alice, 'Tech')
    const edit = { id: created.id, version: 1, description: '', icon: null, color: null }
    expect(await groups.updateGroup(db, alice, { ...edit, name: 'First' })).toEqual({
      id: created.id,
      version: 2,
    })
    expect(await codeOf(groups.updateGroup(db, alice, { ...edit, name: 'Second' }))).toBe(
      'STALE_VERSION',
    )
    expect(await world.groupRow(created.id)).toMatchObject({ name: 'First', version: 2 })
  })

  it('lets only one of two concurrent edits win', async () => {
    const alice = await world.actor('Alice')
    const created = await world.create(alice, 'Tech')
    const edit = { id: created.id, version: 1, description: '', icon: null, color: null }
    const results = await Promise.all(
      ['One', 'Two'].map((name) => codeOf(groups.updateGroup(db, alice, { ...edit, name }))),
    )
    expect(results.sort()).toEqual(['STALE_VERSION', 'ok'])
    expect((await world.groupRow(created.id)).version).toBe(2)
  })

  it('renames (a case change of its own name included) and records what changed', async () => {
    const alice = await world.actor('Alice')
    const created = await world.create(alice, 'tech')
    await world.create(alice, 'Cooking')
    const base = { id: created.id, description: '', icon: created.icon, color: created.color }
    await groups.updateGroup(db, alice, { ...base, version: 1, name: 'Tech' })
    expect(
      await codeOf(groups.updateGroup(db, alice, { ...base, version: 2, name: 'cooking' })),
    ).toBe('GROUP_NAME_TAKEN')
    await groups.updateGroup(db, alice, {
      ...base,
      version: 2,
      name: 'Tech',
      description: 'Gadgets',
      color: 'green',
    })
    const row = await world.groupRow(created.id)
    expect(row).toMatchObject({ name: 'Tech', description: 'Gadgets', color: 'green', version: 3 })
    const actions = (await activity.listActivity(db, alice, { groupId: created.id })).map(
      (entry) => [entry.action, entry.details],
    )
    expect(actions).toEqual([
      ['group.updated', { name: 'Tech' }],
      ['group.renamed', { from: 'tech', to: 'Tech' }],
      ['group.created', { name: 'tech', parent: null }],
    ])
  })
})

describe('moveGroup', () => {
  it('moves under another group, to the top level, and reorders among siblings', async () => {
    const alice = await world.actor('Alice')
    const a = await world.create(alice, 'A')
    const b = await world.create(alice, 'B')
    const c = await world.create(alice, 'C')
    const moved = await groups.moveGroup(db, alice, { id: c.id, version: 1, parentId: a.id })
    expect(moved).toMatchObject({ id: c.id, version: 2, parentId: a.id })

    await groups.moveGroup(db, alice, { id: c.id, version: 2, parentId: null, afterId: null })
    await groups.moveGroup(db, alice, { id: a.id, version: 1, parentId: null, afterId: b.id })
    const { groups: nodes } = await tree.getGroupTree(db, alice)
    const order = nodes
      .filter((node) => node.parentId === null)
      .sort((x, y) => (x.position < y.position ? -1 : 1))
      .map((node) => node.name)
    expect(order).toEqual(['C', 'B', 'A'])

    const moves = (await activity.listActivity(db, alice, { groupId: c.id }))
      .filter((entry) => entry.action === 'group.moved')
      .map((entry) => entry.details)
    expect(moves).toEqual([
      { name: 'C', from: 'A', to: null },
      { name: 'C', from: null, to: 'A' },
    ])
    // A pure reorder leaves no audit line.
    const aMoves = (await activity.listActivity(db, alice, { groupId: a.id })).filter(
      (entry) => entry.action === 'group.moved',
    )
    expect(aMoves).toEqual([])
  })

  it('refuses a cycle: into itself or its own subtree', async () => {
    const alice = await world.actor('Alice')
    const [top, middle, leaf] = await world.chain(alice, 3, 'Node')
    if (!top || !middle || !leaf) throw new Error('chain')
    expect(await codeOf(groups.moveGroup(db, alice, { id: top, version: 1, parentId: top }))).toBe(
      'GROUP_CYCLE',
    )
    expect(await codeOf(groups.moveGroup(db, alice, { id: top, version: 1, parentId: leaf }))).toBe(
      'GROUP_CYCLE',
    )
    expect((await world.groupRow(top)).parentId).toBeNull()
  })

  it('checks depth as new parent depth plus moved subtree height, exactly at 10', async () => {
    const alice = await world.actor('Alice')
    const spine = await world.chain(alice, 9, 'Spine')
    const [pairTop] = await world.chain(alice, 2, 'Pair')
    if (!pairTop) throw new Error('chain')
    // Under depth 8: 8 + 2 = 10, allowed.
    expect(
      await codeOf(
        groups.moveGroup(db, alice, { id: pairTop, version: 1, parentId: spine[7] ?? null }),
      ),
    ).toBe('ok')
    // Under depth 9: 9 + 2 = 11, refused.
    const error = await errorOf(
      groups.moveGroup(db, alice, { id: pairTop, version: 2, parentId: spine[8] ?? null }),
    )
    expect(error.code).toBe('GROUP_DEPTH_LIMIT')
    expect(error.params).toEqual({ max: 10 })
    expect((await world.groupRow(pairTop)).parentId).toBe(spine[7])
  })

  it('refuses a sibling-name clash at the destination and a stale version', async () => {
    const alice = await world.actor('Alice')
    const a = await world.create(alice, 'A')
    await world.create(alice, 'News', a.id)
    const news = await world.create(alice, 'NEWS')
    const error = await errorOf(
      groups.moveGroup(db, alice, { id: news.id, version: 1, parentId: a.id }),
    )
    expect(error.code).toBe('GROUP_NAME_TAKEN')
    expect(error.params).toEqual({ name: 'NEWS' })
    expect(
      await codeOf(groups.moveGroup(db, alice, { id: a.id, version: 7, parentId: null })),
    ).toBe('STALE_VERSION')
    expect(
      await codeOf(
        groups.moveGroup(db, alice, {
          id: a.id,
          version: 1,
          parentId: null,
          afterId: crypto.randomUUID(),
        }),
      ),
    ).toBe('GROUP_NOT_FOUND')
  })
})

describe('getGroupDetail', () => {
  it('details a group: breadcrumbs, subgroup totals with descendants, items in order', async () => {
    const alice = await world.actor('Alice')
    const [tech, reviews] = await world.chain(alice, 2, 'Level')
    if (!tech || !reviews) throw new Error('chain')
    const phones = await world.create(alice, 'Phones', reviews)
    const laptops = await world.create(alice, 'Laptops', reviews)
    await world.create(alice, 'Deep', phones.id)
    const entries = await world.entries(alice, 4)
    await db
      .update(libraryEntry)
      .set({ alias: 'My favourite' })
      .where(eq(libraryEntry.id, entries[1] ?? ''))
    await items.addItems(db, alice, { groupId: reviews, entryIds: entries.slice(0, 2) })
    await items.addItems(db, alice, { groupId: phones.id, entryIds: entries.slice(0, 3) })
    await items.addItems(db, alice, { groupId: laptops.id, entryIds: entries.slice(3) })

    const detail = await groups.getGroupDetail(db, alice, { id: phones.id })
    expect(detail.role).toBe('owner')
    expect(detail.ancestors.map((crumb) => crumb.name)).toEqual(['Level 1', 'Level 2'])
    expect(detail.group).toMatchObject({ id: phones.id, channelCount: 3 })
    expect(detail.items.map((item) => item.title)).toEqual([
      'Channel 0',
      'My favourite',
      'Channel 2',
    ])
    expect(detail.items[1]).toMatchObject({ originalTitle: 'Channel 1', kind: 'channel' })

    const middle = await groups.getGroupDetail(db, alice, { id: reviews })
    expect(
      middle.children.map((child) => [child.name, child.totalCount, child.subgroupCount]),
    ).toEqual([
      ['Phones', 3, 1],
      ['Laptops', 1, 0],
    ])
    expect(middle.items).toHaveLength(2)
    const top = await groups.getGroupDetail(db, alice, { id: tech })
    expect(top.ancestors).toEqual([])
    expect(top.children.map((child) => child.totalCount)).toEqual([6])
  })
})

describe('delete', () => {
  it('previews and deletes a subtree with its items (to the trash); library entries stay', async () => {
    const alice = await world.actor('Alice')
    const root = await world.create(alice, 'Root')
    const doomed = await world.create(alice, 'Doomed', root.id)
    const child = await world.create(alice, 'Child', doomed.id)
    await world.create(alice, 'Grandchild', child.id)
    const entries = await world.entries(alice, 3)
    await items.addItems(db, alice, { groupId: doomed.id, entryIds: entries })
    await items.addItems(db, alice, { groupId: child.id, entryIds: entries.slice(0, 2) })
    await items.addItems(db, alice, { groupId: root.id, entryIds: entries.slice(0, 1) })

    expect(await groups.getDeletePreview(db, alice, { id: doomed.id })).toEqual({
      subgroups: 2,
      items: 5,
    })
    expect(await codeOf(groups.deleteGroup(db, alice, { id: doomed.id, version: 9 }))).toBe(
      'STALE_VERSION',
    )
    expect(await groups.deleteGroup(db, alice, { id: doomed.id, version: 1 })).toEqual({
      subgroups: 2,
      items: 5,
    })
    const left = await db.select({ id: group.id }).from(group).where(eq(group.ownerId, alice.id))
    expect(left.map((row) => row.id)).toEqual([root.id])
    const library = await db
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, alice.id))
    expect(library).toHaveLength(3)
    const rootItems = await db.select().from(groupItem).where(eq(groupItem.groupId, root.id))
    expect(rootItems).toHaveLength(1)

    const [deletion] = await activity.listActivity(db, alice, { groupId: root.id })
    expect(deletion).toMatchObject({
      action: 'group.deleted',
      details: { name: 'Doomed', subgroups: 2, items: 5 },
    })
    // The deleted groups' own lines went to the trash with them (decision 0053).
    const created = await db
      .select()
      .from(groupActivity)
      .where(and(eq(groupActivity.ownerId, alice.id), eq(groupActivity.action, 'group.created')))
    expect(created.map((row) => row.groupId)).toEqual([root.id])
  })
})

describe('races', () => {
  it('lets one of two concurrent same-name creates win; the other is told the name is taken', async () => {
    const alice = await world.actor('Alice')
    const results = await Promise.all([
      codeOf(world.create(alice, 'Twins')),
      codeOf(world.create(alice, 'TWINS')),
    ])
    expect(results.sort()).toEqual(['GROUP_NAME_TAKEN', 'ok'])
    const rows = await db.select().from(group).where(eq(group.ownerId, alice.id))
    expect(rows).toHaveLength(1)
  })

  it('never builds a cycle from crossing moves at once', async () => {
    const alice = await world.actor('Alice')
    const pairs: [string, string][] = []
    for (let at = 0; at < 6; at += 1) {
      pairs.push([
        (await world.create(alice, `A${at}`)).id,
        (await world.create(alice, `B${at}`)).id,
      ])
    }
    const results = await Promise.all(
      pairs.flatMap(([a, b]) => [
        codeOf(groups.moveGroup(db, alice, { id: a, version: 1, parentId: b })),
        codeOf(groups.moveGroup(db, alice, { id: b, version: 1, parentId: a })),
      ]),
    )
    expect(results.filter((result) => result === 'ok')).toHaveLength(6)
    expect(results.filter((result) => result === 'GROUP_CYCLE')).toHaveLength(6)
    const rows = await db.select().from(group).where(eq(group.ownerId, alice.id))
    expect(rows.filter((row) => row.parentId === null)).toHaveLength(6)
  })

  it('appends concurrently without a position clash', async () => {
    const alice = await world.actor('Alice')
    const names = Array.from({ length: 8 }, (_, at) => `Sibling ${at}`)
    const results = await Promise.all(names.map((name) => codeOf(world.create(alice, name))))
    expect(results).toEqual(names.map(() => 'ok'))
  })
})
