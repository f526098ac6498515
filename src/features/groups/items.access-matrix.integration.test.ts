import { and, eq } from 'drizzle-orm'
import { groupItem } from '~/db/schema'
import { EITHER, everySignedIn, N, NF, Y } from '../../../tests/support/access-matrix/personas'
import { ownerEntriesOnly } from '../../../tests/support/access-matrix/reads'
import { gated, matrixModule, overWire } from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import type { World } from '../../../tests/support/access-matrix/world'
import { db } from '../../../tests/support/database'
import * as fns from './groups.functions'
import { putItemsBack } from './item-undo.functions'
import * as itemUndo from './item-undo.server'
import * as items from './items.server'

/*
 * The authorization matrix of a group's items (the rest of the groups domain:
 * groups.access-matrix.integration.test.ts). Every row goes through the
 * server function that calls its export with the input as it is, over the
 * wire, as the cell's persona (gate, validator, serialised answer).
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

const ENTRY_GONE = everySignedIn('ENTRY_NOT_FOUND')

const itemsModule = matrixModule('src/features/groups/items.server', items, {
  addItems: [
    gated("Client A ← the owner's entry from A1", [N, N, N, Y, Y, N, N, N], (c) =>
      overWire(c.actor, fns.addItems, { groupId: c.w.clientA, entryIds: [c.w.entryA1] }),
    ),
    gated(
      "Client A ← the actor's own entry",
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.addItems, {
          groupId: c.w.clientA,
          entryIds: [c.w.own[c.persona].entryId],
        }),
      // An editor adds from their own library; the item becomes an entry of the owner's.
      { check: ownerEntriesOnly },
    ),
    gated(
      "Client B ← the owner's entry from A",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, fns.addItems, { groupId: c.w.clientB, entryIds: [c.w.entryA] }),
      { member: NF },
    ),
    gated(
      "own group ← Client A's item",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.addItems, {
          groupId: c.w.own[c.persona].groupId,
          entryIds: [c.w.entryA],
        }),
      // The owner's entry never becomes an item of someone else's tree.
      { codes: ENTRY_GONE },
    ),
  ],
  removeItems: [
    gated("Client A's item", [N, N, N, Y, Y, N, N, N], (c) =>
      overWire(c.actor, fns.removeItems, { groupId: c.w.clientA, entryIds: [c.w.entryA] }),
    ),
    gated(
      "Client B's item",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, fns.removeItems, { groupId: c.w.clientB, entryIds: [c.w.entryB] }),
      { member: NF },
    ),
  ],
  moveItems: [
    gated('Client A → A1', [N, N, N, Y, Y, N, N, N], (c) =>
      overWire(c.actor, fns.moveItems, {
        fromGroupId: c.w.clientA,
        toGroupId: c.w.a1,
        entryIds: [c.w.entryA],
      }),
    ),
    gated(
      'Client A → Client B (out of the share)',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.moveItems, {
          fromGroupId: c.w.clientA,
          toGroupId: c.w.clientB,
          entryIds: [c.w.entryA],
        }),
      { member: EITHER },
    ),
    gated(
      'Client B → Client A (into the share)',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.moveItems, {
          fromGroupId: c.w.clientB,
          toGroupId: c.w.clientA,
          entryIds: [c.w.entryB],
        }),
      { member: NF },
    ),
    gated(
      'own group → Client A',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.moveItems, {
          fromGroupId: c.w.own[c.persona].groupId,
          toGroupId: c.w.clientA,
          entryIds: [c.w.own[c.persona].entryId],
        }),
      { member: EITHER },
    ),
    gated(
      'Client A → own group (out of the share)',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.moveItems, {
          fromGroupId: c.w.clientA,
          toGroupId: c.w.own[c.persona].groupId,
          entryIds: [c.w.entryA],
        }),
      { member: EITHER },
    ),
  ],
  reorderItem: [
    gated("Client A's item to the top", [N, N, N, Y, Y, N, N, N], (c) =>
      overWire(c.actor, fns.reorderItem, {
        groupId: c.w.clientA,
        entryId: c.w.entryA,
        afterId: null,
      }),
    ),
    gated(
      "Client B's item to the top",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.reorderItem, {
          groupId: c.w.clientB,
          entryId: c.w.entryB,
          afterId: null,
        }),
      { member: NF },
    ),
  ],
  readGroupItems: { internal: 'reads the items of a group the caller has already authorized' },
  itemLineDetails: { internal: "words an item's activity line; reads nothing" },
  appendItems: { internal: 'writes items for a caller that has already authorized the group' },
})

/** The item was taken out (once per world): the undo rows put it back. */
const takenOut =
  (groupId: (w: World) => string, entryId: (w: World) => string) => async (c: { w: World }) => {
    await db
      .delete(groupItem)
      .where(and(eq(groupItem.groupId, groupId(c.w)), eq(groupItem.entryId, entryId(c.w))))
    return ''
  }

const itemUndoModule = matrixModule('src/features/groups/item-undo.server', itemUndo, {
  putItemsBack: [
    gated(
      "Client A's item, taken out",
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        overWire(c.actor, putItemsBack, {
          groupId: c.w.clientA,
          items: [{ entryId: c.w.entryA, position: 'a0' }],
        }),
      {
        prepare: takenOut(
          (w) => w.clientA,
          (w) => w.entryA,
        ),
        isolate: true,
      },
    ),
    gated(
      "Client B's item, taken out",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, putItemsBack, {
          groupId: c.w.clientB,
          items: [{ entryId: c.w.entryB, position: 'a0' }],
        }),
      {
        member: NF,
        prepare: takenOut(
          (w) => w.clientB,
          (w) => w.entryB,
        ),
        isolate: true,
      },
    ),
  ],
})

describeAccessMatrix('group items', { modules: [itemsModule, itemUndoModule] })
