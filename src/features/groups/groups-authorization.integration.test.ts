import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { group, groupItem } from '~/db/schema'
import type { ErrorCode } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import * as activity from './activity.server'
import { parseGroupTree } from './groups.schemas'
import * as groups from './groups.server'
import * as items from './items.server'
import * as trash from './trash.server'
import * as tree from './tree.server'

/*
 * One table that proves each exported function of the groups domain's
 * server modules hides the first user's rows from a second (sharing's
 * matrix covers members and links).
 */

const world = groupsWorld(db)

type Cast = {
  alice: Actor
  bob: Actor
  aliceGroup: string
  aliceChild: string
  aliceEntry: string
  aliceTrashed: string
  bobGroup: string
  bobOther: string
  bobEntry: string
}
/** A refusal with this code, or an answer that shows none of Alice's rows. */
type Attempt =
  | { refused: ErrorCode; run: (w: Cast) => Promise<unknown> }
  | { scoped: (w: Cast) => Promise<unknown> }
/** An export no request reaches with an actor: the domains call it after authorizing. */
type Internal = { internal: string }
const form = { description: '', icon: null, color: null }

// One entry per export of each module: a new function without one does not compile.
const treeAttempts: Record<keyof typeof tree, Attempt[]> = {
  getGroupTree: [{ scoped: (w) => tree.getGroupTree(db, w.bob) }],
  getGroupTreeWire: [
    {
      scoped: async (w) =>
        parseGroupTree(new TextDecoder().decode((await tree.getGroupTreeWire(db, w.bob)).body)),
    },
  ],
  getSharedTree: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => tree.getSharedTree(db, w.bob, { id: w.aliceGroup }),
    },
  ],
  foldGroup: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => tree.foldGroup(db, w.bob, { id: w.aliceGroup, expanded: false }),
    },
  ],
  foldGroups: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => tree.foldGroups(db, w.bob, { ids: [w.aliceGroup], expanded: false }),
    },
  ],
  getGroupSettings: [{ scoped: (w) => tree.getGroupSettings(db, w.bob) }],
  updateGroupSettings: [
    {
      scoped: (w) =>
        tree.updateGroupSettings(db, w.bob, {
          defaultIcon: 'lucide:star',
          defaultColor: 'red',
          defaultSort: 'name',
          treeExpanded: false,
          showCounts: false,
        }),
    },
  ],
}

const groupAttempts: Record<keyof typeof groups, Attempt[]> = {
  getGroupDetail: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => groups.getGroupDetail(db, w.bob, { id: w.aliceGroup }),
    },
  ],
  createGroup: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => groups.createGroup(db, w.bob, { ...form, name: 'Mine', parentId: w.aliceGroup }),
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
}

const itemAttempts: Record<keyof typeof items, Attempt[] | Internal> = {
  readGroupItems: { internal: 'the item read of callers that have checked the group' },
  appendItems: { internal: 'the append of callers that have checked the group and hold its lock' },
  itemLineDetails: { internal: 'pure: the wording of an item activity line' },
  addItems: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => items.addItems(db, w.bob, { groupId: w.aliceGroup, entryIds: [w.bobEntry] }),
    },
    {
      refused: 'ENTRY_NOT_FOUND',
      run: (w) => items.addItems(db, w.bob, { groupId: w.bobGroup, entryIds: [w.aliceEntry] }),
    },
  ],
  removeItems: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => items.removeItems(db, w.bob, { groupId: w.aliceGroup, entryIds: [w.aliceEntry] }),
    },
    {
      refused: 'ENTRY_NOT_FOUND',
      run: (w) => items.removeItems(db, w.bob, { groupId: w.bobGroup, entryIds: [w.aliceEntry] }),
    },
  ],
  moveItems: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) =>
        items.moveItems(db, w.bob, {
          fromGroupId: w.aliceGroup,
          toGroupId: w.bobGroup,
          entryIds: [w.aliceEntry],
        }),
    },
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) =>
        items.moveItems(db, w.bob, {
          fromGroupId: w.bobGroup,
          toGroupId: w.aliceGroup,
          entryIds: [w.bobEntry],
        }),
    },
    {
      refused: 'ENTRY_NOT_FOUND',
      run: (w) =>
        items.moveItems(db, w.bob, {
          fromGroupId: w.bobGroup,
          toGroupId: w.bobOther,
          entryIds: [w.aliceEntry],
        }),
    },
  ],
  reorderItem: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) =>
        items.reorderItem(db, w.bob, {
          groupId: w.aliceGroup,
          entryId: w.aliceEntry,
          afterId: null,
        }),
    },
    {
      refused: 'ENTRY_NOT_FOUND',
      run: (w) =>
        items.reorderItem(db, w.bob, {
          groupId: w.bobGroup,
          entryId: w.aliceEntry,
          afterId: null,
        }),
    },
    {
      refused: 'ENTRY_NOT_FOUND',
      run: (w) =>
        items.reorderItem(db, w.bob, {
          groupId: w.bobGroup,
          entryId: w.bobEntry,
          afterId: w.aliceEntry,
        }),
    },
  ],
}

const activityAttempts: Record<keyof typeof activity, Attempt[] | Internal> = {
  recordActivity: { internal: 'the log writer, called inside writes that have authorized' },
  recordActivityLines: { internal: 'the log writer, called inside writes that have authorized' },
  listActivity: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => activity.listActivity(db, w.bob, { groupId: w.aliceGroup }),
    },
    { scoped: (w) => activity.listActivity(db, w.bob, { groupId: null }) },
  ],
}

const trashAttempts: Record<keyof typeof trash, Attempt[] | Internal> = {
  TRASH_HELD_TABLES: { internal: 'a constant: the tables a trashed group takes along' },
  trashSubtree: { internal: 'the move to the trash of deleteGroup, which has authorized' },
  listTrash: [{ scoped: (w) => trash.listTrash(db, w.bob) }],
  restoreGroup: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => trash.restoreGroup(db, w.bob, { id: w.aliceTrashed }),
    },
  ],
  purgeGroup: [
    {
      refused: 'GROUP_NOT_FOUND',
      run: (w) => trash.purgeGroup(db, w.bob, { id: w.aliceTrashed }),
    },
  ],
}

const MODULES = [
  { path: 'tree.server', exports: tree, attempts: treeAttempts },
  { path: 'groups.server', exports: groups, attempts: groupAttempts },
  { path: 'items.server', exports: items, attempts: itemAttempts },
  { path: 'activity.server', exports: activity, attempts: activityAttempts },
  { path: 'trash.server', exports: trash, attempts: trashAttempts },
] as const

/** Everything of Alice's that a leak or a stray write would change. */
async function snapshot(alice: Actor) {
  return {
    tree: await tree.getGroupTree(db, alice),
    trash: await trash.listTrash(db, alice),
    activity: await activity.listActivity(db, alice, { groupId: null }),
    items: await db
      .select()
      .from(groupItem)
      .innerJoin(group, eq(group.id, groupItem.groupId))
      .where(eq(group.ownerId, alice.id)),
  }
}

describe('authorization', () => {
  it('lists every export of every module', () => {
    for (const module of MODULES) {
      expect(Object.keys(module.attempts).sort(), module.path).toEqual(
        Object.keys(module.exports).sort(),
      )
    }
  })

  it('gives a second user "not found" for the first user\'s rows, function by function', async () => {
    const alice = await world.actor('Alice Secret')
    const bob = await world.actor('Bob')
    const aliceGroup = await world.create(alice, 'Secret group')
    const aliceChild = await world.create(alice, 'Secret child', aliceGroup.id)
    const [aliceEntry] = await world.entries(alice, 1)
    const aliceTrashed = await world.create(alice, 'Secret trashed')
    await groups.deleteGroup(db, alice, { id: aliceTrashed.id, version: aliceTrashed.version })
    const bobGroup = await world.create(bob, 'Bob group')
    const bobOther = await world.create(bob, 'Bob other')
    const [bobEntry] = await world.entries(bob, 1)
    if (!aliceEntry || !bobEntry) throw new Error('entries')
    await items.addItems(db, alice, { groupId: aliceGroup.id, entryIds: [aliceEntry] })
    await items.addItems(db, bob, { groupId: bobGroup.id, entryIds: [bobEntry] })
    await tree.foldGroup(db, alice, { id: aliceGroup.id, expanded: false })
    const cast: Cast = {
      alice,
      bob,
      aliceGroup: aliceGroup.id,
      aliceChild: aliceChild.id,
      aliceEntry,
      aliceTrashed: aliceTrashed.id,
      bobGroup: bobGroup.id,
      bobOther: bobOther.id,
      bobEntry,
    }
    const before = await snapshot(alice)
    const secrets = [
      alice.id,
      alice.name,
      aliceGroup.id,
      aliceChild.id,
      aliceEntry,
      aliceTrashed.id,
      'Secret',
    ]

    const outcomes: [string, string][] = []
    const expected: [string, string][] = []
    for (const module of MODULES) {
      for (const [name, rows] of Object.entries(module.attempts)) {
        if (!Array.isArray(rows)) continue
        const label = `${module.path}#${name}`
        for (const attempt of rows) {
          if ('refused' in attempt) {
            expected.push([label, attempt.refused])
            outcomes.push([label, await codeOf(attempt.run(cast))])
          } else {
            expected.push([label, 'nothing of Alice'])
            const shown = JSON.stringify(await attempt.scoped(cast))
            const leaked = secrets.filter((secret) => shown.includes(secret))
            outcomes.push([label, leaked.length === 0 ? 'nothing of Alice' : `leaked ${leaked}`])
          }
        }
      }
    }
    expect(outcomes).toEqual(expected)
    expect(await snapshot(alice)).toEqual(before)
  })
})
