import { asc, count, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { groupNameKey } from '~/db/name-key'
import { group, groupItem, libraryEntry } from '~/db/schema'
import type { ErrorCode } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import * as groups from './groups.server'
import * as items from './items.server'

/*
 * Random sequences of tree operations against the real database. Each
 * operation's expected answer comes from a small independent model of the
 * rules (not from tree.ts), and after every step the stored tree must hold
 * the invariants: no cycle, no depth over 10, no orphan, no duplicate sibling
 * position or name, no library entry lost.
 */

const NAMES = [
  'Tech',
  'tech',
  'TECH',
  'Ärzte',
  'ärzte',
  'A\u0308rzte',
  'News',
  '📱',
  'Москва',
  'москва',
]
const ENTRIES = 6

type Op =
  | { kind: 'create'; parent: number | null; name: number }
  | { kind: 'chain'; parent: number | null; length: number }
  /** A chain under the deepest group: reaches the depth limit quickly. */
  | { kind: 'deepen'; length: number }
  | { kind: 'move'; group: number; parent: number | null; after: number | null | undefined }
  | { kind: 'reorder'; group: number; after: number | null }
  | { kind: 'delete'; group: number }
  | { kind: 'add'; group: number; entries: number[] }
  | { kind: 'stale'; group: number }
  /** A sibling named like an existing group in another case: always a clash. */
  | { kind: 'twin'; group: number }

const pick = fc.nat({ max: 40 })
/** Half the time the top level, half an existing group. */
const parentPick = fc.option(pick, { freq: 2 })
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create'),
      parent: parentPick,
      name: fc.nat({ max: NAMES.length - 1 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('chain'),
      parent: parentPick,
      length: fc.integer({ min: 2, max: 9 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('deepen'), length: fc.integer({ min: 3, max: 9 }) }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('move'),
      group: pick,
      parent: parentPick,
      after: fc.option(fc.option(pick), { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('reorder'), group: pick, after: fc.option(pick) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete'), group: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add'),
      group: pick,
      entries: fc.uniqueArray(fc.nat({ max: ENTRIES - 1 }), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('stale'), group: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('twin'), group: pick }) },
)

type Row = {
  id: string
  ownerId: string
  parentId: string | null
  name: string
  nameKey: string
  position: string
  version: number
}

const world = groupsWorld(db, 11)
let users = 0

async function load(ownerId: string): Promise<Row[]> {
  return db
    .select({
      id: group.id,
      ownerId: group.ownerId,
      parentId: group.parentId,
      name: group.name,
      nameKey: group.nameKey,
      position: group.position,
      version: group.version,
    })
    .from(group)
    .where(eq(group.ownerId, ownerId))
    .orderBy(asc(group.createdAt), asc(group.id))
}

/* The model: plain walks over the rows, written independently of tree.ts. */

function parentMap(rows: Row[]): Map<string, string | null> {
  return new Map(rows.map((row) => [row.id, row.parentId]))
}

/** Depth of `id` (1 = top level), or Infinity on a cycle or orphan. */
function depth(rows: Row[], id: string): number {
  const parents = parentMap(rows)
  let steps = 0
  let current: string | null | undefined = id
  while (current !== null) {
    if (current === undefined || steps > rows.length) return Number.POSITIVE_INFINITY
    steps += 1
    current = parents.get(current)
  }
  return steps
}

function isInside(rows: Row[], id: string, ancestor: string): boolean {
  const parents = parentMap(rows)
  for (let current: string | null | undefined = id; current; current = parents.get(current)) {
    if (current === ancestor) return true
  }
  return false
}

function height(rows: Row[], id: string): number {
  return Math.max(
    ...rows
      .filter((row) => isInside(rows, row.id, id))
      .map((row) => depth(rows, row.id) - depth(rows, id) + 1),
  )
}

function nameTaken(rows: Row[], parentId: string | null, nameKey: string, exceptId?: string) {
  return rows.some(
    (row) => row.parentId === parentId && row.nameKey === nameKey && row.id !== exceptId,
  )
}

function expectedCreate(rows: Row[], parentId: string | null, name: string): ErrorCode | 'ok' {
  if (parentId !== null && depth(rows, parentId) + 1 > GROUP_DEPTH_MAX) return 'GROUP_DEPTH_LIMIT'
  if (nameTaken(rows, parentId, groupNameKey(name))) return 'GROUP_NAME_TAKEN'
  return 'ok'
}

function expectedMove(rows: Row[], moving: Row, parentId: string | null): ErrorCode | 'ok' {
  if (parentId !== null && isInside(rows, parentId, moving.id)) return 'GROUP_CYCLE'
  const parentDepth = parentId === null ? 0 : depth(rows, parentId)
  if (parentDepth + height(rows, moving.id) > GROUP_DEPTH_MAX) return 'GROUP_DEPTH_LIMIT'
  if (moving.parentId !== parentId && nameTaken(rows, parentId, moving.nameKey, moving.id)) {
    return 'GROUP_NAME_TAKEN'
  }
  return 'ok'
}

/** Refusals met over all runs: the sequences must reach every rule, or the test proves little. */
const refusals = new Set<ErrorCode>()

async function outcome(promise: Promise<unknown>): Promise<ErrorCode | 'ok'> {
  const code = await codeOf(promise)
  if (code !== 'ok') refusals.add(code)
  return code
}

/** The stored tree's invariants, checked from the database after every step. */
async function checkInvariants(ownerId: string, entryCount: number) {
  const rows = await load(ownerId)
  const ids = new Set(rows.map((row) => row.id))
  const siblingsSeen = new Set<string>()
  for (const row of rows) {
    expect(row.parentId === null || ids.has(row.parentId), 'orphan').toBe(true)
    const rowDepth = depth(rows, row.id)
    expect(Number.isFinite(rowDepth), 'cycle').toBe(true)
    expect(rowDepth).toBeLessThanOrEqual(GROUP_DEPTH_MAX)
    const positionKey = `${row.parentId}|p|${row.position}`
    const nameKey = `${row.parentId}|n|${row.nameKey}`
    expect(siblingsSeen.has(positionKey), 'duplicate sibling position').toBe(false)
    expect(siblingsSeen.has(nameKey), 'duplicate sibling name').toBe(false)
    siblingsSeen.add(positionKey)
    siblingsSeen.add(nameKey)
  }
  const [entries] = await db
    .select({ value: count() })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, ownerId))
  expect(entries?.value).toBe(entryCount)
  const items = await db
    .select({ groupId: groupItem.groupId })
    .from(groupItem)
    .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
    .where(eq(libraryEntry.userId, ownerId))
  for (const item of items) expect(ids.has(item.groupId), 'item outside the tree').toBe(true)
}

async function run(actor: Actor, entries: string[], op: Op, step: number) {
  const rows = await load(actor.id)
  const at = (index: number | null) =>
    index === null || rows.length === 0 ? null : (rows[index % rows.length] ?? null)
  const form = { description: '', icon: null, color: null }
  switch (op.kind) {
    case 'create': {
      const parentId = at(op.parent)?.id ?? null
      const name = NAMES[op.name] ?? 'x'
      const expected = expectedCreate(rows, parentId, name)
      expect(await outcome(groups.createGroup(db, actor, { ...form, name, parentId }))).toBe(
        expected,
      )
      return
    }
    case 'chain':
    case 'deepen': {
      const deepest = [...rows].sort((a, b) => depth(rows, b.id) - depth(rows, a.id))[0]
      let parentId = op.kind === 'chain' ? (at(op.parent)?.id ?? null) : (deepest?.id ?? null)
      for (let level = 0; level < op.length; level += 1) {
        const name = `Chain ${step}.${level}`
        const expected = expectedCreate(await load(actor.id), parentId, name)
        const created = groups.createGroup(db, actor, { ...form, name, parentId })
        expect(await outcome(created)).toBe(expected)
        if (expected !== 'ok') return
        parentId = (await created).id
      }
      return
    }
    case 'move': {
      const moving = at(op.group)
      if (!moving) return
      const parentId = op.parent === null ? null : (at(op.parent)?.id ?? null)
      const expected = expectedMove(rows, moving, parentId)
      // afterId: a sibling at the destination (or first / last); a non-sibling is refused.
      const siblings = rows.filter((row) => row.parentId === parentId && row.id !== moving.id)
      const after =
        op.after === undefined
          ? undefined
          : op.after === null
            ? null
            : siblings.length > 0
              ? siblings[op.after % siblings.length]?.id
              : undefined
      const result = await outcome(
        groups.moveGroup(db, actor, {
          id: moving.id,
          version: moving.version,
          parentId,
          afterId: after,
        }),
      )
      expect(result).toBe(expected)
      return
    }
    case 'reorder': {
      const moving = at(op.group)
      if (!moving) return
      const siblings = rows.filter(
        (row) => row.parentId === moving.parentId && row.id !== moving.id,
      )
      const after =
        op.after === null || siblings.length === 0 ? null : siblings[op.after % siblings.length]?.id
      const result = await outcome(
        groups.moveGroup(db, actor, {
          id: moving.id,
          version: moving.version,
          parentId: moving.parentId,
          afterId: after,
        }),
      )
      expect(result).toBe('ok')
      return
    }
    case 'delete': {
      const target = at(op.group)
      if (!target) return
      const doomed = rows.filter((row) => isInside(rows, row.id, target.id)).length
      const preview = await groups.getDeletePreview(db, actor, { id: target.id })
      expect(preview.subgroups).toBe(doomed - 1)
      await groups.deleteGroup(db, actor, { id: target.id, version: target.version })
      expect((await load(actor.id)).length).toBe(rows.length - doomed)
      return
    }
    case 'add': {
      const target = at(op.group)
      if (!target) return
      const entryIds = op.entries.map((index) => entries[index] ?? '')
      const result = await items.addItems(db, actor, { groupId: target.id, entryIds })
      expect(result.added + result.alreadyThere).toBe(entryIds.length)
      return
    }
    case 'twin': {
      const twin = at(op.group)
      if (!twin) return
      const name =
        twin.name === twin.name.toUpperCase() ? twin.name.toLowerCase() : twin.name.toUpperCase()
      const expected = expectedCreate(rows, twin.parentId, name)
      expect(expected).not.toBe('ok')
      const created = groups.createGroup(db, actor, { ...form, name, parentId: twin.parentId })
      expect(await outcome(created)).toBe(expected)
      return
    }
    case 'stale': {
      const target = at(op.group)
      if (!target) return
      const result = await outcome(
        groups.updateGroup(db, actor, {
          ...form,
          id: target.id,
          version: target.version + 1,
          name: 'Stale',
        }),
      )
      expect(result).toBe('STALE_VERSION')
      return
    }
  }
}

describe('the group tree under random operations', () => {
  it('never yields a cycle, a depth over 10, an orphan, a duplicate or a lost entry', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 8, maxLength: 20 }), async (ops) => {
        users += 1
        const actor = await world.actor(`Prop ${users}`)
        const entries = await world.entries(actor, ENTRIES)
        for (const [step, op] of ops.entries()) {
          await run(actor, entries, op, step)
          await checkInvariants(actor.id, ENTRIES)
        }
      }),
      { numRuns: 15 },
    )
    expect([...refusals].sort()).toEqual([
      'GROUP_CYCLE',
      'GROUP_DEPTH_LIMIT',
      'GROUP_NAME_TAKEN',
      'STALE_VERSION',
    ])
  })
})
