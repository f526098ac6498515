import { expect } from 'vitest'
import { EITHER, N, NF, Y } from '../../../tests/support/access-matrix/personas'
import { ownerOfGroup, versionOf } from '../../../tests/support/access-matrix/reads'
import {
  gated,
  matrixModule,
  type OpenCtx,
  overWire,
} from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import type { World } from '../../../tests/support/access-matrix/world'
import { db } from '../../../tests/support/database'
import * as activity from './activity.server'
import * as fns from './groups.functions'
import { parseGroupDetail, parseGroupTree } from './groups.schemas'
import * as groups from './groups.server'
import * as trashFns from './trash.functions'
import * as trash from './trash.server'
import * as tree from './tree.server'

/*
 * The authorization matrix of the groups domain: the tree, group changes and
 * activity (items: items.access-matrix.integration.test.ts). The table's
 * columns, the world and the checks are in tests/support/access-matrix.
 * A row whose export a server function calls with the input as it is goes
 * through that function over the wire, as the cell's persona (gate,
 * validator, serialised answer); the one export no function calls
 * (getGroupTree) is called directly.
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

const form = { description: '', icon: null, color: null }
/** The breadcrumb ids of a group detail: the owner's, and a member's. */
const crumbs =
  (forOwner: (w: World) => string[], forMember: (w: World) => string[]) =>
  (ctx: OpenCtx, result: unknown) => {
    const ancestors =
      result &&
      typeof result === 'object' &&
      'ancestors' in result &&
      Array.isArray(result.ancestors)
        ? result.ancestors.map((crumb: unknown) =>
            crumb && typeof crumb === 'object' && 'id' in crumb ? crumb.id : null,
          )
        : null
    expect(ancestors).toEqual(ctx.persona === 'owner' ? forOwner(ctx.w) : forMember(ctx.w))
  }
const sharedRoot = (ctx: OpenCtx, result: unknown) => {
  expect(result).toMatchObject({ rootId: ctx.persona === 'owner' ? null : ctx.w.clientA })
}

/**
 * The JSON of a function that answers a raw Response (cachedJsonResponse), as
 * the page's fetch reads it: a 200, decoded. A refusal arrives as the thrown
 * AppError before any Response; any other status is not an answer the page reads.
 */
async function jsonBody(response: Response): Promise<string> {
  if (response.status !== 200) throw new Error(`answered HTTP ${response.status}, not JSON`)
  // The wire sends no Accept-Encoding, so the answer comes back uncompressed.
  return response.text()
}

/**
 * A group detail over the wire: the body must read back as the page reads it
 * (parseGroupDetail), and the row answers the whole JSON, so the leak check
 * sees every field sent, not only those the parser keeps.
 */
async function detailOverWire(c: OpenCtx, id: string): Promise<unknown> {
  const json = await jsonBody(await overWire(c.actor, fns.getGroupDetail, { id }))
  parseGroupDetail(json)
  return JSON.parse(json)
}

const treeModule = matrixModule('src/features/groups/tree.server', tree, {
  getGroupTree: [
    gated('own tree', [N, Y, Y, Y, Y, Y, Y, Y], (c) => tree.getGroupTree(db, c.actor), {
      scoped: true,
      via: 'none',
    }),
  ],
  getGroupTreeWire: [
    gated(
      'own tree as JSON',
      [N, Y, Y, Y, Y, Y, Y, Y],
      // The tree function sends getGroupTreeWire's body as it is; the page reads it with parseGroupTree.
      async (c) => {
        const json = await jsonBody(await overWire(c.actor, fns.getGroupTree, undefined))
        parseGroupTree(json)
        return JSON.parse(json)
      },
      { scoped: true },
    ),
  ],
  getSharedTree: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => overWire(c.actor, fns.getSharedTree, { id: c.w.clientA }),
      // A member's pickers see the shared subtree only, rooted at the group shared with them.
      { check: sharedRoot },
    ),
    gated(
      'A1',
      [N, N, Y, Y, Y, N, N, N],
      (c) => overWire(c.actor, fns.getSharedTree, { id: c.w.a1 }),
      { check: sharedRoot },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, fns.getSharedTree, { id: c.w.clientB }),
      { member: NF },
    ),
  ],
  foldGroup: [
    gated('Client A', [N, N, Y, Y, Y, N, N, N], (c) =>
      overWire(c.actor, fns.foldGroup, { id: c.w.clientA, expanded: false }),
    ),
  ],
  foldGroups: [
    gated('own group', [N, Y, Y, Y, Y, Y, Y, Y], (c) =>
      overWire(c.actor, fns.foldGroups, { ids: [c.w.own[c.persona].groupId], expanded: false }),
    ),
    // "Collapse all" works on the actor's own tree only.
    gated(
      '[Client A]',
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, fns.foldGroups, { ids: [c.w.clientA], expanded: false }),
      { member: NF },
    ),
  ],
  getGroupSettings: [
    gated(
      'own settings',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, fns.getGroupSettings, undefined),
      { scoped: true },
    ),
  ],
  updateGroupSettings: [
    gated(
      'own settings',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        overWire(c.actor, fns.updateGroupSettings, {
          defaultIcon: 'lucide:star',
          defaultColor: 'red',
          defaultSort: 'name',
          treeExpanded: false,
          showCounts: false,
        }),
      { scoped: true },
    ),
  ],
})

/** The detail function answers getGroupDetailWire's JSON, which is getGroupDetail's answer (decision 0055). */
const DETAIL_VIA = ['src/features/groups/groups.functions.ts#getGroupDetail']

const groupsModule = matrixModule('src/features/groups/groups.server', groups, {
  getGroupDetail: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => detailOverWire(c, c.w.clientA),
      // A member's breadcrumbs start at the shared group: nothing above it shows.
      // The removed member is told their access ended (decision 0051); strangers learn nothing.
      {
        codes: { removed: 'GROUP_ACCESS_ENDED' },
        check: crumbs(
          (w) => [w.clients],
          () => [],
        ),
        via: DETAIL_VIA,
      },
    ),
    gated('A1', [N, N, Y, Y, Y, N, N, N], (c) => detailOverWire(c, c.w.a1), {
      codes: { removed: 'GROUP_ACCESS_ENDED' },
      check: crumbs(
        (w) => [w.clients, w.clientA],
        (w) => [w.clientA],
      ),
      via: DETAIL_VIA,
    }),
    gated('Client B', [N, N, N, N, Y, N, N, N], (c) => detailOverWire(c, c.w.clientB), {
      member: NF,
      via: DETAIL_VIA,
    }),
  ],
  createGroup: [
    gated(
      'top level of own tree',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        overWire(c.actor, fns.createGroup, { ...form, name: `New ${c.persona}`, parentId: null }),
      { scoped: true },
    ),
    gated(
      'under Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.createGroup, {
          ...form,
          name: `New ${c.persona}`,
          parentId: c.w.clientA,
        }),
      // A subgroup an editor creates belongs to the tree's owner.
      {
        check: async (c, result) => {
          const id = result && typeof result === 'object' && 'id' in result ? String(result.id) : ''
          expect(await ownerOfGroup(id)).toBe(c.w.actors.owner.id)
        },
      },
    ),
    gated('under A1', [N, N, N, Y, Y, N, N, N], (c) =>
      overWire(c.actor, fns.createGroup, { ...form, name: `New ${c.persona}`, parentId: c.w.a1 }),
    ),
    gated(
      'under Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, fns.createGroup, {
          ...form,
          name: `New ${c.persona}`,
          parentId: c.w.clientB,
        }),
      { member: NF },
    ),
  ],
  updateGroup: [
    gated('Client A itself (the grant root)', [N, N, N, N, Y, N, N, N], async (c) =>
      overWire(c.actor, fns.updateGroup, {
        ...form,
        id: c.w.clientA,
        version: await versionOf(c.w.clientA),
        name: `Renamed by ${c.persona}`,
      }),
    ),
    gated('A1', [N, N, N, Y, Y, N, N, N], async (c) =>
      overWire(c.actor, fns.updateGroup, {
        ...form,
        id: c.w.a1,
        version: await versionOf(c.w.a1),
        name: `A1 by ${c.persona}`,
      }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        overWire(c.actor, fns.updateGroup, {
          ...form,
          id: c.w.clientB,
          version: await versionOf(c.w.clientB),
          name: `B by ${c.persona}`,
        }),
      { member: NF },
    ),
  ],
  moveGroup: [
    gated('A2 into A1 (inside the share)', [N, N, N, Y, Y, N, N, N], async (c) =>
      overWire(c.actor, fns.moveGroup, {
        id: c.w.a2,
        version: await versionOf(c.w.a2),
        parentId: c.w.a1,
      }),
    ),
    gated('A1 to the top level (out of the share)', [N, N, N, N, Y, N, N, N], async (c) =>
      overWire(c.actor, fns.moveGroup, {
        id: c.w.a1,
        version: await versionOf(c.w.a1),
        parentId: null,
      }),
    ),
    gated(
      'A1 under Client B (out of the share)',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        overWire(c.actor, fns.moveGroup, {
          id: c.w.a1,
          version: await versionOf(c.w.a1),
          parentId: c.w.clientB,
        }),
      { member: EITHER },
    ),
    gated('Client A after Client B (the grant root)', [N, N, N, N, Y, N, N, N], async (c) =>
      overWire(c.actor, fns.moveGroup, {
        id: c.w.clientA,
        version: await versionOf(c.w.clientA),
        parentId: c.w.clients,
        afterId: c.w.clientB,
      }),
    ),
    gated(
      'own group into Client A',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        overWire(c.actor, fns.moveGroup, {
          id: c.w.own[c.persona].groupId,
          version: await versionOf(c.w.own[c.persona].groupId),
          parentId: c.w.clientA,
        }),
      // Items of a tree are its owner's entries: another tree's group cannot join it.
      { codes: { editor: NF } },
    ),
    gated('Client A into own group', [N, N, N, N, Y, N, N, N], async (c) =>
      overWire(c.actor, fns.moveGroup, {
        id: c.w.clientA,
        version: await versionOf(c.w.clientA),
        parentId: c.w.own[c.persona].groupId,
      }),
    ),
  ],
  getDeletePreview: [
    gated('Client A itself (the grant root)', [N, N, N, N, Y, N, N, N], (c) =>
      overWire(c.actor, fns.getDeletePreview, { id: c.w.clientA }),
    ),
    gated('A1', [N, N, N, Y, Y, N, N, N], (c) =>
      overWire(c.actor, fns.getDeletePreview, { id: c.w.a1 }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, fns.getDeletePreview, { id: c.w.clientB }),
      { member: NF },
    ),
  ],
  deleteGroup: [
    gated('Client A itself (the grant root)', [N, N, N, N, Y, N, N, N], async (c) =>
      overWire(c.actor, fns.deleteGroup, {
        id: c.w.clientA,
        version: await versionOf(c.w.clientA),
      }),
    ),
    gated(
      'A1',
      [N, N, N, Y, Y, N, N, N],
      async (c) =>
        overWire(c.actor, fns.deleteGroup, { id: c.w.a1, version: await versionOf(c.w.a1) }),
      { isolate: true },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        overWire(c.actor, fns.deleteGroup, {
          id: c.w.clientB,
          version: await versionOf(c.w.clientB),
        }),
      { member: NF },
    ),
  ],
})

const activityModule = matrixModule('src/features/groups/activity.server', activity, {
  listActivity: [
    gated('Client A', [N, N, Y, Y, Y, N, N, N], (c) =>
      overWire(c.actor, fns.listActivity, { groupId: c.w.clientA }),
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, fns.listActivity, { groupId: c.w.clientB }),
      { member: NF },
    ),
    gated(
      'own account',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, fns.listActivity, { groupId: null }),
      { scoped: true },
    ),
  ],
  recordActivity: { internal: 'written by the change it records, after that change is allowed' },
  recordActivityLines: {
    internal: 'written by the change it records, after that change is allowed',
  },
})

/** The owner deletes A1 (once per world): the trash rows act on it. */
const a1Trashed = async (c: Omit<OpenCtx, 'prepared'>) => {
  if (await ownerOfGroup(c.w.a1)) {
    await groups.deleteGroup(db, c.w.actors.owner, { id: c.w.a1, version: await versionOf(c.w.a1) })
  }
  return c.w.a1
}

const trashModule = matrixModule('src/features/groups/trash.server', trash, {
  listTrash: [
    gated(
      'own trash',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, trashFns.listTrash, undefined),
      { scoped: true },
    ),
  ],
  restoreGroup: [
    // Whoever could delete A1 (an editor of Client A) may bring it back.
    gated(
      'A1, deleted by the owner',
      [N, N, N, Y, Y, N, N, N],
      (c) => overWire(c.actor, trashFns.restoreGroup, { id: c.prepared }),
      { prepare: a1Trashed, isolate: true },
    ),
  ],
  purgeGroup: [
    gated(
      'A1, deleted by the owner',
      [N, N, N, Y, Y, N, N, N],
      (c) => overWire(c.actor, trashFns.purgeGroup, { id: c.prepared }),
      { prepare: a1Trashed, isolate: true },
    ),
  ],
  TRASH_HELD_TABLES: { internal: 'a constant: the tables a trashed group takes along' },
  trashSubtree: { internal: 'the move to the trash inside deleteGroup, after it authorized' },
})

describeAccessMatrix('groups', {
  folder: 'src/features/groups',
  modules: [treeModule, groupsModule, activityModule, trashModule],
  notHere: {
    'src/features/groups/items.server': 'its rows are in items.access-matrix.integration.test.ts',
    'src/features/groups/item-undo.server':
      'its rows are in items.access-matrix.integration.test.ts',
    'src/features/groups/access.server':
      'decides access for the modules above (findGroupAccess, requireGroup); takes no actor',
    'src/features/groups/tree-read.server':
      'reads a tree for the modules above, after they authorize',
    'src/features/groups/tree-cache.server': 'a cache keyed by tree versions; takes no actor',
    'src/features/groups/items-cache.server':
      'keeps readGroupItems for getGroupDetail, after it authorizes; takes no actor',
    'src/features/groups/group-detail-wire.server':
      'getGroupDetail as JSON: authorizes through it first (its rows above)',
    'src/features/groups/name-clash.server':
      'maps a database refusal to GROUP_NAME_TAKEN; takes no actor',
    'src/features/groups/trash-purge.server':
      'the daily purge of groups trashed more than 30 days ago; a job, takes no actor',
    'src/features/groups/former-members.server':
      'picks the refusal getGroupDetail gives when access is missing (its rows above); takes no actor',
  },
})
