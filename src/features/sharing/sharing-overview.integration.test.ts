import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { groupInvitation, groupMember, shareLink } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailToOutbox } from '../../../tests/support/outbox-mail'
import { grant, invite, makeLink, newMember, world } from '../../../tests/support/sharing-world'
import { cancelInvitation } from './invitations.server'
import { getSharing } from './sharing-overview.server'

/*
 * sharing-overview.server.ts on a real migrated database: the owner's share
 * screen lists members, recent links and pending invitations.
 */

mailToOutbox()

describe('getSharing', () => {
  it('lists members, recent links and pending invitations to the owner only', async () => {
    const w = await world()
    const bob = await createActor(db, 'Bob')
    const carol = await createActor(db, 'Carol')
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
    await grant(w.clientA, bob, 'viewer')
    await grant(w.clientA, carol, 'editor')
    // Distinct join times: two inserts in the same clock tick would fall back to the ids' order.
    await db
      .update(groupMember)
      .set({ createdAt: daysAgo(1) })
      .where(and(eq(groupMember.groupId, w.clientA), eq(groupMember.userId, bob.id)))
    const below = await newMember(w.videos, 'Below', 'editor')

    const oldRevoked = await makeLink(w.alice, w.clientA, 'view')
    const oldExpired = await makeLink(w.alice, w.clientA, 'view', 1)
    const recentRevoked = await makeLink(w.alice, w.clientA, 'view')
    const recentExpired = await makeLink(w.alice, w.clientA, 'edit', 1)
    const active = await makeLink(w.alice, w.clientA, 'edit', 30)
    await db
      .update(shareLink)
      .set({ revokedAt: daysAgo(31) })
      .where(eq(shareLink.id, oldRevoked.id))
    await db
      .update(shareLink)
      .set({ expiresAt: daysAgo(31) })
      .where(eq(shareLink.id, oldExpired.id))
    await db
      .update(shareLink)
      .set({ revokedAt: daysAgo(2) })
      .where(eq(shareLink.id, recentRevoked.id))
    await db
      .update(shareLink)
      .set({ expiresAt: daysAgo(2) })
      .where(eq(shareLink.id, recentExpired.id))
    // Distinct creation times, so "newest first" is observable.
    for (const [at, link] of [recentRevoked, recentExpired, active].entries()) {
      await db
        .update(shareLink)
        .set({ createdAt: daysAgo(10 - at) })
        .where(eq(shareLink.id, link.id))
    }

    const pending = await invite(w.alice, w.clientA, 'pending@example.test', 'viewer')
    const lapsed = await invite(w.alice, w.clientA, 'lapsed@example.test', 'editor')
    await db
      .update(groupInvitation)
      .set({ expiresAt: daysAgo(1) })
      .where(eq(groupInvitation.id, lapsed.dto.id))
    const cancelled = await invite(w.alice, w.clientA, 'gone@example.test', 'viewer')
    await cancelInvitation(db, w.alice, { invitationId: cancelled.dto.id })

    const overview = await getSharing(db, w.alice, { groupId: w.clientA })
    expect(overview.group).toMatchObject({ id: w.clientA, name: 'Client A', version: 1 })
    expect(overview.canInvite).toBe(true)
    expect(overview.members.map((m) => [m.name, m.role, m.version])).toEqual([
      ['Bob', 'viewer', 1],
      ['Carol', 'editor', 1],
    ])
    expect(Object.keys(overview.members[0] ?? {}).sort()).toEqual(
      ['image', 'joinedAt', 'name', 'role', 'userId', 'version'].sort(),
    )
    expect(JSON.stringify(overview.members)).not.toContain('@')
    expect(overview.links.map((link) => [link.id, link.state])).toEqual([
      [active.id, 'active'],
      [recentExpired.id, 'expired'],
      [recentRevoked.id, 'revoked'],
    ])
    expect(overview.invitations.map((row) => [row.email, row.expired]).sort()).toEqual([
      ['lapsed@example.test', true],
      ['pending@example.test', false],
    ])
    expect(overview.invitations.find((row) => row.id === pending.dto.id)?.role).toBe('viewer')

    const unverified = { ...w.alice, emailVerified: false }
    expect((await getSharing(db, unverified, { groupId: w.clientA })).canInvite).toBe(false)
    expect(await codeOf(getSharing(db, carol, { groupId: w.clientA }))).toBe('GROUP_FORBIDDEN')
    expect(await codeOf(getSharing(db, below, { groupId: w.clientB }))).toBe('GROUP_NOT_FOUND')
  })
})
