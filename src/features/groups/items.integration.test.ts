import { describe, expect, it } from 'vitest'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import * as activity from './activity.server'
import * as groups from './groups.server'
import * as items from './items.server'

/* items.server.ts against a real migrated database: add, remove, move, copy and reorder. */

const world = groupsWorld(db)

describe('items', () => {
  it('adds in order, skips those already there, and refuses foreign entries', async () => {
    const alice = await world.actor('Alice')
    const bob = await world.actor('Bob')
    const target = await world.create(alice, 'Target')
    const entries = await world.entries(alice, 4)
    const [bobEntry] = await world.entries(bob, 1)
    expect(
      await items.addItems(db, alice, { groupId: target.id, entryIds: entries.slice(0, 2) }),
    ).toEqual({ added: 2, alreadyThere: 0, addedIds: entries.slice(0, 2) })
    // Undo takes out exactly the ids this add put in, not those already there.
    expect(await items.addItems(db, alice, { groupId: target.id, entryIds: entries })).toEqual({
      added: 2,
      alreadyThere: 2,
      addedIds: entries.slice(2),
    })
    expect(
      await codeOf(
        items.addItems(db, alice, {
          groupId: target.id,
          entryIds: [entries[0] ?? '', bobEntry ?? ''],
        }),
      ),
    ).toBe('ENTRY_NOT_FOUND')
    const detail = await groups.getGroupDetail(db, alice, { id: target.id })
    expect(detail.items.map((item) => item.entryId)).toEqual(entries)
  })

  it('removes, moves and copies, recording each', async () => {
    const alice = await world.actor('Alice')
    const from = await world.create(alice, 'From')
    const to = await world.create(alice, 'To')
    const other = await world.create(alice, 'Other')
    const entries = await world.entries(alice, 4)
    await items.addItems(db, alice, { groupId: from.id, entryIds: entries })
    await items.addItems(db, alice, { groupId: to.id, entryIds: entries.slice(3) })

    expect(
      await items.moveItems(db, alice, {
        fromGroupId: from.id,
        toGroupId: to.id,
        entryIds: entries.slice(2),
      }),
    ).toMatchObject({ moved: 2, alreadyThere: 1, added: [entries[2]] })
    expect(
      await items.addItems(db, alice, { groupId: other.id, entryIds: entries.slice(0, 1) }),
    ).toEqual({ added: 1, alreadyThere: 0, addedIds: entries.slice(0, 1) })
    expect(
      await items.removeItems(db, alice, { groupId: from.id, entryIds: entries.slice(1, 2) }),
    ).toMatchObject({ removed: 1 })

    const itemsOf = async (id: string) =>
      (await groups.getGroupDetail(db, alice, { id })).items.map((item) => item.entryId)
    expect(await itemsOf(from.id)).toEqual(entries.slice(0, 1))
    expect(await itemsOf(to.id)).toEqual([entries[3], entries[2]])
    expect(await itemsOf(other.id)).toEqual(entries.slice(0, 1))

    const overview = await activity.listActivity(db, alice, { groupId: null })
    const itemLines = overview.filter((entry) => entry.action.startsWith('item.'))
    expect(itemLines.map((entry) => [entry.action, entry.groupId, entry.details])).toEqual([
      ['item.removed', from.id, { name: 'From', count: 1, title: 'Channel 1' }],
      ['item.added', other.id, { name: 'Other', count: 1, title: 'Channel 0' }],
      ['item.moved', to.id, { from: 'From', to: 'To', count: 2 }],
      ['item.added', to.id, { name: 'To', count: 1, title: 'Channel 3' }],
      ['item.added', from.id, { name: 'From', count: 4 }],
    ])
  })

  it('reorders one item after another, or first', async () => {
    const alice = await world.actor('Alice')
    const target = await world.create(alice, 'Target')
    const [a, b, c] = await world.entries(alice, 3)
    if (!a || !b || !c) throw new Error('entries')
    await items.addItems(db, alice, { groupId: target.id, entryIds: [a, b, c] })
    await items.reorderItem(db, alice, { groupId: target.id, entryId: a, afterId: b })
    const order = async () =>
      (await groups.getGroupDetail(db, alice, { id: target.id })).items.map((item) => item.entryId)
    expect(await order()).toEqual([b, a, c])
    await items.reorderItem(db, alice, { groupId: target.id, entryId: c, afterId: null })
    expect(await order()).toEqual([c, b, a])
    await items.reorderItem(db, alice, { groupId: target.id, entryId: c, afterId: a })
    expect(await order()).toEqual([b, a, c])
    expect(
      await codeOf(
        items.reorderItem(db, alice, {
          groupId: target.id,
          entryId: a,
          afterId: crypto.randomUUID(),
        }),
      ),
    ).toBe('ENTRY_NOT_FOUND')
  })
})
