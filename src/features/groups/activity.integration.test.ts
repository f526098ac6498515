import { describe, expect, it } from 'vitest'
import { groupActivity } from '~/db/schema'
import { grantRole } from '~/seed/factories/organiser.server'
import { db } from '../../../tests/support/database'
import { groupsWorld } from '../../../tests/support/groups-world'
import * as activity from './activity.server'
import * as groups from './groups.server'

/* activity.server.ts against a real migrated database: what the log lists, and for whom. */

const world = groupsWorld(db)

describe('listActivity', () => {
  it('lists the newest 50 first, for one group or the whole account', async () => {
    const alice = await world.actor('Alice')
    const a = await world.create(alice, 'A')
    const b = await world.create(alice, 'B')
    let version = 1
    for (let at = 0; at < 55; at += 1) {
      await groups.updateGroup(db, alice, {
        id: a.id,
        version,
        name: `A${at}`,
        description: '',
        icon: null,
        color: null,
      })
      version += 1
    }
    const ofA = await activity.listActivity(db, alice, { groupId: a.id })
    expect(ofA).toHaveLength(50)
    expect(ofA[0]?.details).toEqual({ from: 'A53', to: 'A54' })
    const times = ofA.map((entry) => entry.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    const ofB = await activity.listActivity(db, alice, { groupId: b.id })
    expect(ofB.map((entry) => entry.action)).toEqual(['group.created'])
    const all = await activity.listActivity(db, alice, { groupId: null })
    expect(all).toHaveLength(50)
    expect(await activity.listActivity(db, await world.actor('Bob'), { groupId: null })).toEqual([])
  })
})

describe('listActivity for a member', () => {
  it("leaves out invited addresses and where a moved group came from (maybe the owner's private group)", async () => {
    const owner = await world.actor('Log owner')
    const member = await world.actor('Log member')
    const shared = await world.create(owner, 'Shared log')
    const secret = await world.create(owner, 'Secret plans')
    const moving = await world.create(owner, 'Moving in', secret.id)
    await grantRole(db, shared.id, member.id, 'viewer')
    await groups.moveGroup(db, owner, {
      id: moving.id,
      version: moving.version,
      parentId: shared.id,
    })
    await db.insert(groupActivity).values({
      ownerId: owner.id,
      groupId: shared.id,
      actorId: owner.id,
      actorName: owner.name,
      action: 'invitation.sent',
      details: { email: 'client@example.test', role: 'viewer' },
    })

    const ownerView = await activity.listActivity(db, owner, { groupId: moving.id })
    expect(ownerView[0]?.details).toMatchObject({ from: 'Secret plans', to: 'Shared log' })
    const memberMoves = await activity.listActivity(db, member, { groupId: moving.id })
    expect(memberMoves[0]?.details).toEqual({ name: 'Moving in', to: 'Shared log' })
    const memberLog = await activity.listActivity(db, member, { groupId: shared.id })
    expect(JSON.stringify(memberLog)).not.toContain('client@example.test')
    expect(memberLog.find((row) => row.action === 'invitation.sent')?.details).toEqual({
      role: 'viewer',
    })
  })
})
