import { describe, expect, it } from 'vitest'
import type { Database } from '~/db/client.server'
import { grantRole } from '~/seed/factories/organiser.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db as fileDatabase } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import * as items from './items.server'
import * as tree from './tree.server'

/*
 * tree.server.ts against a real migrated database: the whole tree with its
 * counts, folds and settings, its statement count, a member's shared
 * subtree, and the fold state and settings writes.
 */

/** Swapped for a counting proxy while countQueries runs. */
let db: Database = fileDatabase
const world = groupsWorld(db)

describe('getGroupTree', () => {
  it('answers the whole tree with direct counts by kind and fold state', async () => {
    const alice = await world.actor('Alice')
    const tech = await world.create(alice, 'Tech')
    const reviews = await world.create(alice, 'Reviews', tech.id)
    const channels = await world.entries(alice, 3)
    const animes = await world.entries(alice, 2, 'anime')
    await items.addItems(db, alice, { groupId: tech.id, entryIds: [...channels, ...animes] })
    await items.addItems(db, alice, { groupId: reviews.id, entryIds: channels.slice(0, 1) })
    await tree.foldGroup(db, alice, { id: tech.id, expanded: false })

    const answer = await tree.getGroupTree(db, alice)
    expect(answer.maxDepth).toBe(10)
    expect(answer.settings).toEqual({
      defaultIcon: 'lucide:folder',
      defaultColor: 'blue',
      defaultSort: 'manual',
      treeExpanded: true,
      showCounts: true,
    })
    const byName = new Map(answer.groups.map((node) => [node.name, node]))
    expect(byName.get('Tech')).toMatchObject({ channelCount: 3, animeCount: 2, expanded: false })
    expect(byName.get('Reviews')).toMatchObject({ channelCount: 1, animeCount: 0, expanded: true })
  })

  it('uses the same number of queries for 2 groups and for 60', async () => {
    const alice = await world.actor('Alice')
    await world.chain(alice, 2, 'Few')
    const few = await countQueries(() => tree.getGroupTree(db, alice))
    for (let at = 0; at < 58; at += 1) await world.create(alice, `Many ${at}`)
    const entries = await world.entries(alice, 20)
    const answer = await tree.getGroupTree(db, alice)
    for (const node of answer.groups.slice(0, 20)) {
      await items.addItems(db, alice, { groupId: node.id, entryIds: entries })
    }
    const many = await countQueries(() => tree.getGroupTree(db, alice))
    expect(many.result.groups).toHaveLength(60)
    expect(many.queries).toBe(few.queries)
    expect(many.queries).toBeLessThanOrEqual(4)
  })

  it('answers a repeated tree request from its cache with one query', async () => {
    const alice = await world.actor('Alice')
    await world.chain(alice, 3, 'Level')
    // Each countQueries wraps the database anew, so each starts with an empty cache.
    const once = await countQueries(() => tree.getGroupTree(db, alice))
    const twice = await countQueries(async () => {
      await tree.getGroupTree(db, alice)
      return tree.getGroupTree(db, alice)
    })
    expect(twice.result).toEqual(once.result)
    expect(twice.queries).toBe(once.queries + 1)
  })
})

describe('getSharedTree', () => {
  it('gives a member only the shared subtree, its root on top, with the depth left below it', async () => {
    const owner = await world.actor('Tree owner')
    const member = await world.actor('Tree member')
    const top = await world.create(owner, 'Clients')
    const shared = await world.create(owner, 'Client A', top.id)
    const inner = await world.create(owner, 'Shorts', shared.id)
    await world.create(owner, 'Client B', top.id)
    await grantRole(db, shared.id, member.id, 'editor')

    const seen = await tree.getSharedTree(db, member, { id: inner.id })
    expect(seen.rootId).toBe(shared.id)
    // The tree read does not order groups (clients sort by position).
    expect(Object.fromEntries(seen.groups.map((node) => [node.name, node.parentId]))).toEqual({
      'Client A': null,
      Shorts: shared.id,
    })
    // "Client A" sits at depth 2 in the owner's tree: 9 levels may hang from it.
    expect(seen.maxDepth).toBe(9)

    const own = await tree.getSharedTree(db, owner, { id: inner.id })
    expect(own.rootId).toBeNull()
    expect(own.groups).toHaveLength(4)
    expect(own.maxDepth).toBe(10)
  })
})

describe('fold and settings', () => {
  it('folds many groups in one call, and only the actor’s own', async () => {
    const alice = await world.actor('Alice')
    const bob = await world.actor('Bob')
    const a = await world.create(alice, 'A')
    const b = await world.create(alice, 'B')
    const bobs = await world.create(bob, 'Theirs')
    await tree.foldGroups(db, alice, { ids: [a.id, b.id], expanded: false })
    const folded = await tree.getGroupTree(db, alice)
    expect(folded.groups.map((node) => node.expanded)).toEqual([false, false])
    expect(await codeOf(tree.foldGroups(db, alice, { ids: [a.id, bobs.id], expanded: true }))).toBe(
      'GROUP_NOT_FOUND',
    )
    // Refused as a whole: A stays folded.
    const after = await tree.getGroupTree(db, alice)
    expect(after.groups.find((node) => node.id === a.id)?.expanded).toBe(false)
  })

  it('persists the fold state and falls back to the settings default', async () => {
    const alice = await world.actor('Alice')
    const a = await world.create(alice, 'A')
    const b = await world.create(alice, 'B')
    expect(await tree.foldGroup(db, alice, { id: a.id, expanded: false })).toEqual({
      id: a.id,
      expanded: false,
    })
    await tree.foldGroup(db, alice, { id: b.id, expanded: true })
    await tree.updateGroupSettings(db, alice, {
      ...(await tree.getGroupSettings(db, alice)),
      treeExpanded: false,
    })
    await tree.foldGroup(db, alice, { id: a.id, expanded: true })
    const c = await world.create(alice, 'C')
    const answer = await tree.getGroupTree(db, alice)
    const expanded = Object.fromEntries(answer.groups.map((node) => [node.id, node.expanded]))
    expect(expanded).toEqual({ [a.id]: true, [b.id]: true, [c.id]: false })
  })

  it('has defaults when nothing is stored and keeps what is saved', async () => {
    const alice = await world.actor('Alice')
    expect(await tree.getGroupSettings(db, alice)).toEqual({
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
    await tree.updateGroupSettings(db, alice, saved)
    await tree.updateGroupSettings(db, alice, { ...saved, showCounts: true })
    expect(await tree.getGroupSettings(db, alice)).toEqual({ ...saved, showCounts: true })
    expect(await tree.getGroupSettings(db, await world.actor('Bob'))).toMatchObject({
      defaultIcon: 'lucide:folder',
    })
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
