import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { group, libraryEntry } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { addToLibrary, createTree } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailToOutbox } from '../../../tests/support/outbox-mail'
import {
  activities,
  newMember,
  shapeOf,
  topLevelNames,
  world,
} from '../../../tests/support/sharing-world'
import { copySharedGroup } from './copy-group.server'

/*
 * copy-group.server.ts on a real migrated database: deep copies of a shared
 * group into the member's own tree.
 */

mailToOutbox()

describe('copySharedGroup', () => {
  it('makes a deep copy owned by the member, with order, looks and their own entries', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'viewer')
    // Bob already follows channel 1: the copy reuses that entry.
    const own = await addToLibrary(db, bob.id, { channelIds: [w.channels.c1] })

    const copy = await copySharedGroup(db, bob, { groupId: w.clientA })
    expect(copy).toMatchObject({ groups: 4, items: 6 })
    const source = await shapeOf(w.clientA)
    const copied = await shapeOf(copy.groupId)
    expect(copied.tree).toEqual(source.tree)
    expect(copied.tree.children.map((child) => child.name)).toEqual(['Videos', 'Research'])
    expect(copied.tree.items).toEqual([w.channels.c1, w.channels.c2, w.anime])
    expect(copied.owners).toEqual(new Set([bob.id, `entry:${bob.id}`]))
    const [root] = await db.select().from(group).where(eq(group.id, copy.groupId))
    expect(root?.parentId).toBeNull()

    const c1Entries = await db
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, bob.id), eq(libraryEntry.channelId, w.channels.c1)))
    expect(c1Entries.map((row) => row.id)).toEqual([own.get(w.channels.c1)])

    // The source is untouched and the copy is Bob's to change.
    expect((await shapeOf(w.clientA)).owners).toEqual(new Set([w.alice.id, `entry:${w.alice.id}`]))
    expect((await requireGroup(db, bob.id, copy.groupId, 'owner')).role).toBe('owner')
    expect(await codeOf(requireGroup(db, w.alice.id, copy.groupId, 'view'))).toBe('GROUP_NOT_FOUND')
    const logged = await activities(bob.id, 'group.copied')
    expect(logged.map((row) => [row.groupId, row.details])).toEqual([
      [copy.groupId, { name: 'Client A', from: 'Client A', groups: 4, items: 6 }],
    ])
  })

  it('finds a free name at the top level and copies a subgroup on its own', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'editor')
    await createTree(db, bob.id, [{ name: 'client a' }], new Map())
    const first = await copySharedGroup(db, bob, { groupId: w.clientA })
    const second = await copySharedGroup(db, bob, { groupId: w.clientA })
    const videos = await copySharedGroup(db, bob, { groupId: w.videos })
    expect(videos).toMatchObject({ groups: 2, items: 3 })
    expect(await topLevelNames(bob.id)).toEqual(
      ['client a', 'Client A (2)', 'Client A (3)', 'Videos'].sort(),
    )
    const [row] = await db.select().from(group).where(eq(group.id, first.groupId))
    expect(row?.name).toBe('Client A (2)')
    expect(second.groupId).not.toBe(first.groupId)
  })

  it('copies once for a retried key, even two at a time; another key copies again', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'viewer')
    const key = crypto.randomUUID()
    const [first, raced] = await Promise.all([
      copySharedGroup(db, bob, { groupId: w.clientA, idempotencyKey: key }),
      copySharedGroup(db, bob, { groupId: w.clientA, idempotencyKey: key }),
    ])
    const retried = await copySharedGroup(db, bob, { groupId: w.clientA, idempotencyKey: key })
    expect(raced).toEqual(first)
    expect(retried).toEqual(first)
    expect(await topLevelNames(bob.id)).toEqual(['Client A'])
    const other = await copySharedGroup(db, bob, {
      groupId: w.clientA,
      idempotencyKey: crypto.randomUUID(),
    })
    expect(other.groupId).not.toBe(first.groupId)
  })

  it('refuses strangers', async () => {
    const w = await world()
    const stranger = await createActor(db, 'Sam')
    expect(await codeOf(copySharedGroup(db, stranger, { groupId: w.clientA }))).toBe(
      'GROUP_NOT_FOUND',
    )
    expect(await topLevelNames(stranger.id)).toEqual([])
  })
})
