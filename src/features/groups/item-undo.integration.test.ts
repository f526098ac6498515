import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { groupItem } from '~/db/schema'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import * as itemUndo from './item-undo.server'
import * as items from './items.server'

/* The Undo of item removals and moves: back at the old positions, and stale undos refused. */

const world = groupsWorld(db)

async function placements(groupId: string) {
  return db
    .select({ entryId: groupItem.entryId, position: groupItem.position })
    .from(groupItem)
    .where(eq(groupItem.groupId, groupId))
    .orderBy(asc(groupItem.position))
}

describe('putItemsBack', () => {
  it('puts removed items back at their positions, once', async () => {
    const owner = await world.actor('Undo remover')
    const group = await world.create(owner, 'Undo remove')
    const entries = await world.entries(owner, 5)
    await items.addItems(db, owner, { groupId: group.id, entryIds: entries })
    const before = await placements(group.id)
    const taken = [entries[1] ?? '', entries[3] ?? '']
    const removed = await items.removeItems(db, owner, { groupId: group.id, entryIds: taken })
    expect(removed.placements.map((row) => row.entryId).sort()).toEqual([...taken].sort())
    await itemUndo.putItemsBack(db, owner, { groupId: group.id, items: removed.placements })
    expect(await placements(group.id)).toEqual(before)
    // Again: they are there already, so the undo is stale.
    expect(
      await codeOf(
        itemUndo.putItemsBack(db, owner, { groupId: group.id, items: removed.placements }),
      ),
    ).toBe('STALE_VERSION')
  })

  it('lands just after an item that took the old position meanwhile', async () => {
    const owner = await world.actor('Undo clash')
    const group = await world.create(owner, 'Undo clash')
    const entries = await world.entries(owner, 3)
    await items.addItems(db, owner, { groupId: group.id, entryIds: entries.slice(0, 2) })
    const removed = await items.removeItems(db, owner, {
      groupId: group.id,
      entryIds: [entries[1] ?? ''],
    })
    // The next append takes the freed key.
    await items.addItems(db, owner, { groupId: group.id, entryIds: [entries[2] ?? ''] })
    await itemUndo.putItemsBack(db, owner, { groupId: group.id, items: removed.placements })
    expect((await placements(group.id)).map((row) => row.entryId)).toEqual([
      entries[0],
      entries[2],
      entries[1],
    ])
  })

  it('moves moved items back, and refuses once they left the target', async () => {
    const owner = await world.actor('Undo mover')
    const from = await world.create(owner, 'Undo from')
    const to = await world.create(owner, 'Undo to')
    const entries = await world.entries(owner, 4)
    await items.addItems(db, owner, { groupId: from.id, entryIds: entries })
    await items.addItems(db, owner, { groupId: to.id, entryIds: [entries[0] ?? ''] })
    const fromBefore = await placements(from.id)
    const toBefore = await placements(to.id)
    const moved = await items.moveItems(db, owner, {
      fromGroupId: from.id,
      toGroupId: to.id,
      entryIds: [entries[0] ?? '', entries[2] ?? ''],
    })
    // entries[0] was in the target already: it stays there after the undo.
    expect(moved.added).toEqual([entries[2]])
    const undo = {
      groupId: from.id,
      items: moved.placements,
      from: { groupId: to.id, entryIds: moved.added },
    }
    await itemUndo.putItemsBack(db, owner, undo)
    expect(await placements(from.id)).toEqual(fromBefore)
    expect(await placements(to.id)).toEqual(toBefore)

    const again = await items.moveItems(db, owner, {
      fromGroupId: from.id,
      toGroupId: to.id,
      entryIds: [entries[3] ?? ''],
    })
    await items.removeItems(db, owner, { groupId: to.id, entryIds: [entries[3] ?? ''] })
    expect(
      await codeOf(
        itemUndo.putItemsBack(db, owner, {
          groupId: from.id,
          items: again.placements,
          from: { groupId: to.id, entryIds: again.added },
        }),
      ),
    ).toBe('STALE_VERSION')
  })

  it("refuses someone else's group and entries", async () => {
    const owner = await world.actor('Undo owner')
    const other = await world.actor('Undo other')
    const group = await world.create(owner, 'Undo private')
    const mine = await world.create(other, 'Undo mine')
    const [entry] = await world.entries(owner, 1)
    const items_ = [{ entryId: entry ?? '', position: 'a0' }]
    expect(
      await codeOf(itemUndo.putItemsBack(db, other, { groupId: group.id, items: items_ })),
    ).toBe('GROUP_NOT_FOUND')
    expect(
      await codeOf(itemUndo.putItemsBack(db, other, { groupId: mine.id, items: items_ })),
    ).toBe('ENTRY_NOT_FOUND')
  })
})
