import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { group, groupFold, groupItem, groupSettings, libraryEntry } from '~/db/schema'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import { parseGroupTree } from './groups.schemas'
import * as items from './items.server'
import * as tree from './tree.server'
import { createTreeCache } from './tree-cache.server'

/*
 * The tree cache is only as good as the triggers that move tree_version:
 * every kind of write that changes what a tree shows, made through the app
 * or straight in SQL, must make the next read compute again.
 */

const world = groupsWorld(db)

async function makeEntry(owner: Actor): Promise<string> {
  const [entryId] = await world.entries(owner, 1)
  return entryId ?? ''
}

/** A cache whose computations are counted. */
function countingCache() {
  const cache = createTreeCache<number>()
  let computed = 0
  const read = (users: readonly string[]) =>
    cache(db, users, async () => {
      computed += 1
      return computed
    })
  return { read, computed: () => computed }
}

describe('createTreeCache', () => {
  it('computes once while nothing changes, and again after a write', async () => {
    const owner = await world.actor('Owner')
    const cache = countingCache()
    expect(await cache.read([owner.id])).toBe(1)
    expect(await cache.read([owner.id])).toBe(1)
    await world.create(owner, 'Tech')
    expect(await cache.read([owner.id])).toBe(2)
    expect(cache.computed()).toBe(2)
  })

  it('shares one computation between concurrent misses', async () => {
    const owner = await world.actor('Owner')
    const cache = countingCache()
    const values = await Promise.all(Array.from({ length: 8 }, () => cache.read([owner.id])))
    expect(new Set(values)).toEqual(new Set([1]))
    expect(cache.computed()).toBe(1)
  })

  it('does not keep a failed computation', async () => {
    const owner = await world.actor('Owner')
    const cache = createTreeCache<string>()
    await expect(cache(db, [owner.id], () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    )
    expect(await cache(db, [owner.id], async () => 'fine')).toBe('fine')
  })

  it('forgets the least recently used entry beyond its size', async () => {
    const [a, b, c] = [await world.actor('A'), await world.actor('B'), await world.actor('C')]
    const cache = createTreeCache<string>(2)
    let computed = 0
    const read = (actor: Actor) =>
      cache(db, [actor.id], async () => {
        computed += 1
        return actor.id
      })
    await read(a)
    await read(b)
    await read(a) // a is now the most recent
    await read(c) // evicts b
    expect(computed).toBe(3)
    await read(a)
    expect(computed).toBe(3)
    await read(b)
    expect(computed).toBe(4)
  })

  it('moves on for every kind of write, through the app or straight in SQL', async () => {
    const owner = await world.actor('Owner')
    const cache = countingCache()
    const root = await world.create(owner, 'Root')
    const entryId = await makeEntry(owner)
    let expected = await cache.read([owner.id])

    const writes: [string, () => Promise<unknown>][] = [
      ['group insert', () => world.create(owner, 'Child', root.id)],
      [
        'group update',
        () => db.update(group).set({ description: 'x' }).where(eq(group.id, root.id)),
      ],
      ['item insert', () => items.addItems(db, owner, { groupId: root.id, entryIds: [entryId] })],
      [
        'item update',
        () => db.update(groupItem).set({ position: 'b0' }).where(eq(groupItem.entryId, entryId)),
      ],
      ['item delete', () => db.delete(groupItem).where(eq(groupItem.entryId, entryId))],
      ['fold insert', () => tree.foldGroup(db, owner, { id: root.id, expanded: false })],
      [
        'fold update',
        () => db.update(groupFold).set({ expanded: true }).where(eq(groupFold.groupId, root.id)),
      ],
      [
        'settings',
        () =>
          db
            .insert(groupSettings)
            .values({ userId: owner.id, treeExpanded: false })
            .onConflictDoUpdate({ target: groupSettings.userId, set: { treeExpanded: false } }),
      ],
      [
        'item removed with its library entry',
        async () => {
          await items.addItems(db, owner, { groupId: root.id, entryIds: [entryId] })
          expected = await cache.read([owner.id])
          await db.delete(libraryEntry).where(eq(libraryEntry.id, entryId))
        },
      ],
      ['group delete', () => db.delete(group).where(eq(group.id, root.id))],
    ]
    for (const [name, write] of writes) {
      await write()
      const next = await cache.read([owner.id])
      expect(next, name).toBeGreaterThan(expected)
      expected = next
    }
  })

  it("is not moved by another user's writes, and keys on every user it is given", async () => {
    const owner = await world.actor('Owner')
    const other = await world.actor('Other')
    const cache = countingCache()
    const ownTree = await cache.read([owner.id, owner.id])
    await world.create(other, 'Elsewhere')
    expect(await cache.read([owner.id, owner.id])).toBe(ownTree)
    const asViewer = await cache.read([owner.id, other.id])
    expect(asViewer).toBeGreaterThan(ownTree)
    const otherGroup = await world.create(other, 'Mine')
    await tree.foldGroup(db, other, { id: otherGroup.id, expanded: false })
    expect(await cache.read([owner.id, other.id])).toBeGreaterThan(asViewer)
  })
})

describe('getGroupTree through the cache', () => {
  it('shows counts, folds and settings as soon as they change', async () => {
    const owner = await world.actor('Owner')
    const root = await world.create(owner, 'Root')
    const entryId = await makeEntry(owner)
    const node = async () => (await tree.getGroupTree(db, owner)).groups[0]
    expect(await node()).toMatchObject({ channelCount: 0, expanded: true })
    await items.addItems(db, owner, { groupId: root.id, entryIds: [entryId] })
    expect(await node()).toMatchObject({ channelCount: 1 })
    await tree.foldGroup(db, owner, { id: root.id, expanded: false })
    expect(await node()).toMatchObject({ expanded: false })
    await db.delete(libraryEntry).where(eq(libraryEntry.id, entryId))
    expect(await node()).toMatchObject({ channelCount: 0 })
    await db.execute(sql`update "group" set name = 'Renamed' where id = ${root.id}`)
    expect(await node()).toMatchObject({ name: 'Renamed' })
  })

  it('hands out copies: a caller changing its answer does not change the next one', async () => {
    const owner = await world.actor('Owner')
    await world.create(owner, 'Root')
    const first = await tree.getGroupTree(db, owner)
    first.groups.pop()
    first.settings.showCounts = false
    const second = await tree.getGroupTree(db, owner)
    expect(second.groups).toHaveLength(1)
    expect(second.settings.showCounts).toBe(true)
  })

  it('sends the same tree as JSON for the wire', async () => {
    const owner = await world.actor('Owner')
    const root = await world.create(owner, 'Root')
    await world.create(owner, 'Child', root.id)
    expect(
      parseGroupTree(new TextDecoder().decode((await tree.getGroupTreeWire(db, owner)).body)),
    ).toEqual(await tree.getGroupTree(db, owner))
  })
})
