import { describe, expect, it } from 'vitest'
import { requireGroup } from '~/features/groups/access.server'
import { createTree } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailToOutbox } from '../../../tests/support/outbox-mail'
import {
  activities,
  grant,
  grantsOf,
  newMember,
  personas,
  world,
} from '../../../tests/support/sharing-world'
import { changeMemberRole, leaveGroup, listSharedWithMe, removeMember } from './members.server'

/*
 * members.server.ts on a real migrated database: role changes, removals,
 * leaving, and "Shared with me".
 */

mailToOutbox()

describe('changeMemberRole', () => {
  it('changes a role from the version the owner saw and refuses a stale one', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'viewer')
    const changed = await changeMemberRole(db, w.alice, {
      groupId: w.clientA,
      userId: bob.id,
      role: 'editor',
      version: 1,
    })
    expect(changed).toMatchObject({ userId: bob.id, name: 'Bob', role: 'editor', version: 2 })
    expect((await requireGroup(db, bob.id, w.videos, 'edit')).role).toBe('editor')

    const stale = changeMemberRole(db, w.alice, {
      groupId: w.clientA,
      userId: bob.id,
      role: 'viewer',
      version: 1,
    })
    expect(await codeOf(stale)).toBe('STALE_VERSION')
    expect(await grantsOf(bob.id)).toEqual([{ groupId: w.clientA, role: 'editor', version: 2 }])
    expect((await activities(w.alice.id, 'member.roleChanged')).map((a) => a.details)).toEqual([
      { name: 'Bob', role: 'editor' },
    ])

    // Downgraded: edits are refused at once.
    await changeMemberRole(db, w.alice, {
      groupId: w.clientA,
      userId: bob.id,
      role: 'viewer',
      version: 2,
    })
    expect(await codeOf(requireGroup(db, bob.id, w.videos, 'edit'))).toBe('GROUP_FORBIDDEN')

    const nobody = await createActor(db, 'Nobody')
    expect(
      await codeOf(
        changeMemberRole(db, w.alice, {
          groupId: w.clientA,
          userId: nobody.id,
          role: 'editor',
          version: 1,
        }),
      ),
    ).toBe('MEMBER_NOT_FOUND')
    const { editor } = await personas(w)
    expect(
      await codeOf(
        changeMemberRole(db, editor, {
          groupId: w.clientA,
          userId: bob.id,
          role: 'editor',
          version: 3,
        }),
      ),
    ).toBe('GROUP_FORBIDDEN')
  })
})

describe('removeMember', () => {
  it('takes access back at once', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'editor')
    const { editor } = await personas(w)
    const ref = { groupId: w.clientA, userId: bob.id }
    expect(await codeOf(removeMember(db, editor, ref))).toBe('GROUP_FORBIDDEN')

    expect(await removeMember(db, w.alice, ref)).toEqual({ userId: bob.id })
    expect(await codeOf(requireGroup(db, bob.id, w.clientA, 'view'))).toBe('GROUP_NOT_FOUND')
    expect(await codeOf(requireGroup(db, bob.id, w.shorts, 'view'))).toBe('GROUP_NOT_FOUND')
    expect(await listSharedWithMe(db, bob)).toEqual([])
    expect(await codeOf(removeMember(db, w.alice, ref))).toBe('MEMBER_NOT_FOUND')
    expect((await activities(w.alice.id, 'member.removed')).map((a) => a.details)).toEqual([
      { name: 'Bob', userId: bob.id },
    ])
  })
})

describe('leaveGroup', () => {
  it('drops the member’s own grant on that group only', async () => {
    const w = await world()
    const bob = await newMember(w.clientA, 'Bob', 'viewer')
    // The grant is on Client A: leaving a subgroup of it is not a thing.
    expect(await codeOf(leaveGroup(db, bob, { groupId: w.videos }))).toBe('GROUP_NOT_FOUND')
    const stranger = await createActor(db, 'Sam')
    expect(await codeOf(leaveGroup(db, stranger, { groupId: w.clientA }))).toBe('GROUP_NOT_FOUND')
    expect(await codeOf(leaveGroup(db, w.alice, { groupId: w.clientA }))).toBe('GROUP_NOT_FOUND')

    expect(await leaveGroup(db, bob, { groupId: w.clientA })).toEqual({
      groupId: w.clientA,
    })
    expect(await codeOf(requireGroup(db, bob.id, w.clientA, 'view'))).toBe('GROUP_NOT_FOUND')
    expect(await codeOf(leaveGroup(db, bob, { groupId: w.clientA }))).toBe('GROUP_NOT_FOUND')
    const left = await activities(w.alice.id, 'member.left')
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ groupId: w.clientA, actorName: 'Bob' })
  })
})

describe('listSharedWithMe', () => {
  it('lists the topmost shared groups with subtree totals, sorted by name', async () => {
    const w = await world()
    const zed = await createActor(db, 'Zed')
    const zedTree = await createTree(db, zed.id, [{ name: 'Archive' }], new Map())
    const bob = await createActor(db, 'Bob')
    await createTree(db, bob.id, [{ name: 'Bob’s own' }], new Map())
    await grant(w.clientA, bob, 'viewer')
    // Inside Client A, already covered: not listed again.
    await grant(w.videos, bob, 'editor')
    await grant(zedTree.get('Archive') ?? '', bob, 'editor')

    const shared = await listSharedWithMe(db, bob)
    expect(shared.map((entry) => [entry.name, entry.ownerName, entry.role])).toEqual([
      ['Archive', 'Zed', 'editor'],
      ['Client A', 'Alice', 'viewer'],
    ])
    expect(shared[1]).toMatchObject({
      groupId: w.clientA,
      icon: 'lucide:briefcase',
      color: 'blue',
      channelCount: 5,
      animeCount: 1,
      subgroupCount: 3,
    })
    expect(shared[0]).toMatchObject({ channelCount: 0, animeCount: 0, subgroupCount: 0 })
    expect(JSON.stringify(shared)).not.toContain('@')

    // A grant on a subgroup alone is listed by itself.
    const carol = await newMember(w.shorts, 'Carol', 'viewer')
    expect((await listSharedWithMe(db, carol)).map((e) => [e.name, e.subgroupCount])).toEqual([
      ['Shorts', 0],
    ])
    expect(await listSharedWithMe(db, w.alice)).toEqual([])
  })
})
