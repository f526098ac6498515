import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { group, libraryEntry } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { createTree } from '~/seed/factories/organiser.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailToOutbox } from '../../../tests/support/outbox-mail'
import {
  activities,
  grant,
  grantsOf,
  invite,
  makeLink,
  newMember,
  personas,
  shapeOf,
  topLevelNames,
  world,
} from '../../../tests/support/sharing-world'
import { getInvitation } from './invitations.server'
import { transferOwnership } from './ownership.server'
import { getSharePreview } from './share-links.server'
import { getSharing } from './sharing-overview.server'

/*
 * ownership.server.ts on a real migrated database: giving a subtree to an
 * editor.
 */

mailToOutbox()

describe('transferOwnership', () => {
  it('moves the subtree, its items, links and members to an editor', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'editor')
    await grant(w.shorts, bob, 'viewer')
    const carol = await newMember(w.videos, 'Carol', 'viewer')
    await createTree(db, bob.id, [{ name: 'Client A' }], new Map())
    const link = await makeLink(w.alice, w.clientA, 'view')
    const { token } = await invite(w.alice, w.clientA, 'transfer.later@example.test', 'viewer')
    const before = await shapeOf(w.clientA)

    expect(
      await transferOwnership(db, w.alice, {
        groupId: w.clientA,
        userId: bob.id,
        version: 1,
      }),
    ).toEqual({ groupId: w.clientA })

    const after = await shapeOf(w.clientA)
    expect(after.owners).toEqual(new Set([bob.id, `entry:${bob.id}`]))
    expect({ ...after.tree, name: before.tree.name }).toEqual(before.tree)
    expect(after.tree.name).toBe('Client A (2)')
    const [root] = await db.select().from(group).where(eq(group.id, w.clientA))
    expect(root).toMatchObject({ ownerId: bob.id, parentId: null, version: 2 })
    expect(await topLevelNames(w.alice.id)).toEqual(['Client B'])

    // Bob owns it; Alice keeps editing; Carol's grant still counts; links and invitations follow.
    expect((await requireGroup(db, bob.id, w.shorts, 'owner')).role).toBe('owner')
    expect(await grantsOf(bob.id)).toEqual([])
    expect(await grantsOf(w.alice.id)).toEqual([{ groupId: w.clientA, role: 'editor', version: 1 }])
    expect((await requireGroup(db, w.alice.id, w.videos, 'edit')).role).toBe('editor')
    expect(await codeOf(requireGroup(db, w.alice.id, w.clientA, 'owner'))).toBe('GROUP_FORBIDDEN')
    expect((await requireGroup(db, carol.id, w.shorts, 'view')).role).toBe('viewer')
    const preview = await getSharePreview(db, null, { linkId: link.token, permission: 'view' })
    expect(preview.ownerName).toBe('Bob')
    expect((await getInvitation(db, null, { token })).ownerName).toBe('Bob')
    expect((await getSharing(db, bob, { groupId: w.clientA })).links).toHaveLength(1)

    // Alice's library keeps its entries; the moved items are Bob's now.
    const aliceEntries = await db
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, w.alice.id))
    expect(aliceEntries).toHaveLength(6)

    const inAlice = await activities(w.alice.id, 'group.transferred')
    const inBob = await activities(bob.id, 'group.transferred')
    expect(inAlice.map((row) => row.groupId)).toEqual([null])
    expect(inBob.map((row) => row.groupId)).toEqual([w.clientA])
    expect(inBob[0]?.details).toEqual({ name: 'Client A (2)', from: 'Alice', to: 'Bob' })
  })

  it('detaches a subgroup to the new owner’s top level', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'editor')
    await transferOwnership(db, w.alice, { groupId: w.videos, userId: bob.id, version: 1 })
    const [videos] = await db.select().from(group).where(eq(group.id, w.videos))
    expect(videos).toMatchObject({ ownerId: bob.id, parentId: null, name: 'Videos' })
    const [shorts] = await db.select().from(group).where(eq(group.id, w.shorts))
    expect(shorts).toMatchObject({ ownerId: bob.id, parentId: w.videos })
    // Bob still edits the rest of Client A through his grant there.
    expect(await grantsOf(bob.id)).toEqual([{ groupId: w.clientA, role: 'editor', version: 1 }])
    expect((await shapeOf(w.clientA)).tree.children.map((child) => child.name)).toEqual([
      'Research',
    ])
    expect((await activities(w.alice.id, 'group.transferred'))[0]?.groupId).toBe(w.clientA)
  })

  it('refuses a stale version, a non-editor heir and anyone but the owner', async () => {
    const w = await world()
    const { editor, viewer, stranger } = await personas(w)
    const run = (actor: Actor, userId: string, version = 1) =>
      codeOf(transferOwnership(db, actor, { groupId: w.clientA, userId, version }))

    expect(await run(w.alice, editor.id, 2)).toBe('STALE_VERSION')
    expect(await run(w.alice, viewer.id)).toBe('MEMBER_NOT_FOUND')
    expect(await run(w.alice, stranger.id)).toBe('MEMBER_NOT_FOUND')
    expect(await run(w.alice, w.alice.id)).toBe('MEMBER_NOT_FOUND')
    expect(await run(w.alice, 'no-such-user')).toBe('MEMBER_NOT_FOUND')
    expect(await run(editor, editor.id)).toBe('GROUP_FORBIDDEN')
    expect(await run(stranger, editor.id)).toBe('GROUP_NOT_FOUND')
    const [root] = await db.select().from(group).where(eq(group.id, w.clientA))
    expect(root).toMatchObject({ ownerId: w.alice.id, version: 1 })
  })
})
