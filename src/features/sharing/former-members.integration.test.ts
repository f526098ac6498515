import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { group } from '~/db/schema'
import { listActivity } from '~/features/groups/activity.server'
import { getGroupDetail } from '~/features/groups/groups.server'
import { errorOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailToOutbox } from '../../../tests/support/outbox-mail'
import { grant, newMember, personas, world } from '../../../tests/support/sharing-world'
import { leaveGroup, removeMember } from './members.server'

/*
 * "You no longer have access" (decision 0051): a former member of a group is
 * told so, per user and per group; a stranger cannot tell an existing group
 * from a missing one.
 */

mailToOutbox()

/** What opening a group answers: its code and params, as the wire carries them. */
async function opening(actor: { id: string; name: string; emailVerified: boolean }, id: string) {
  const error = await errorOf(getGroupDetail(db, actor, { id }))
  return { code: error.code, params: error.params }
}

const NOT_FOUND = { code: 'GROUP_NOT_FOUND', params: {} }

describe('a member whose access was removed', () => {
  it('is told their access ended, on the group and below it, naming the owner', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'editor')
    expect((await getGroupDetail(db, bob, { id: w.shorts })).role).toBe('editor')

    await removeMember(db, w.alice, { groupId: w.clientA, userId: bob.id })

    const ended = { code: 'GROUP_ACCESS_ENDED', params: { owner: 'Alice' } }
    expect(await opening(bob, w.clientA)).toEqual(ended)
    expect(await opening(bob, w.shorts)).toEqual(ended)
    // Per group: Client B was never shared with Bob.
    expect(await opening(bob, w.clientB)).toEqual(NOT_FOUND)
    // Per user: someone else who never was a member learns nothing.
    const { stranger } = await personas(w)
    expect(await opening(stranger, w.clientA)).toEqual(NOT_FOUND)
  })

  it('is told so after leaving too, and gets the group back when shared again', async () => {
    const w = await world()
    const { viewer } = await personas(w)
    await leaveGroup(db, viewer, { groupId: w.clientA })
    expect(await opening(viewer, w.videos)).toEqual({
      code: 'GROUP_ACCESS_ENDED',
      params: { owner: 'Alice' },
    })

    await grant(w.clientA, viewer, 'viewer')
    expect((await getGroupDetail(db, viewer, { id: w.videos })).role).toBe('viewer')
  })

  it('is not told about another owner’s group whose id they guess', async () => {
    const w = await world()
    const other = await world()
    const bob = await newMember(w.clientA, 'Bob', 'viewer')
    await removeMember(db, w.alice, { groupId: w.clientA, userId: bob.id })
    expect(await opening(bob, other.clientA)).toEqual(NOT_FOUND)
  })

  it('gets not-found once the group itself is gone', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'viewer')
    await removeMember(db, w.alice, { groupId: w.clientA, userId: bob.id })
    await db.delete(group).where(eq(group.id, w.clientA))
    expect(await opening(bob, w.clientA)).toEqual(NOT_FOUND)
  })

  it('leaves no member id in the activity anyone reads', async () => {
    const w = await world()
    const { viewer } = await personas(w)
    const bob = await newMember(w.clientA, 'Bob', 'viewer')
    await removeMember(db, w.alice, { groupId: w.clientA, userId: bob.id })
    for (const reader of [w.alice, viewer]) {
      const lines = await listActivity(db, reader, { groupId: w.clientA })
      const removed = lines.filter((line) => line.action === 'member.removed')
      expect(removed.map((line) => line.details)).toEqual([{ name: 'Bob' }])
    }
  })
})

describe('a stranger', () => {
  it('gets the same answer for an existing group as for a missing one', async () => {
    const w = await world()
    const { stranger } = await personas(w)
    const existing = await opening(stranger, w.clientA)
    const missing = await opening(stranger, crypto.randomUUID())
    expect(existing).toEqual(NOT_FOUND)
    expect(missing).toEqual(existing)
  })
})
