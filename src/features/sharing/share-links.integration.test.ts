import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { shareLink } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailsTo, mailToOutbox, withBrokenSmtp } from '../../../tests/support/outbox-mail'
import {
  activities,
  grantsOf,
  linkRow,
  makeLink,
  newMember,
  personas,
  world,
} from '../../../tests/support/sharing-world'
import { getSharePreview, joinShareLink, revokeShareLink } from './share-links.server'
import { LINK_ID_PATTERN, type SharePermission } from './sharing.schemas'

/*
 * share-links.server.ts on a real migrated database: creating links, every
 * way a link is unavailable, previews, joining (and its mail) and revoking.
 */

mailToOutbox()

describe('createShareLink', () => {
  it('creates an unguessable link with its expiry, for the owner only', async () => {
    const w = await world()
    const never = await makeLink(w.alice, w.clientA, 'view')
    expect(never.token).toMatch(LINK_ID_PATTERN)
    expect(never).toMatchObject({
      permission: 'view',
      expiresAt: null,
      revokedAt: null,
      useCount: 0,
      state: 'active',
    })
    const week = await makeLink(w.alice, w.clientA, 'edit', 7)
    expect(week.token).not.toBe(never.token)
    const days = (Date.parse(week.expiresAt ?? '') - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    const logged = await activities(w.alice.id, 'link.created')
    expect(logged.map((row) => row.details)).toEqual([
      { permission: 'view' },
      { permission: 'edit' },
    ])
    expect(logged.every((row) => row.actorName === 'Alice' && row.groupId === w.clientA)).toBe(true)

    const { editor, stranger } = await personas(w)
    expect(await codeOf(makeLink(editor, w.clientA, 'edit'))).toBe('GROUP_FORBIDDEN')
    expect(await codeOf(makeLink(stranger, w.clientA, 'view'))).toBe('GROUP_NOT_FOUND')
  })
})

describe('getSharePreview', () => {
  it('shows the group face, first items (their own titles, not the owner’s aliases) and subgroups to an anonymous reader of a view link', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const preview = await getSharePreview(db, null, {
      linkId: link.token,
      permission: 'view',
    })
    expect(preview).toEqual({
      group: {
        name: 'Client A',
        description: 'The main client',
        icon: 'lucide:briefcase',
        color: 'blue',
        channelCount: 5,
        animeCount: 1,
        subgroupCount: 3,
      },
      ownerName: 'Alice',
      permission: 'view',
      items: [
        { kind: 'channel', title: 'Channel 1', imageUrl: 'https://img.example.test/c1.jpg' },
        { kind: 'channel', title: 'Channel 2', imageUrl: 'https://img.example.test/c2.jpg' },
        { kind: 'anime', title: 'The Show', imageUrl: null },
        // The group's own items first, then its subgroups' (each entry once).
        { kind: 'channel', title: 'Channel 3', imageUrl: 'https://img.example.test/c3.jpg' },
        { kind: 'channel', title: 'Channel 4', imageUrl: 'https://img.example.test/c4.jpg' },
      ],
      subgroups: [
        { name: 'Videos', icon: 'emoji:🎬', color: 'red' },
        { name: 'Research', icon: 'lucide:flask-conical', color: null },
      ],
      viewer: null,
    })
    expect(JSON.stringify(preview)).not.toContain(w.alice.email)
    expect(JSON.stringify(preview)).not.toContain('Client B')
  })

  it('tells a signed-in reader what they already hold', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const input = { linkId: link.token, permission: 'view' } as const
    const { editor, stranger } = await personas(w)

    expect((await getSharePreview(db, stranger, input)).viewer).toEqual({
      isOwner: false,
      role: null,
      groupId: null,
    })
    expect((await getSharePreview(db, editor, input)).viewer).toEqual({
      isOwner: false,
      role: 'editor',
      groupId: w.clientA,
    })
    expect((await getSharePreview(db, w.alice, input)).viewer).toEqual({
      isOwner: true,
      role: 'owner',
      groupId: w.clientA,
    })
  })

  it('needs a signed-in reader for an edit link', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.videos, 'edit')
    const input = { linkId: link.token, permission: 'edit' } as const
    expect(await codeOf(getSharePreview(db, null, input))).toBe('UNAUTHENTICATED')
    const reader = await createActor(db, 'Rita')
    const preview = await getSharePreview(db, reader, input)
    expect(preview.group).toMatchObject({ name: 'Videos', channelCount: 3, subgroupCount: 1 })
    expect(preview.permission).toBe('edit')
  })

  it('gives the same answer for a wrong permission, a revoked, an expired and an unknown link', async () => {
    const w = await world()
    const bob = await createActor(db, 'Bob')
    const view = await makeLink(w.alice, w.clientA, 'view')
    const edit = await makeLink(w.alice, w.clientA, 'edit')
    const revoked = await makeLink(w.alice, w.clientA, 'view')
    await revokeShareLink(db, w.alice, { linkId: revoked.id })
    const expired = await makeLink(w.alice, w.clientA, 'view', 1)
    await db
      .update(shareLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLink.id, expired.id))

    const cases: { linkId: string; permission: SharePermission }[] = [
      { linkId: view.token, permission: 'edit' },
      { linkId: edit.token, permission: 'view' },
      { linkId: revoked.token, permission: 'view' },
      { linkId: expired.token, permission: 'view' },
      { linkId: 'AAAAAAAAAAAAAAAAAAAAAA', permission: 'view' },
    ]
    for (const input of cases) {
      for (const reader of [null, bob]) {
        expect(await codeOf(getSharePreview(db, reader, input))).toBe('SHARE_LINK_UNAVAILABLE')
      }
      expect(await codeOf(joinShareLink(db, bob, input))).toBe('SHARE_LINK_UNAVAILABLE')
    }
    expect(await grantsOf(bob.id)).toEqual([])
    for (const link of [view, edit, revoked, expired]) {
      expect((await linkRow(link.id)).useCount).toBe(0)
    }
    // The right permission still works on the live links.
    expect(
      await codeOf(getSharePreview(db, null, { linkId: view.token, permission: 'view' })),
    ).toBe('ok')
  })
})

describe('joinShareLink', () => {
  it('joins once as a viewer, counts one use, logs it and mails the owner', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const bob = await createActor(db, 'Bob')
    const input = { linkId: link.token, permission: 'view' } as const

    expect(await joinShareLink(db, bob, input)).toEqual({
      groupId: w.clientA,
      role: 'viewer',
    })
    expect(await joinShareLink(db, bob, input)).toEqual({
      groupId: w.clientA,
      role: 'viewer',
    })
    expect((await linkRow(link.id)).useCount).toBe(1)
    expect(await grantsOf(bob.id)).toEqual([{ groupId: w.clientA, role: 'viewer', version: 1 }])

    // The whole subtree, read-only, and nothing beside it.
    expect((await requireGroup(db, bob.id, w.shorts, 'view')).role).toBe('viewer')
    expect(await codeOf(requireGroup(db, bob.id, w.clientA, 'edit'))).toBe('GROUP_FORBIDDEN')
    expect(await codeOf(requireGroup(db, bob.id, w.clientB, 'view'))).toBe('GROUP_NOT_FOUND')

    const joined = await activities(w.alice.id, 'member.joined')
    expect(joined).toHaveLength(1)
    expect(joined[0]).toMatchObject({
      groupId: w.clientA,
      actorId: bob.id,
      actorName: 'Bob',
      details: { name: 'Bob', role: 'viewer' },
    })

    const mails = await mailsTo(w.alice.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Bob joined “Client A”')
    expect(mails[0]?.text).toContain('can now view it')
    expect(mails[0]?.text).toContain(`/dashboard/groups/${w.clientA}/share/`)
    expect(mails[0]?.text).not.toContain(bob.email)
  })

  it('raises a viewer to editor through an edit link and keeps the stronger role after', async () => {
    const w = await world({ ownerLocale: 'pt' })
    const view = await makeLink(w.alice, w.clientA, 'view')
    const edit = await makeLink(w.alice, w.clientA, 'edit')
    const bob = await createActor(db, 'Bob')
    await joinShareLink(db, bob, { linkId: view.token, permission: 'view' })
    expect(await joinShareLink(db, bob, { linkId: edit.token, permission: 'edit' })).toEqual({
      groupId: w.clientA,
      role: 'editor',
    })
    expect(await joinShareLink(db, bob, { linkId: view.token, permission: 'view' })).toEqual({
      groupId: w.clientA,
      role: 'editor',
    })
    expect(await grantsOf(bob.id)).toEqual([{ groupId: w.clientA, role: 'editor', version: 2 }])
    expect((await linkRow(view.id)).useCount).toBe(1)
    expect((await linkRow(edit.id)).useCount).toBe(1)
    expect((await requireGroup(db, bob.id, w.videos, 'edit')).role).toBe('editor')

    // In the owner's language, one mail per grant.
    const mails = await mailsTo(w.alice.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Bob entrou em “Client A”',
      'Bob entrou em “Client A”',
    ])
    expect(mails[1]?.text).toContain('pode editá-lo')
  })

  it('writes nothing when a role at least as strong comes from an ancestor', async () => {
    const w = await world()
    const carol = await newMember(w.clientA, 'Carol', 'editor')
    const view = await makeLink(w.alice, w.videos, 'view')
    expect(await joinShareLink(db, carol, { linkId: view.token, permission: 'view' })).toEqual({
      groupId: w.videos,
      role: 'editor',
    })
    expect(await grantsOf(carol.id)).toEqual([{ groupId: w.clientA, role: 'editor', version: 1 }])
    expect((await linkRow(view.id)).useCount).toBe(0)
    expect(await mailsTo(w.alice.email)).toEqual([])

    // A stronger role below an inherited viewer one is granted on that group.
    const dave = await newMember(w.clientA, 'Dave', 'viewer')
    const edit = await makeLink(w.alice, w.videos, 'edit')
    expect(await joinShareLink(db, dave, { linkId: edit.token, permission: 'edit' })).toEqual({
      groupId: w.videos,
      role: 'editor',
    })
    expect((await grantsOf(dave.id)).map((row) => [row.groupId, row.role]).sort()).toEqual(
      [
        [w.clientA, 'viewer'],
        [w.videos, 'editor'],
      ].sort(),
    )
    expect(await codeOf(requireGroup(db, dave.id, w.research, 'edit'))).toBe('GROUP_FORBIDDEN')
    expect((await requireGroup(db, dave.id, w.shorts, 'edit')).role).toBe('editor')
  })

  it('sends the owner of their own link straight to the group', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'edit')
    expect(await joinShareLink(db, w.alice, { linkId: link.token, permission: 'edit' })).toEqual({
      groupId: w.clientA,
      role: 'owner',
    })
    expect(await grantsOf(w.alice.id)).toEqual([])
    expect((await linkRow(link.id)).useCount).toBe(0)
  })

  it('keeps the join when the mail to the owner cannot be sent', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const bob = await createActor(db, 'Bob')
    const result = await withBrokenSmtp(() =>
      joinShareLink(db, bob, { linkId: link.token, permission: 'view' }),
    )
    expect(result).toEqual({ groupId: w.clientA, role: 'viewer' })
    expect(await grantsOf(bob.id)).toHaveLength(1)
    expect((await linkRow(link.id)).useCount).toBe(1)
  })
})

describe('revokeShareLink', () => {
  it('stops the link at once, once, for the owner only', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const bob = await createActor(db, 'Bob')
    await joinShareLink(db, bob, { linkId: link.token, permission: 'view' })
    const { editor, stranger } = await personas(w)

    expect(await codeOf(revokeShareLink(db, stranger, { linkId: link.id }))).toBe(
      'SHARE_LINK_UNAVAILABLE',
    )
    expect(await codeOf(revokeShareLink(db, editor, { linkId: link.id }))).toBe('GROUP_FORBIDDEN')
    expect(
      await codeOf(
        revokeShareLink(db, w.alice, { linkId: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toBe('SHARE_LINK_UNAVAILABLE')
    expect((await linkRow(link.id)).revokedAt).toBeNull()

    const revoked = await revokeShareLink(db, w.alice, { linkId: link.id })
    expect(revoked.state).toBe('revoked')
    const again = await revokeShareLink(db, w.alice, { linkId: link.id })
    expect(again.revokedAt).toBe(revoked.revokedAt)
    expect(await activities(w.alice.id, 'link.revoked')).toHaveLength(1)

    const carol = await createActor(db, 'Carol')
    expect(await codeOf(joinShareLink(db, carol, { linkId: link.token, permission: 'view' }))).toBe(
      'SHARE_LINK_UNAVAILABLE',
    )
    // Those who joined stay members until the owner removes them.
    expect((await requireGroup(db, bob.id, w.clientA, 'view')).role).toBe('viewer')
  })
})
