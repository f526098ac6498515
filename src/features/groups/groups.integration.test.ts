import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '~/db/client.server'
import {
  addToLibrary,
  fakeChannelId,
  grantRole,
  seededRandom,
  upsertCatalogue,
} from '~/db/factories/organiser.server'
import { createActor } from '~/db/factories/users.server'
import { group, groupActivity, groupItem, libraryEntry } from '~/db/schema'
import { AppError, type ErrorCode } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { parseGroupTree } from './groups.schemas'
import * as groups from './groups.server'

/*
 * groups.server.ts against a real migrated database: every rule of the tree
 * (names, depth, cycles, versions), items, activity, and one table that
 * proves each exported function hides the first user's rows from a second.
 */

let db: Database
const random = seededRandom(7)

beforeAll(async () => {
  db = await getDb()
})

/** Library entries (channels, or animes) for a user, in order. */
async function makeEntries(
  owner: Actor,
  count: number,
  kind: 'channel' | 'anime' = 'channel',
): Promise<string[]> {
  if (kind === 'anime') {
    const animes = Array.from({ length: count }, (_, at) => ({
      id: `G${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
      slug: `anime-${at}`,
      title: `Anime ${at}`,
    }))
    await upsertCatalogue(db, { animes })
    const ids = await addToLibrary(db, owner.id, { animeIds: animes.map((row) => row.id) })
    return animes.map((row) => ids.get(row.id) ?? '')
  }
  const channels = Array.from({ length: count }, (_, at) => ({
    id: fakeChannelId(random),
    title: `Channel ${at}`,
    handle: `channel${at}`,
    subscriberCount: 1000 * (at + 1),
  }))
  await upsertCatalogue(db, { channels })
  const ids = await addToLibrary(db, owner.id, { channelIds: channels.map((row) => row.id) })
  return channels.map((row) => ids.get(row.id) ?? '')
}

type CreateInput = Parameters<typeof groups.createGroup>[2]
function create(
  actor: Actor,
  name: string,
  parentId: string | null = null,
  extra: Partial<CreateInput> = {},
) {
  return groups.createGroup(db, actor, {
    name,
    parentId,
    description: '',
    icon: null,
    color: null,
    ...extra,
  })
}

/** The code of the AppError a call throws; anything else fails the test. */
async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | 'ok'> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected an AppError')
}

async function current(id: string) {
  const [row] = await db.select().from(group).where(eq(group.id, id))
  if (!row) throw new Error(`group ${id} is gone`)
  return row
}

async function chain(actor: Actor, length: number, prefix: string): Promise<string[]> {
  const ids: string[] = []
  for (let level = 0; level < length; level += 1) {
    const created = await create(actor, `${prefix} ${level + 1}`, ids.at(-1) ?? null)
    ids.push(created.id)
  }
  return ids
}

describe('createGroup', () => {
  it('appends among siblings with the default icon and colour, and records it', async () => {
    const alice = await createActor(db, 'Alice')
    const first = await create(alice, 'Tech')
    const second = await create(alice, 'Cooking')
    const child = await create(alice, 'Reviews', first.id, { icon: 'emoji:📱', color: 'red' })
    expect(first.icon).toBe('lucide:folder')
    expect(first.color).toBe('blue')
    expect(first.position < second.position).toBe(true)
    expect(child).toMatchObject({ parentId: first.id, icon: 'emoji:📱', color: 'red', version: 1 })

    const activity = await groups.listActivity(db, alice, { groupId: child.id })
    expect(activity).toEqual([
      expect.objectContaining({
        action: 'group.created',
        actorName: 'Alice',
        details: { name: 'Reviews', parent: 'Tech' },
      }),
    ])
  })

  it('takes icon and colour defaults from the user settings', async () => {
    const alice = await createActor(db, 'Alice')
    await groups.updateGroupSettings(db, alice, {
      defaultIcon: 'emoji:🎬',
      defaultColor: 'teal',
      defaultSort: 'name',
      treeExpanded: false,
      showCounts: false,
    })
    const created = await create(alice, 'Films')
    expect(created).toMatchObject({ icon: 'emoji:🎬', color: 'teal', expanded: false })
  })

  it('refuses a sibling name in any case or script, but not under another parent', async () => {
    const alice = await createActor(db, 'Alice')
    const top = await create(alice, 'Ärzte')
    for (const name of ['ärzte', 'ÄRZTE', 'A\u0308rzte']) {
      const error = await errorOf(create(alice, name))
      expect(error.code).toBe('GROUP_NAME_TAKEN')
      expect(error.params).toEqual({ name })
    }
    await create(alice, 'Москва')
    expect(await codeOf(create(alice, 'МОСКВА'))).toBe('GROUP_NAME_TAKEN')
    expect(await codeOf(create(alice, 'ärzte', top.id))).toBe('ok')
    // Another user's tree is another namespace.
    expect(await codeOf(create(await createActor(db, 'Bob'), 'Ärzte'))).toBe('ok')
  })

  it('allows exactly ten levels', async () => {
    const alice = await createActor(db, 'Alice')
    const ids = await chain(alice, 10, 'Level')
    const error = await errorOf(create(alice, 'Level 11', ids.at(-1) ?? null))
    expect(error.code).toBe('GROUP_DEPTH_LIMIT')
    expect(error.params).toEqual({ max: 10 })
    expect(await codeOf(create(alice, 'Sibling of 10', ids[8] ?? null))).toBe('ok')
  })
})

describe('updateGroup', () => {
  it('refuses the second of two edits made from the same version', async () => {
    const alice = await createActor(db, 'Alice')
    const created = await create(alice, 'Tech')
    const edit = { id: created.id, version: 1, description: '', icon: null, color: null }
    expect(await groups.updateGroup(db, alice, { ...edit, name: 'First' })).toEqual({
      id: created.id,
      version: 2,
    })
    expect(await codeOf(groups.updateGroup(db, alice, { ...edit, name: 'Second' }))).toBe(
      'STALE_VERSION',
    )
    expect(await current(created.id)).toMatchObject({ name: 'First', version: 2 })
  })

  it('lets only one of two concurrent edits win', async () => {
    const alice = await createActor(db, 'Alice')
    const created = await create(alice, 'Tech')
    const edit = { id: created.id, version: 1, description: '', icon: null, color: null }
    const results = await Promise.all(
      ['One', 'Two'].map((name) => codeOf(groups.updateGroup(db, alice, { ...edit, name }))),
    )
    expect(results.sort()).toEqual(['STALE_VERSION', 'ok'])
    expect((await current(created.id)).version).toBe(2)
  })

  it('renames (a case change of its own name included) and records what changed', async () => {
    const alice = await createActor(db, 'Alice')
    const created = await create(alice, 'tech')
    await create(alice, 'Cooking')
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
    const row = await current(created.id)
    expect(row).toMatchObject({ name: 'Tech', description: 'Gadgets', color: 'green', version: 3 })
    const actions = (await groups.listActivity(db, alice, { groupId: created.id })).map((entry) => [
      entry.action,
      entry.details,
    ])
    expect(actions).toEqual([
      ['group.updated', { name: 'Tech' }],
      ['group.renamed', { from: 'tech', to: 'Tech' }],
      ['group.created', { name: 'tech', parent: null }],
    ])
  })
})

describe('moveGroup', () => {
  it('moves under another group, to the top level, and reorders among siblings', async () => {
    const alice = await createActor(db, 'Alice')
    const a = await create(alice, 'A')
    const b = await create(alice, 'B')
    const c = await create(alice, 'C')
    const moved = await groups.moveGroup(db, alice, { id: c.id, version: 1, parentId: a.id })
    expect(moved).toMatchObject({ id: c.id, version: 2, parentId: a.id })

    await groups.moveGroup(db, alice, { id: c.id, version: 2, parentId: null, afterId: null })
    await groups.moveGroup(db, alice, { id: a.id, version: 1, parentId: null, afterId: b.id })
    const tree = await groups.getGroupTree(db, alice)
    const order = tree.groups
      .filter((node) => node.parentId === null)
      .sort((x, y) => (x.position < y.position ? -1 : 1))
      .map((node) => node.name)
    expect(order).toEqual(['C', 'B', 'A'])

    const moves = (await groups.listActivity(db, alice, { groupId: c.id }))
      .filter((entry) => entry.action === 'group.moved')
      .map((entry) => entry.details)
    expect(moves).toEqual([
      { name: 'C', from: 'A', to: null },
      { name: 'C', from: null, to: 'A' },
    ])
    // A pure reorder leaves no audit line.
    const aMoves = (await groups.listActivity(db, alice, { groupId: a.id })).filter(
      (entry) => entry.action === 'group.moved',
    )
    expect(aMoves).toEqual([])
  })

  it('refuses a cycle: into itself or its own subtree', async () => {
    const alice = await createActor(db, 'Alice')
    const [top, middle, leaf] = await chain(alice, 3, 'Node')
    if (!top || !middle || !leaf) throw new Error('chain')
    expect(await codeOf(groups.moveGroup(db, alice, { id: top, version: 1, parentId: top }))).toBe(
      'GROUP_CYCLE',
    )
    expect(await codeOf(groups.moveGroup(db, alice, { id: top, version: 1, parentId: leaf }))).toBe(
      'GROUP_CYCLE',
    )
    expect((await current(top)).parentId).toBeNull()
  })

  it('checks depth as new parent depth plus moved subtree height, exactly at 10', async () => {
    const alice = await createActor(db, 'Alice')
    const spine = await chain(alice, 9, 'Spine')
    const [pairTop] = await chain(alice, 2, 'Pair')
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
    expect((await current(pairTop)).parentId).toBe(spine[7])
  })

  it('refuses a sibling-name clash at the destination and a stale version', async () => {
    const alice = await createActor(db, 'Alice')
    const a = await create(alice, 'A')
    await create(alice, 'News', a.id)
    const news = await create(alice, 'NEWS')
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

describe('tree and detail', () => {
  it('answers the whole tree with direct counts by kind and fold state', async () => {
    const alice = await createActor(db, 'Alice')
    const tech = await create(alice, 'Tech')
    const reviews = await create(alice, 'Reviews', tech.id)
    const channels = await makeEntries(alice, 3)
    const animes = await makeEntries(alice, 2, 'anime')
    await groups.addItems(db, alice, { groupId: tech.id, entryIds: [...channels, ...animes] })
    await groups.addItems(db, alice, { groupId: reviews.id, entryIds: channels.slice(0, 1) })
    await groups.foldGroup(db, alice, { id: tech.id, expanded: false })

    const tree = await groups.getGroupTree(db, alice)
    expect(tree.maxDepth).toBe(10)
    expect(tree.settings).toEqual({
      defaultIcon: 'lucide:folder',
      defaultColor: 'blue',
      defaultSort: 'manual',
      treeExpanded: true,
      showCounts: true,
    })
    const byName = new Map(tree.groups.map((node) => [node.name, node]))
    expect(byName.get('Tech')).toMatchObject({ channelCount: 3, animeCount: 2, expanded: false })
    expect(byName.get('Reviews')).toMatchObject({ channelCount: 1, animeCount: 0, expanded: true })
  })

  it('uses the same number of queries for 2 groups and for 60', async () => {
    const alice = await createActor(db, 'Alice')
    await chain(alice, 2, 'Few')
    const few = await countQueries(() => groups.getGroupTree(db, alice))
    for (let at = 0; at < 58; at += 1) await create(alice, `Many ${at}`)
    const entries = await makeEntries(alice, 20)
    const tree = await groups.getGroupTree(db, alice)
    for (const node of tree.groups.slice(0, 20)) {
      await groups.addItems(db, alice, { groupId: node.id, entryIds: entries })
    }
    const many = await countQueries(() => groups.getGroupTree(db, alice))
    expect(many.result.groups).toHaveLength(60)
    expect(many.queries).toBe(few.queries)
    expect(many.queries).toBeLessThanOrEqual(4)
  })

  it('answers a repeated tree request from its cache with one query', async () => {
    const alice = await createActor(db, 'Alice')
    await chain(alice, 3, 'Level')
    // Each countQueries wraps the database anew, so each starts with an empty cache.
    const once = await countQueries(() => groups.getGroupTree(db, alice))
    const twice = await countQueries(async () => {
      await groups.getGroupTree(db, alice)
      return groups.getGroupTree(db, alice)
    })
    expect(twice.result).toEqual(once.result)
    expect(twice.queries).toBe(once.queries + 1)
  })

  it('details a group: breadcrumbs, subgroup totals with descendants, items in order', async () => {
    const alice = await createActor(db, 'Alice')
    const [tech, reviews] = await chain(alice, 2, 'Level')
    if (!tech || !reviews) throw new Error('chain')
    const phones = await create(alice, 'Phones', reviews)
    const laptops = await create(alice, 'Laptops', reviews)
    await create(alice, 'Deep', phones.id)
    const entries = await makeEntries(alice, 4)
    await db
      .update(libraryEntry)
      .set({ alias: 'My favourite' })
      .where(eq(libraryEntry.id, entries[1] ?? ''))
    await groups.addItems(db, alice, { groupId: reviews, entryIds: entries.slice(0, 2) })
    await groups.addItems(db, alice, { groupId: phones.id, entryIds: entries.slice(0, 3) })
    await groups.addItems(db, alice, { groupId: laptops.id, entryIds: entries.slice(3) })

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
  it('previews and deletes a subtree with its items; library entries stay', async () => {
    const alice = await createActor(db, 'Alice')
    const root = await create(alice, 'Root')
    const doomed = await create(alice, 'Doomed', root.id)
    const child = await create(alice, 'Child', doomed.id)
    await create(alice, 'Grandchild', child.id)
    const entries = await makeEntries(alice, 3)
    await groups.addItems(db, alice, { groupId: doomed.id, entryIds: entries })
    await groups.addItems(db, alice, { groupId: child.id, entryIds: entries.slice(0, 2) })
    await groups.addItems(db, alice, { groupId: root.id, entryIds: entries.slice(0, 1) })

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

    const [deletion] = await groups.listActivity(db, alice, { groupId: root.id })
    expect(deletion).toMatchObject({
      action: 'group.deleted',
      details: { name: 'Doomed', subgroups: 2, items: 5 },
    })
    // Rows of the deleted groups outlive them, detached.
    const detached = await db
      .select()
      .from(groupActivity)
      .where(and(eq(groupActivity.ownerId, alice.id), eq(groupActivity.action, 'group.created')))
    expect(detached.filter((row) => row.groupId === null)).toHaveLength(3)
  })
})

describe('fold and settings', () => {
  it('folds many groups in one call, and only the actor’s own', async () => {
    const alice = await createActor(db, 'Alice')
    const bob = await createActor(db, 'Bob')
    const a = await create(alice, 'A')
    const b = await create(alice, 'B')
    const bobs = await create(bob, 'Theirs')
    await groups.foldGroups(db, alice, { ids: [a.id, b.id], expanded: false })
    const folded = await groups.getGroupTree(db, alice)
    expect(folded.groups.map((node) => node.expanded)).toEqual([false, false])
    expect(
      await codeOf(groups.foldGroups(db, alice, { ids: [a.id, bobs.id], expanded: true })),
    ).toBe('GROUP_NOT_FOUND')
    // Refused as a whole: A stays folded.
    const after = await groups.getGroupTree(db, alice)
    expect(after.groups.find((node) => node.id === a.id)?.expanded).toBe(false)
  })

  it('persists the fold state and falls back to the settings default', async () => {
    const alice = await createActor(db, 'Alice')
    const a = await create(alice, 'A')
    const b = await create(alice, 'B')
    expect(await groups.foldGroup(db, alice, { id: a.id, expanded: false })).toEqual({
      id: a.id,
      expanded: false,
    })
    await groups.foldGroup(db, alice, { id: b.id, expanded: true })
    await groups.updateGroupSettings(db, alice, {
      ...(await groups.getGroupSettings(db, alice)),
      treeExpanded: false,
    })
    await groups.foldGroup(db, alice, { id: a.id, expanded: true })
    const c = await create(alice, 'C')
    const tree = await groups.getGroupTree(db, alice)
    const expanded = Object.fromEntries(tree.groups.map((node) => [node.id, node.expanded]))
    expect(expanded).toEqual({ [a.id]: true, [b.id]: true, [c.id]: false })
  })

  it('has defaults when nothing is stored and keeps what is saved', async () => {
    const alice = await createActor(db, 'Alice')
    expect(await groups.getGroupSettings(db, alice)).toEqual({
      defaultIcon: 'lucide:folder',
      defaultColor: 'blue',
      defaultSort: 'manual',
      treeExpanded: true,
      showCounts: true,
    })
    const saved = {
      defaultIcon: 'lucide:star',
      defaultColor: 'purple',
      defaultSort: 'subscribers',
      treeExpanded: false,
      showCounts: false,
    } as const
    await groups.updateGroupSettings(db, alice, saved)
    await groups.updateGroupSettings(db, alice, { ...saved, showCounts: true })
    expect(await groups.getGroupSettings(db, alice)).toEqual({ ...saved, showCounts: true })
    expect(await groups.getGroupSettings(db, await createActor(db, 'Bob'))).toMatchObject({
      defaultIcon: 'lucide:folder',
    })
  })
})

describe('items', () => {
  it('adds in order, skips those already there, and refuses foreign entries', async () => {
    const alice = await createActor(db, 'Alice')
    const bob = await createActor(db, 'Bob')
    const target = await create(alice, 'Target')
    const entries = await makeEntries(alice, 4)
    const [bobEntry] = await makeEntries(bob, 1)
    expect(
      await groups.addItems(db, alice, { groupId: target.id, entryIds: entries.slice(0, 2) }),
    ).toEqual({ added: 2, alreadyThere: 0 })
    expect(await groups.addItems(db, alice, { groupId: target.id, entryIds: entries })).toEqual({
      added: 2,
      alreadyThere: 2,
    })
    expect(
      await codeOf(
        groups.addItems(db, alice, {
          groupId: target.id,
          entryIds: [entries[0] ?? '', bobEntry ?? ''],
        }),
      ),
    ).toBe('ENTRY_NOT_FOUND')
    const detail = await groups.getGroupDetail(db, alice, { id: target.id })
    expect(detail.items.map((item) => item.entryId)).toEqual(entries)
  })

  it('removes, moves and copies, recording each', async () => {
    const alice = await createActor(db, 'Alice')
    const from = await create(alice, 'From')
    const to = await create(alice, 'To')
    const other = await create(alice, 'Other')
    const entries = await makeEntries(alice, 4)
    await groups.addItems(db, alice, { groupId: from.id, entryIds: entries })
    await groups.addItems(db, alice, { groupId: to.id, entryIds: entries.slice(3) })

    expect(
      await groups.moveItems(db, alice, {
        fromGroupId: from.id,
        toGroupId: to.id,
        entryIds: entries.slice(2),
      }),
    ).toEqual({ moved: 2, alreadyThere: 1 })
    expect(
      await groups.copyItems(db, alice, { toGroupId: other.id, entryIds: entries.slice(0, 1) }),
    ).toEqual({ added: 1, alreadyThere: 0 })
    expect(
      await groups.removeItems(db, alice, { groupId: from.id, entryIds: entries.slice(1, 2) }),
    ).toEqual({ removed: 1 })

    const itemsOf = async (id: string) =>
      (await groups.getGroupDetail(db, alice, { id })).items.map((item) => item.entryId)
    expect(await itemsOf(from.id)).toEqual(entries.slice(0, 1))
    expect(await itemsOf(to.id)).toEqual([entries[3], entries[2]])
    expect(await itemsOf(other.id)).toEqual(entries.slice(0, 1))

    const overview = await groups.listActivity(db, alice, { groupId: null })
    const items = overview.filter((entry) => entry.action.startsWith('item.'))
    expect(items.map((entry) => [entry.action, entry.groupId, entry.details])).toEqual([
      ['item.removed', from.id, { name: 'From', count: 1, title: 'Channel 1' }],
      ['item.added', other.id, { name: 'Other', count: 1, title: 'Channel 0' }],
      ['item.moved', to.id, { from: 'From', to: 'To', count: 2 }],
      ['item.added', to.id, { name: 'To', count: 1, title: 'Channel 3' }],
      ['item.added', from.id, { name: 'From', count: 4 }],
    ])
  })

  it('reorders one item after another, or first', async () => {
    const alice = await createActor(db, 'Alice')
    const target = await create(alice, 'Target')
    const [a, b, c] = await makeEntries(alice, 3)
    if (!a || !b || !c) throw new Error('entries')
    await groups.addItems(db, alice, { groupId: target.id, entryIds: [a, b, c] })
    await groups.reorderItem(db, alice, { groupId: target.id, entryId: a, afterId: b })
    const order = async () =>
      (await groups.getGroupDetail(db, alice, { id: target.id })).items.map((item) => item.entryId)
    expect(await order()).toEqual([b, a, c])
    await groups.reorderItem(db, alice, { groupId: target.id, entryId: c, afterId: null })
    expect(await order()).toEqual([c, b, a])
    await groups.reorderItem(db, alice, { groupId: target.id, entryId: c, afterId: a })
    expect(await order()).toEqual([b, a, c])
    expect(
      await codeOf(
        groups.reorderItem(db, alice, {
          groupId: target.id,
          entryId: a,
          afterId: crypto.randomUUID(),
        }),
      ),
    ).toBe('ENTRY_NOT_FOUND')
  })
})

describe('listActivity', () => {
  it('lists the newest 50 first, for one group or the whole account', async () => {
    const alice = await createActor(db, 'Alice')
    const a = await create(alice, 'A')
    const b = await create(alice, 'B')
    let version = 1
    for (let at = 0; at < 55; at += 1) {
      await groups.updateGroup(db, alice, {
        id: a.id,
        version,
        name: `A${at}`,
        description: '',
        icon: null,
        color: null,
      })
      version += 1
    }
    const ofA = await groups.listActivity(db, alice, { groupId: a.id })
    expect(ofA).toHaveLength(50)
    expect(ofA[0]?.details).toEqual({ from: 'A53', to: 'A54' })
    const times = ofA.map((entry) => entry.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const ofB = await groups.listActivity(db, alice, { groupId: b.id })
    expect(ofB.map((entry) => entry.action)).toEqual(['group.created'])
    const all = await groups.listActivity(db, alice, { groupId: null })
    expect(all).toHaveLength(50)
    expect(await groups.listActivity(db, await createActor(db, 'Bob'), { groupId: null })).toEqual(
      [],
    )
  })
})

describe('races', () => {
  it('lets one of two concurrent same-name creates win; the other is told the name is taken', async () => {
    const alice = await createActor(db, 'Alice')
    const results = await Promise.all([
      codeOf(create(alice, 'Twins')),
      codeOf(create(alice, 'TWINS')),
    ])
    expect(results.sort()).toEqual(['GROUP_NAME_TAKEN', 'ok'])
    const rows = await db.select().from(group).where(eq(group.ownerId, alice.id))
    expect(rows).toHaveLength(1)
  })

  it('never builds a cycle from crossing moves at once', async () => {
    const alice = await createActor(db, 'Alice')
    const pairs: [string, string][] = []
    for (let at = 0; at < 6; at += 1) {
      pairs.push([(await create(alice, `A${at}`)).id, (await create(alice, `B${at}`)).id])
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
    const alice = await createActor(db, 'Alice')
    const names = Array.from({ length: 8 }, (_, at) => `Sibling ${at}`)
    const results = await Promise.all(names.map((name) => codeOf(create(alice, name))))
    expect(results).toEqual(names.map(() => 'ok'))
  })
})

describe('authorization', () => {
  type World = {
    alice: Actor
    bob: Actor
    aliceGroup: string
    aliceChild: string
    aliceEntry: string
    bobGroup: string
    bobOther: string
    bobEntry: string
  }
  /** A refusal with this code, or an answer that shows none of Alice's rows. */
  type Attempt =
    | { refused: ErrorCode; run: (w: World) => Promise<unknown> }
    | {
        scoped: (w: World) => Promise<unknown>
      }
  const form = { description: '', icon: null, color: null }

  // One row per export of groups.server.ts: a new function without a row does not compile.
  const attempts: Record<keyof typeof groups, Attempt[]> = {
    getGroupTree: [{ scoped: (w) => groups.getGroupTree(db, w.bob) }],
    getGroupTreeWire: [
      {
        scoped: async (w) =>
          parseGroupTree(new TextDecoder().decode((await groups.getGroupTreeWire(db, w.bob)).body)),
      },
    ],
    getGroupDetail: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.getGroupDetail(db, w.bob, { id: w.aliceGroup }),
      },
    ],
    getSharedTree: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.getSharedTree(db, w.bob, { id: w.aliceGroup }),
      },
    ],
    createGroup: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.createGroup(db, w.bob, { ...form, name: 'Mine', parentId: w.aliceGroup }),
      },
    ],
    updateGroup: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.updateGroup(db, w.bob, { ...form, id: w.aliceGroup, version: 1, name: 'Taken' }),
      },
    ],
    moveGroup: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.moveGroup(db, w.bob, { id: w.aliceChild, version: 1, parentId: null }),
      },
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.moveGroup(db, w.bob, { id: w.bobGroup, version: 1, parentId: w.aliceGroup }),
      },
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.moveGroup(db, w.bob, {
            id: w.bobGroup,
            version: 1,
            parentId: null,
            afterId: w.aliceGroup,
          }),
      },
    ],
    getDeletePreview: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.getDeletePreview(db, w.bob, { id: w.aliceGroup }),
      },
    ],
    deleteGroup: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.deleteGroup(db, w.bob, { id: w.aliceGroup, version: 1 }),
      },
    ],
    foldGroup: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.foldGroup(db, w.bob, { id: w.aliceGroup, expanded: false }),
      },
    ],
    foldGroups: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.foldGroups(db, w.bob, { ids: [w.aliceGroup], expanded: false }),
      },
    ],
    getGroupSettings: [{ scoped: (w) => groups.getGroupSettings(db, w.bob) }],
    updateGroupSettings: [
      {
        scoped: (w) =>
          groups.updateGroupSettings(db, w.bob, {
            defaultIcon: 'lucide:star',
            defaultColor: 'red',
            defaultSort: 'name',
            treeExpanded: false,
            showCounts: false,
          }),
      },
    ],
    listActivity: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.listActivity(db, w.bob, { groupId: w.aliceGroup }),
      },
      { scoped: (w) => groups.listActivity(db, w.bob, { groupId: null }) },
    ],
    addItems: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) => groups.addItems(db, w.bob, { groupId: w.aliceGroup, entryIds: [w.bobEntry] }),
      },
      {
        refused: 'ENTRY_NOT_FOUND',
        run: (w) => groups.addItems(db, w.bob, { groupId: w.bobGroup, entryIds: [w.aliceEntry] }),
      },
    ],
    removeItems: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.removeItems(db, w.bob, { groupId: w.aliceGroup, entryIds: [w.aliceEntry] }),
      },
      {
        refused: 'ENTRY_NOT_FOUND',
        run: (w) =>
          groups.removeItems(db, w.bob, { groupId: w.bobGroup, entryIds: [w.aliceEntry] }),
      },
    ],
    moveItems: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.moveItems(db, w.bob, {
            fromGroupId: w.aliceGroup,
            toGroupId: w.bobGroup,
            entryIds: [w.aliceEntry],
          }),
      },
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.moveItems(db, w.bob, {
            fromGroupId: w.bobGroup,
            toGroupId: w.aliceGroup,
            entryIds: [w.bobEntry],
          }),
      },
      {
        refused: 'ENTRY_NOT_FOUND',
        run: (w) =>
          groups.moveItems(db, w.bob, {
            fromGroupId: w.bobGroup,
            toGroupId: w.bobOther,
            entryIds: [w.aliceEntry],
          }),
      },
    ],
    copyItems: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.copyItems(db, w.bob, { toGroupId: w.aliceGroup, entryIds: [w.bobEntry] }),
      },
      {
        refused: 'ENTRY_NOT_FOUND',
        run: (w) =>
          groups.copyItems(db, w.bob, { toGroupId: w.bobGroup, entryIds: [w.aliceEntry] }),
      },
    ],
    reorderItem: [
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          groups.reorderItem(db, w.bob, {
            groupId: w.aliceGroup,
            entryId: w.aliceEntry,
            afterId: null,
          }),
      },
      {
        refused: 'ENTRY_NOT_FOUND',
        run: (w) =>
          groups.reorderItem(db, w.bob, {
            groupId: w.bobGroup,
            entryId: w.aliceEntry,
            afterId: null,
          }),
      },
      {
        refused: 'ENTRY_NOT_FOUND',
        run: (w) =>
          groups.reorderItem(db, w.bob, {
            groupId: w.bobGroup,
            entryId: w.bobEntry,
            afterId: w.aliceEntry,
          }),
      },
    ],
  }

  /** Everything of Alice's that a leak or a stray write would change. */
  async function snapshot(alice: Actor) {
    return {
      tree: await groups.getGroupTree(db, alice),
      activity: await groups.listActivity(db, alice, { groupId: null }),
      items: await db
        .select()
        .from(groupItem)
        .innerJoin(group, eq(group.id, groupItem.groupId))
        .where(eq(group.ownerId, alice.id)),
    }
  }

  it('gives a second user "not found" for the first user\'s rows, function by function', async () => {
    expect(Object.keys(attempts).sort()).toEqual(Object.keys(groups).sort())
    const alice = await createActor(db, 'Alice Secret')
    const bob = await createActor(db, 'Bob')
    const aliceGroup = await create(alice, 'Secret group')
    const aliceChild = await create(alice, 'Secret child', aliceGroup.id)
    const [aliceEntry] = await makeEntries(alice, 1)
    const bobGroup = await create(bob, 'Bob group')
    const bobOther = await create(bob, 'Bob other')
    const [bobEntry] = await makeEntries(bob, 1)
    if (!aliceEntry || !bobEntry) throw new Error('entries')
    await groups.addItems(db, alice, { groupId: aliceGroup.id, entryIds: [aliceEntry] })
    await groups.addItems(db, bob, { groupId: bobGroup.id, entryIds: [bobEntry] })
    await groups.foldGroup(db, alice, { id: aliceGroup.id, expanded: false })
    const world: World = {
      alice,
      bob,
      aliceGroup: aliceGroup.id,
      aliceChild: aliceChild.id,
      aliceEntry,
      bobGroup: bobGroup.id,
      bobOther: bobOther.id,
      bobEntry,
    }
    const before = await snapshot(alice)
    const secrets = [alice.id, alice.name, aliceGroup.id, aliceChild.id, aliceEntry, 'Secret']

    const outcomes: [string, string][] = []
    const expected: [string, string][] = []
    for (const [name, rows] of Object.entries(attempts)) {
      for (const attempt of rows) {
        if ('refused' in attempt) {
          expected.push([name, attempt.refused])
          outcomes.push([name, await codeOf(attempt.run(world))])
        } else {
          expected.push([name, 'nothing of Alice'])
          const shown = JSON.stringify(await attempt.scoped(world))
          const leaked = secrets.filter((secret) => shown.includes(secret))
          outcomes.push([name, leaked.length === 0 ? 'nothing of Alice' : `leaked ${leaked}`])
        }
      }
    }
    expect(outcomes).toEqual(expected)
    expect(await snapshot(alice)).toEqual(before)
  })
})

/** Counts the statements a call sends (select/insert/update/delete/execute builders). */
async function countQueries<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  let queries = 0
  const counted = new Set<PropertyKey>(['select', 'insert', 'update', 'delete', 'execute'])
  const original = db
  db = new Proxy(original, {
    get(target, property, receiver) {
      if (counted.has(property)) queries += 1
      return Reflect.get(target, property, receiver)
    },
  })
  try {
    return { result: await run(), queries }
  } finally {
    db = original
  }
}

describe('getSharedTree', () => {
  it('gives a member only the shared subtree, its root on top, with the depth left below it', async () => {
    const owner = await createActor(db, 'Tree owner')
    const member = await createActor(db, 'Tree member')
    const top = await create(owner, 'Clients')
    const shared = await create(owner, 'Client A', top.id)
    const inner = await create(owner, 'Shorts', shared.id)
    await create(owner, 'Client B', top.id)
    await grantRole(db, shared.id, member.id, 'editor')

    const seen = await groups.getSharedTree(db, member, { id: inner.id })
    expect(seen.rootId).toBe(shared.id)
    expect(seen.groups.map((node) => [node.name, node.parentId])).toEqual([
      ['Client A', null],
      ['Shorts', shared.id],
    ])
    // "Client A" sits at depth 2 in the owner's tree: 9 levels may hang from it.
    expect(seen.maxDepth).toBe(9)

    const own = await groups.getSharedTree(db, owner, { id: inner.id })
    expect(own.rootId).toBeNull()
    expect(own.groups).toHaveLength(4)
    expect(own.maxDepth).toBe(10)
  })
})

describe('listActivity for a member', () => {
  it("leaves out invited addresses and where a moved group came from (maybe the owner's private group)", async () => {
    const owner = await createActor(db, 'Log owner')
    const member = await createActor(db, 'Log member')
    const shared = await create(owner, 'Shared log')
    const secret = await create(owner, 'Secret plans')
    const moving = await create(owner, 'Moving in', secret.id)
    await grantRole(db, shared.id, member.id, 'viewer')
    await groups.moveGroup(db, owner, {
      id: moving.id,
      version: moving.version,
      parentId: shared.id,
    })
    await db.insert(groupActivity).values({
      ownerId: owner.id,
      groupId: shared.id,
      actorId: owner.id,
      actorName: owner.name,
      action: 'invitation.sent',
      details: { email: 'client@example.test', role: 'viewer' },
    })

    const ownerView = await groups.listActivity(db, owner, { groupId: moving.id })
    expect(ownerView[0]?.details).toMatchObject({ from: 'Secret plans', to: 'Shared log' })
    const memberMoves = await groups.listActivity(db, member, { groupId: moving.id })
    expect(memberMoves[0]?.details).toEqual({ name: 'Moving in', to: 'Shared log' })
    const memberLog = await groups.listActivity(db, member, { groupId: shared.id })
    expect(JSON.stringify(memberLog)).not.toContain('client@example.test')
    expect(memberLog.find((row) => row.action === 'invitation.sent')?.details).toEqual({
      role: 'viewer',
    })
  })
})
