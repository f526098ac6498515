import { createHash } from 'node:crypto'
import { createServer } from 'node:net'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '~/db/client.server'
import { addToLibrary, createTree, upsertCatalogue } from '~/db/factories/organiser.server'
import { createActor } from '~/db/factories/users.server'
import {
  type ActivityAction,
  group,
  groupActivity,
  groupInvitation,
  groupItem,
  groupMember,
  libraryEntry,
  mailOutbox,
  shareLink,
} from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { AppError, type ErrorCode } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { LINK_ID_PATTERN, type SharePermission } from './sharing.schemas'
import * as sharing from './sharing.server'

/*
 * sharing.server.ts on a real migrated database: links (every way a link
 * is unavailable), joining, invitations and their mails, members, "Shared
 * with me", deep copies and ownership transfer.
 */

let db: Database
const savedSmtp = process.env.SMTP_URL

beforeAll(async () => {
  // Mail goes to the outbox table, which the tests read.
  delete process.env.SMTP_URL
  resetEnvCacheForTests()
  db = await getDb()
})

afterAll(() => {
  if (savedSmtp === undefined) delete process.env.SMTP_URL
  else process.env.SMTP_URL = savedSmtp
  resetEnvCacheForTests()
})

/* Helpers */

type Person = Actor & { email: string }

let catalogueSeq = 0
function uniqueId(prefix: string): string {
  catalogueSeq += 1
  return `${prefix}${String(catalogueSeq).padStart(6, '0')}${crypto.randomUUID().slice(0, 8)}`
}

/**
 * Alice's tree: Client A (3 channels, 1 anime directly) > Videos > Shorts,
 * Client A > Research, and Client B beside it.
 */
async function world(options: { ownerLocale?: 'en' | 'pt' | 'es' } = {}) {
  const alice = await createActor(db, 'Alice', { locale: options.ownerLocale })
  const channels = Array.from({ length: 5 }, (_, at) => ({
    id: uniqueId('UC'),
    title: `Channel ${at + 1}`,
    avatarUrl: `https://img.example.test/c${at + 1}.jpg`,
  }))
  const show = { id: uniqueId('G'), slug: 'show', title: 'The Show', posterUrl: null }
  await upsertCatalogue(db, { channels, animes: [show] })
  const c = channels.map((row) => row.id)
  const [c1 = '', c2 = '', c3 = '', c4 = '', c5 = ''] = c
  const entries = await addToLibrary(db, alice.id, { channelIds: c, animeIds: [show.id] })
  await db
    .update(libraryEntry)
    .set({ alias: 'My favourite' })
    .where(eq(libraryEntry.id, entries.get(c2) ?? ''))
  const ids = await createTree(
    db,
    alice.id,
    [
      {
        name: 'Client A',
        icon: 'lucide:briefcase',
        color: 'blue',
        description: 'The main client',
        items: [c1, c2, show.id],
        children: [
          {
            name: 'Videos',
            icon: 'emoji:🎬',
            color: 'red',
            items: [c3],
            children: [{ name: 'Shorts', items: [c4, c1] }],
          },
          { name: 'Research', icon: 'lucide:flask-conical' },
        ],
      },
      { name: 'Client B', items: [c5] },
    ],
    entries,
  )
  const path = (name: string) => {
    const id = ids.get(name)
    if (!id) throw new Error(`no group ${name}`)
    return id
  }
  return {
    alice,
    clientA: path('Client A'),
    videos: path('Client A/Videos'),
    shorts: path('Client A/Videos/Shorts'),
    research: path('Client A/Research'),
    clientB: path('Client B'),
    channels: { c1, c2, c3, c4, c5 },
    anime: show.id,
  }
}

/** The code of the AppError a call throws; anything else fails the test. */
async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | 'ok'> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected an AppError')
}

function makeLink(
  owner: Actor,
  groupId: string,
  permission: SharePermission,
  expiresInDays: 0 | 1 | 7 | 30 = 0,
) {
  return sharing.createShareLink(db, owner, { groupId, permission, expiresInDays })
}

async function linkRow(id: string) {
  const [row] = await db.select().from(shareLink).where(eq(shareLink.id, id))
  if (!row) throw new Error(`link ${id} is gone`)
  return row
}

async function grantsOf(userId: string) {
  return db
    .select({ groupId: groupMember.groupId, role: groupMember.role, version: groupMember.version })
    .from(groupMember)
    .where(eq(groupMember.userId, userId))
}

async function grant(groupId: string, member: Actor, role: 'viewer' | 'editor') {
  await db.insert(groupMember).values({ groupId, userId: member.id, role })
}

async function mailsTo(email: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt))
}

async function activities(ownerId: string, action: ActivityAction) {
  return db
    .select()
    .from(groupActivity)
    .where(and(eq(groupActivity.ownerId, ownerId), eq(groupActivity.action, action)))
}

function tokenIn(text: string): string {
  const token = text.match(/\/invitations\/([A-Za-z0-9_-]{43})\//)?.[1]
  if (!token) throw new Error(`no invitation link in: ${text}`)
  return token
}

async function invite(owner: Person, groupId: string, email: string, role: 'viewer' | 'editor') {
  const dto = await sharing.inviteMember(db, owner, { groupId, email, role })
  const [mail] = (await mailsTo(email)).slice(-1)
  if (!mail) throw new Error(`no mail to ${email}`)
  return { dto, token: tokenIn(mail.text), mail }
}

/** A port nothing listens on: SMTP to it fails at once. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

async function withBrokenSmtp<T>(run: () => Promise<T>): Promise<T> {
  process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`
  resetEnvCacheForTests()
  try {
    return await run()
  } finally {
    delete process.env.SMTP_URL
    resetEnvCacheForTests()
  }
}

/* Share links */

describe('createShareLink', () => {
  it('creates an unguessable link with its expiry, for the owner only', async () => {
    const w = await world()
    const never = await makeLink(w.alice, w.clientA, 'view')
    expect(never.id).toMatch(LINK_ID_PATTERN)
    expect(never).toMatchObject({
      permission: 'view',
      expiresAt: null,
      revokedAt: null,
      useCount: 0,
      state: 'active',
    })
    const week = await makeLink(w.alice, w.clientA, 'edit', 7)
    expect(week.id).not.toBe(never.id)
    const days = (Date.parse(week.expiresAt ?? '') - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)

    const logged = await activities(w.alice.id, 'link.created')
    expect(logged.map((row) => row.details)).toEqual([
      { permission: 'view' },
      { permission: 'edit' },
    ])
    expect(logged.every((row) => row.actorName === 'Alice' && row.groupId === w.clientA)).toBe(true)

    const editor = await createActor(db, 'Eddie')
    await grant(w.clientA, editor, 'editor')
    const stranger = await createActor(db, 'Stranger')
    expect(await codeOf(makeLink(editor, w.clientA, 'edit'))).toBe('GROUP_FORBIDDEN')
    expect(await codeOf(makeLink(stranger, w.clientA, 'view'))).toBe('GROUP_NOT_FOUND')
  })
})

describe('getSharePreview', () => {
  it('shows the group face, first items and subgroups to an anonymous reader of a view link', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const preview = await sharing.getSharePreview(db, null, {
      linkId: link.id,
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
        { kind: 'channel', title: 'My favourite', imageUrl: 'https://img.example.test/c2.jpg' },
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
    const input = { linkId: link.id, permission: 'view' } as const
    const stranger = await createActor(db, 'Sam')
    const member = await createActor(db, 'Mia')
    await grant(w.clientA, member, 'editor')

    expect((await sharing.getSharePreview(db, stranger, input)).viewer).toEqual({
      isOwner: false,
      role: null,
      groupId: null,
    })
    expect((await sharing.getSharePreview(db, member, input)).viewer).toEqual({
      isOwner: false,
      role: 'editor',
      groupId: w.clientA,
    })
    expect((await sharing.getSharePreview(db, w.alice, input)).viewer).toEqual({
      isOwner: true,
      role: 'owner',
      groupId: w.clientA,
    })
  })

  it('needs a signed-in reader for an edit link', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.videos, 'edit')
    const input = { linkId: link.id, permission: 'edit' } as const
    expect(await codeOf(sharing.getSharePreview(db, null, input))).toBe('UNAUTHENTICATED')
    const reader = await createActor(db, 'Rita')
    const preview = await sharing.getSharePreview(db, reader, input)
    expect(preview.group).toMatchObject({ name: 'Videos', channelCount: 3, subgroupCount: 1 })
    expect(preview.permission).toBe('edit')
  })

  it('gives the same answer for a wrong permission, a revoked, an expired and an unknown link', async () => {
    const w = await world()
    const bob = await createActor(db, 'Bob')
    const view = await makeLink(w.alice, w.clientA, 'view')
    const edit = await makeLink(w.alice, w.clientA, 'edit')
    const revoked = await makeLink(w.alice, w.clientA, 'view')
    await sharing.revokeShareLink(db, w.alice, { linkId: revoked.id })
    const expired = await makeLink(w.alice, w.clientA, 'view', 1)
    await db
      .update(shareLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLink.id, expired.id))

    const cases: { linkId: string; permission: SharePermission }[] = [
      { linkId: view.id, permission: 'edit' },
      { linkId: edit.id, permission: 'view' },
      { linkId: revoked.id, permission: 'view' },
      { linkId: expired.id, permission: 'view' },
      { linkId: 'AAAAAAAAAAAAAAAAAAAAAA', permission: 'view' },
    ]
    for (const input of cases) {
      for (const reader of [null, bob]) {
        expect(await codeOf(sharing.getSharePreview(db, reader, input))).toBe(
          'SHARE_LINK_UNAVAILABLE',
        )
      }
      expect(await codeOf(sharing.joinShareLink(db, bob, input))).toBe('SHARE_LINK_UNAVAILABLE')
    }
    expect(await grantsOf(bob.id)).toEqual([])
    for (const link of [view, edit, revoked, expired]) {
      expect((await linkRow(link.id)).useCount).toBe(0)
    }
    // The right permission still works on the live links.
    expect(
      await codeOf(sharing.getSharePreview(db, null, { linkId: view.id, permission: 'view' })),
    ).toBe('ok')
  })
})

describe('joinShareLink', () => {
  it('joins once as a viewer, counts one use, logs it and mails the owner', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const bob = await createActor(db, 'Bob')
    const input = { linkId: link.id, permission: 'view' } as const

    expect(await sharing.joinShareLink(db, bob, input)).toEqual({
      groupId: w.clientA,
      role: 'viewer',
    })
    expect(await sharing.joinShareLink(db, bob, input)).toEqual({
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
    await sharing.joinShareLink(db, bob, { linkId: view.id, permission: 'view' })
    expect(await sharing.joinShareLink(db, bob, { linkId: edit.id, permission: 'edit' })).toEqual({
      groupId: w.clientA,
      role: 'editor',
    })
    expect(await sharing.joinShareLink(db, bob, { linkId: view.id, permission: 'view' })).toEqual({
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
    const carol = await createActor(db, 'Carol')
    await grant(w.clientA, carol, 'editor')
    const view = await makeLink(w.alice, w.videos, 'view')
    expect(await sharing.joinShareLink(db, carol, { linkId: view.id, permission: 'view' })).toEqual(
      { groupId: w.videos, role: 'editor' },
    )
    expect(await grantsOf(carol.id)).toEqual([{ groupId: w.clientA, role: 'editor', version: 1 }])
    expect((await linkRow(view.id)).useCount).toBe(0)
    expect(await mailsTo(w.alice.email)).toEqual([])

    // A stronger role below an inherited viewer one is granted on that group.
    const dave = await createActor(db, 'Dave')
    await grant(w.clientA, dave, 'viewer')
    const edit = await makeLink(w.alice, w.videos, 'edit')
    expect(await sharing.joinShareLink(db, dave, { linkId: edit.id, permission: 'edit' })).toEqual({
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
    expect(
      await sharing.joinShareLink(db, w.alice, { linkId: link.id, permission: 'edit' }),
    ).toEqual({ groupId: w.clientA, role: 'owner' })
    expect(await grantsOf(w.alice.id)).toEqual([])
    expect((await linkRow(link.id)).useCount).toBe(0)
  })

  it('keeps the join when the mail to the owner cannot be sent', async () => {
    const w = await world()
    const link = await makeLink(w.alice, w.clientA, 'view')
    const bob = await createActor(db, 'Bob')
    const result = await withBrokenSmtp(() =>
      sharing.joinShareLink(db, bob, { linkId: link.id, permission: 'view' }),
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
    await sharing.joinShareLink(db, bob, { linkId: link.id, permission: 'view' })
    const member = await createActor(db, 'Mia')
    await grant(w.clientA, member, 'editor')
    const stranger = await createActor(db, 'Sam')

    expect(await codeOf(sharing.revokeShareLink(db, stranger, { linkId: link.id }))).toBe(
      'SHARE_LINK_UNAVAILABLE',
    )
    expect(await codeOf(sharing.revokeShareLink(db, member, { linkId: link.id }))).toBe(
      'GROUP_FORBIDDEN',
    )
    expect(
      await codeOf(sharing.revokeShareLink(db, w.alice, { linkId: 'BBBBBBBBBBBBBBBBBBBBBB' })),
    ).toBe('SHARE_LINK_UNAVAILABLE')
    expect((await linkRow(link.id)).revokedAt).toBeNull()

    const revoked = await sharing.revokeShareLink(db, w.alice, { linkId: link.id })
    expect(revoked.state).toBe('revoked')
    const again = await sharing.revokeShareLink(db, w.alice, { linkId: link.id })
    expect(again.revokedAt).toBe(revoked.revokedAt)
    expect(await activities(w.alice.id, 'link.revoked')).toHaveLength(1)

    const carol = await createActor(db, 'Carol')
    expect(
      await codeOf(sharing.joinShareLink(db, carol, { linkId: link.id, permission: 'view' })),
    ).toBe('SHARE_LINK_UNAVAILABLE')
    // Those who joined stay members until the owner removes them.
    expect((await requireGroup(db, bob.id, w.clientA, 'view')).role).toBe('viewer')
  })
})

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
    const below = await createActor(db, 'Below')
    await grant(w.videos, below, 'editor')

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
    await sharing.cancelInvitation(db, w.alice, { invitationId: cancelled.dto.id })

    const overview = await sharing.getSharing(db, w.alice, { groupId: w.clientA })
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
    expect((await sharing.getSharing(db, unverified, { groupId: w.clientA })).canInvite).toBe(false)
    expect(await codeOf(sharing.getSharing(db, carol, { groupId: w.clientA }))).toBe(
      'GROUP_FORBIDDEN',
    )
    expect(await codeOf(sharing.getSharing(db, below, { groupId: w.clientB }))).toBe(
      'GROUP_NOT_FOUND',
    )
  })
})

/* Invitations */

describe('inviteMember', () => {
  it('mails a single-use link whose hash alone is stored, in the inviter’s language', async () => {
    const w = await world({ ownerLocale: 'es' })
    const { dto, token, mail } = await invite(w.alice, w.clientA, 'new@example.test', 'editor')
    expect(dto).toMatchObject({ email: 'new@example.test', role: 'editor', expired: false })
    const days = (Date.parse(dto.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.99)
    expect(days).toBeLessThanOrEqual(14)
    expect(token).toHaveLength(43)
    expect(mail.subject).toBe('Alice te invitó a «Client A» en Tubefold')
    expect(mail.text).toContain('new@example.test')

    const [row] = await db.select().from(groupInvitation).where(eq(groupInvitation.id, dto.id))
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)
    expect((await activities(w.alice.id, 'invitation.sent')).map((a) => a.details)).toEqual([
      { email: 'new@example.test', role: 'editor' },
    ])
  })

  it('writes to someone with an account in their own language', async () => {
    const w = await world()
    const dan = await createActor(db, 'Dan', { locale: 'pt' })
    const { mail } = await invite(w.alice, w.clientA, dan.email, 'viewer')
    expect(mail.subject).toBe('Alice convidou você para “Client A” no Tubefold')
    expect(mail.text).toContain('ver o grupo')
  })

  it('replaces a pending invitation when sent again (resend)', async () => {
    const w = await world()
    const first = await invite(w.alice, w.clientA, 'twice@example.test', 'viewer')
    const second = await invite(w.alice, w.clientA, 'twice@example.test', 'editor')
    expect(second.token).not.toBe(first.token)
    const rows = await db
      .select()
      .from(groupInvitation)
      .where(eq(groupInvitation.email, 'twice@example.test'))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.role).toBe('editor')
    expect(await codeOf(sharing.getInvitation(db, null, { token: first.token }))).toBe(
      'INVITATION_UNAVAILABLE',
    )
    expect((await sharing.getInvitation(db, null, { token: second.token })).role).toBe('editor')
  })

  it('refuses unverified owners, self-invitations, members and non-owners', async () => {
    const w = await world()
    const input = { groupId: w.clientA, email: 'someone@example.test', role: 'viewer' } as const
    expect(
      await codeOf(sharing.inviteMember(db, { ...w.alice, emailVerified: false }, input)),
    ).toBe('EMAIL_NOT_VERIFIED')
    expect(
      await codeOf(
        sharing.inviteMember(db, w.alice, { ...input, email: w.alice.email.toUpperCase() }),
      ),
    ).toBe('CANNOT_INVITE_SELF')

    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'viewer')
    const direct = await errorOf(sharing.inviteMember(db, w.alice, { ...input, email: bob.email }))
    expect(direct.code).toBe('ALREADY_MEMBER')
    expect(direct.params).toEqual({ email: bob.email })
    // A grant on an ancestor covers the subgroup too.
    expect(
      await codeOf(
        sharing.inviteMember(db, w.alice, { ...input, groupId: w.shorts, email: bob.email }),
      ),
    ).toBe('ALREADY_MEMBER')

    const editor = await createActor(db, 'Eddie')
    await grant(w.clientA, editor, 'editor')
    expect(await codeOf(sharing.inviteMember(db, editor, input))).toBe('GROUP_FORBIDDEN')
    const stranger = await createActor(db, 'Sam')
    expect(await codeOf(sharing.inviteMember(db, stranger, input))).toBe('GROUP_NOT_FOUND')
    expect(
      await db.select().from(groupInvitation).where(eq(groupInvitation.groupId, w.clientA)),
    ).toEqual([])
    expect(await mailsTo('someone@example.test')).toEqual([])
  })

  it('limits how many invitations one owner sends per hour', async () => {
    const w = await world()
    for (let at = 0; at < 30; at += 1) {
      await sharing.inviteMember(db, w.alice, {
        groupId: w.clientA,
        email: `bulk${at}@example.test`,
        role: 'viewer',
      })
    }
    const refused = await errorOf(
      sharing.inviteMember(db, w.alice, {
        groupId: w.clientA,
        email: 'one-more@example.test',
        role: 'viewer',
      }),
    )
    expect(refused.code).toBe('RATE_LIMITED')
    expect(await mailsTo('one-more@example.test')).toEqual([])
    // Another owner is not held back.
    const other = await world()
    expect(
      await codeOf(
        sharing.inviteMember(db, other.alice, {
          groupId: other.clientA,
          email: 'one-more@example.test',
          role: 'viewer',
        }),
      ),
    ).toBe('ok')
  })

  it('keeps the invitation pending and says so when the mail fails', async () => {
    const w = await world()
    const code = await withBrokenSmtp(() =>
      codeOf(
        sharing.inviteMember(db, w.alice, {
          groupId: w.clientA,
          email: 'unlucky@example.test',
          role: 'viewer',
        }),
      ),
    )
    expect(code).toBe('MAIL_FAILED')
    const overview = await sharing.getSharing(db, w.alice, { groupId: w.clientA })
    expect(overview.invitations.map((row) => row.email)).toEqual(['unlucky@example.test'])
  })
})

describe('cancelInvitation', () => {
  it('cancels for the owner only; the link then stops working', async () => {
    const w = await world()
    const { dto, token } = await invite(w.alice, w.clientA, 'later@example.test', 'viewer')
    const member = await createActor(db, 'Mia')
    await grant(w.clientA, member, 'editor')
    const stranger = await createActor(db, 'Sam')
    const ref = { invitationId: dto.id }
    expect(await codeOf(sharing.cancelInvitation(db, stranger, ref))).toBe('INVITATION_UNAVAILABLE')
    expect(await codeOf(sharing.cancelInvitation(db, member, ref))).toBe('GROUP_FORBIDDEN')
    expect(
      await codeOf(sharing.cancelInvitation(db, w.alice, { invitationId: crypto.randomUUID() })),
    ).toBe('INVITATION_UNAVAILABLE')
    expect(await codeOf(sharing.getInvitation(db, null, { token }))).toBe('ok')

    expect(await sharing.cancelInvitation(db, w.alice, ref)).toEqual({ id: dto.id })
    expect(await sharing.cancelInvitation(db, w.alice, ref)).toEqual({ id: dto.id })
    expect((await activities(w.alice.id, 'invitation.cancelled')).map((a) => a.details)).toEqual([
      { email: 'later@example.test' },
    ])
    expect(await codeOf(sharing.getInvitation(db, null, { token }))).toBe('INVITATION_UNAVAILABLE')
    const later = await createActor(db, 'Later', { email: 'later@example.test' })
    expect(await codeOf(sharing.acceptInvitation(db, later, { token }))).toBe(
      'INVITATION_UNAVAILABLE',
    )
    expect(await grantsOf(later.id)).toEqual([])
  })
})

describe('getInvitation', () => {
  it('previews the group and says whether the signed-in address matches', async () => {
    const w = await world()
    const { token } = await invite(w.alice, w.clientA, 'erin.preview@example.test', 'editor')
    const anonymous = await sharing.getInvitation(db, null, { token })
    expect(anonymous).toMatchObject({
      group: { name: 'Client A', channelCount: 5, animeCount: 1, subgroupCount: 3 },
      ownerName: 'Alice',
      role: 'editor',
      email: 'erin.preview@example.test',
      viewer: null,
    })
    expect(JSON.stringify(anonymous)).not.toContain(w.alice.email)
    const erin = await createActor(db, 'Erin', { email: 'Erin.Preview@Example.test' })
    expect((await sharing.getInvitation(db, erin, { token })).viewer).toEqual({
      emailMatches: true,
    })
    const other = await createActor(db, 'Other')
    expect((await sharing.getInvitation(db, other, { token })).viewer).toEqual({
      emailMatches: false,
    })
  })

  it('treats expired and unknown tokens alike', async () => {
    const w = await world()
    const { dto, token } = await invite(w.alice, w.clientA, 'slow@example.test', 'viewer')
    await db
      .update(groupInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(groupInvitation.id, dto.id))
    expect(await codeOf(sharing.getInvitation(db, null, { token }))).toBe('INVITATION_UNAVAILABLE')
    expect(await codeOf(sharing.getInvitation(db, null, { token: 'x'.repeat(43) }))).toBe(
      'INVITATION_UNAVAILABLE',
    )
    const slow = await createActor(db, 'Slow', { email: 'slow@example.test' })
    expect(await codeOf(sharing.acceptInvitation(db, slow, { token }))).toBe(
      'INVITATION_UNAVAILABLE',
    )
  })
})

describe('acceptInvitation', () => {
  it('refuses another account, then grants the role to the invited one, once', async () => {
    const w = await world()
    const { dto, token } = await invite(w.alice, w.clientA, 'erin@example.test', 'editor')
    const other = await createActor(db, 'Other')
    const wrong = await errorOf(sharing.acceptInvitation(db, other, { token }))
    expect(wrong.code).toBe('INVITATION_WRONG_ACCOUNT')
    expect(wrong.params).toEqual({ email: 'erin@example.test' })
    expect(await grantsOf(other.id)).toEqual([])

    const erin = await createActor(db, 'Erin', { email: 'Erin@Example.test' })
    expect(await sharing.acceptInvitation(db, erin, { token })).toEqual({
      groupId: w.clientA,
      role: 'editor',
    })
    expect((await requireGroup(db, erin.id, w.shorts, 'edit')).role).toBe('editor')
    const [row] = await db.select().from(groupInvitation).where(eq(groupInvitation.id, dto.id))
    expect(row?.acceptedAt).toBeInstanceOf(Date)
    expect(await codeOf(sharing.acceptInvitation(db, erin, { token }))).toBe(
      'INVITATION_UNAVAILABLE',
    )
    expect((await activities(w.alice.id, 'member.joined')).map((a) => a.actorName)).toEqual([
      'Erin',
    ])
    const mails = await mailsTo(w.alice.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Erin joined “Client A”'])
    expect(mails[0]?.text).toContain('can now edit it')
    // A pending invitation no longer blocks a new one to the same address once accepted.
    expect((await sharing.getSharing(db, w.alice, { groupId: w.clientA })).invitations).toEqual([])
  })

  it('keeps a stronger role and lets the owner accept without a grant', async () => {
    const w = await world()
    const { token } = await invite(w.alice, w.clientA, 'frank@example.test', 'viewer')
    const frank = await createActor(db, 'Frank', { email: 'frank@example.test' })
    // Became an editor by a link meanwhile.
    const link = await makeLink(w.alice, w.clientA, 'edit')
    await sharing.joinShareLink(db, frank, { linkId: link.id, permission: 'edit' })
    expect(await sharing.acceptInvitation(db, frank, { token })).toEqual({
      groupId: w.clientA,
      role: 'editor',
    })
    expect(await grantsOf(frank.id)).toEqual([{ groupId: w.clientA, role: 'editor', version: 1 }])

    // An invitation that reached the owner's own address (written directly: inviting oneself is refused).
    const ownToken = 'o'.repeat(43)
    await db.insert(groupInvitation).values({
      groupId: w.clientA,
      email: w.alice.email,
      role: 'viewer',
      tokenHash: createHash('sha256').update(ownToken).digest('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    expect(await sharing.acceptInvitation(db, w.alice, { token: ownToken })).toEqual({
      groupId: w.clientA,
      role: 'owner',
    })
    expect(await grantsOf(w.alice.id)).toEqual([])
  })
})

/* Members */

describe('changeMemberRole', () => {
  it('changes a role from the version the owner saw and refuses a stale one', async () => {
    const w = await world()
    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'viewer')
    const changed = await sharing.changeMemberRole(db, w.alice, {
      groupId: w.clientA,
      userId: bob.id,
      role: 'editor',
      version: 1,
    })
    expect(changed).toMatchObject({ userId: bob.id, name: 'Bob', role: 'editor', version: 2 })
    expect((await requireGroup(db, bob.id, w.videos, 'edit')).role).toBe('editor')

    const stale = sharing.changeMemberRole(db, w.alice, {
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
    await sharing.changeMemberRole(db, w.alice, {
      groupId: w.clientA,
      userId: bob.id,
      role: 'viewer',
      version: 2,
    })
    expect(await codeOf(requireGroup(db, bob.id, w.videos, 'edit'))).toBe('GROUP_FORBIDDEN')

    const nobody = await createActor(db, 'Nobody')
    expect(
      await codeOf(
        sharing.changeMemberRole(db, w.alice, {
          groupId: w.clientA,
          userId: nobody.id,
          role: 'editor',
          version: 1,
        }),
      ),
    ).toBe('MEMBER_NOT_FOUND')
    const editor = await createActor(db, 'Eddie')
    await grant(w.clientA, editor, 'editor')
    expect(
      await codeOf(
        sharing.changeMemberRole(db, editor, {
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
    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'editor')
    const editor = await createActor(db, 'Eddie')
    await grant(w.clientA, editor, 'editor')
    const ref = { groupId: w.clientA, userId: bob.id }
    expect(await codeOf(sharing.removeMember(db, editor, ref))).toBe('GROUP_FORBIDDEN')

    expect(await sharing.removeMember(db, w.alice, ref)).toEqual({ userId: bob.id })
    expect(await codeOf(requireGroup(db, bob.id, w.clientA, 'view'))).toBe('GROUP_NOT_FOUND')
    expect(await codeOf(requireGroup(db, bob.id, w.shorts, 'view'))).toBe('GROUP_NOT_FOUND')
    expect(await sharing.listSharedWithMe(db, bob)).toEqual([])
    expect(await codeOf(sharing.removeMember(db, w.alice, ref))).toBe('MEMBER_NOT_FOUND')
    expect((await activities(w.alice.id, 'member.removed')).map((a) => a.details)).toEqual([
      { name: 'Bob' },
    ])
  })
})

describe('leaveGroup', () => {
  it('drops the member’s own grant on that group only', async () => {
    const w = await world()
    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'viewer')
    // The grant is on Client A: leaving a subgroup of it is not a thing.
    expect(await codeOf(sharing.leaveGroup(db, bob, { groupId: w.videos }))).toBe('GROUP_NOT_FOUND')
    const stranger = await createActor(db, 'Sam')
    expect(await codeOf(sharing.leaveGroup(db, stranger, { groupId: w.clientA }))).toBe(
      'GROUP_NOT_FOUND',
    )
    expect(await codeOf(sharing.leaveGroup(db, w.alice, { groupId: w.clientA }))).toBe(
      'GROUP_NOT_FOUND',
    )

    expect(await sharing.leaveGroup(db, bob, { groupId: w.clientA })).toEqual({
      groupId: w.clientA,
    })
    expect(await codeOf(requireGroup(db, bob.id, w.clientA, 'view'))).toBe('GROUP_NOT_FOUND')
    expect(await codeOf(sharing.leaveGroup(db, bob, { groupId: w.clientA }))).toBe(
      'GROUP_NOT_FOUND',
    )
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

    const shared = await sharing.listSharedWithMe(db, bob)
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
    const carol = await createActor(db, 'Carol')
    await grant(w.shorts, carol, 'viewer')
    expect(
      (await sharing.listSharedWithMe(db, carol)).map((e) => [e.name, e.subgroupCount]),
    ).toEqual([['Shorts', 0]])
    expect(await sharing.listSharedWithMe(db, w.alice)).toEqual([])
  })
})

/* Copy and transfer */

type TreeShape = {
  name: string
  description: string
  icon: string | null
  color: string | null
  items: string[]
  children: TreeShape[]
}

/** A subtree as names, looks and catalogue ids in order, plus whose entries the items are. */
async function shapeOf(rootId: string): Promise<{ tree: TreeShape; owners: Set<string> }> {
  const owners = new Set<string>()
  const read = async (id: string): Promise<TreeShape> => {
    const [row] = await db.select().from(group).where(eq(group.id, id))
    if (!row) throw new Error(`no group ${id}`)
    owners.add(row.ownerId)
    const items = await db
      .select({
        channelId: libraryEntry.channelId,
        animeId: libraryEntry.animeId,
        userId: libraryEntry.userId,
      })
      .from(groupItem)
      .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
      .where(eq(groupItem.groupId, id))
      .orderBy(asc(groupItem.position))
    for (const item of items) owners.add(`entry:${item.userId}`)
    const children = await db
      .select({ id: group.id, position: group.position })
      .from(group)
      .where(eq(group.parentId, id))
    children.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0))
    return {
      name: row.name,
      description: row.description,
      icon: row.icon,
      color: row.color,
      items: items.map((item) => item.channelId ?? item.animeId ?? ''),
      children: await Promise.all(children.map((child) => read(child.id))),
    }
  }
  return { tree: await read(rootId), owners }
}

async function topLevelNames(ownerId: string): Promise<string[]> {
  const rows = await db
    .select({ name: group.name, parentId: group.parentId })
    .from(group)
    .where(eq(group.ownerId, ownerId))
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => row.name)
    .sort()
}

describe('copySharedGroup', () => {
  it('makes a deep copy owned by the member, with order, looks and their own entries', async () => {
    const w = await world()
    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'viewer')
    // Bob already follows channel 1: the copy reuses that entry.
    const own = await addToLibrary(db, bob.id, { channelIds: [w.channels.c1] })

    const copy = await sharing.copySharedGroup(db, bob, { groupId: w.clientA })
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
    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'editor')
    await createTree(db, bob.id, [{ name: 'client a' }], new Map())
    const first = await sharing.copySharedGroup(db, bob, { groupId: w.clientA })
    const second = await sharing.copySharedGroup(db, bob, { groupId: w.clientA })
    const videos = await sharing.copySharedGroup(db, bob, { groupId: w.videos })
    expect(videos).toMatchObject({ groups: 2, items: 3 })
    expect(await topLevelNames(bob.id)).toEqual(
      ['client a', 'Client A (copy)', 'Client A (copy 2)', 'Videos'].sort(),
    )
    const [row] = await db.select().from(group).where(eq(group.id, first.groupId))
    expect(row?.name).toBe('Client A (copy)')
    expect(second.groupId).not.toBe(first.groupId)
  })

  it('refuses strangers', async () => {
    const w = await world()
    const stranger = await createActor(db, 'Sam')
    expect(await codeOf(sharing.copySharedGroup(db, stranger, { groupId: w.clientA }))).toBe(
      'GROUP_NOT_FOUND',
    )
    expect(await topLevelNames(stranger.id)).toEqual([])
  })
})

describe('transferOwnership', () => {
  it('moves the subtree, its items, links and members to an editor', async () => {
    const w = await world()
    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'editor')
    await grant(w.shorts, bob, 'viewer')
    const carol = await createActor(db, 'Carol')
    await grant(w.videos, carol, 'viewer')
    await createTree(db, bob.id, [{ name: 'Client A' }], new Map())
    const link = await makeLink(w.alice, w.clientA, 'view')
    const { token } = await invite(w.alice, w.clientA, 'transfer.later@example.test', 'viewer')
    const before = await shapeOf(w.clientA)

    expect(
      await sharing.transferOwnership(db, w.alice, {
        groupId: w.clientA,
        userId: bob.id,
        version: 1,
      }),
    ).toEqual({ groupId: w.clientA })

    const after = await shapeOf(w.clientA)
    expect(after.owners).toEqual(new Set([bob.id, `entry:${bob.id}`]))
    expect({ ...after.tree, name: before.tree.name }).toEqual(before.tree)
    expect(after.tree.name).toBe('Client A (copy)')
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
    const preview = await sharing.getSharePreview(db, null, { linkId: link.id, permission: 'view' })
    expect(preview.ownerName).toBe('Bob')
    expect((await sharing.getInvitation(db, null, { token })).ownerName).toBe('Bob')
    expect((await sharing.getSharing(db, bob, { groupId: w.clientA })).links).toHaveLength(1)

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
    expect(inBob[0]?.details).toEqual({ name: 'Client A (copy)', from: 'Alice', to: 'Bob' })
  })

  it('detaches a subgroup to the new owner’s top level', async () => {
    const w = await world()
    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'editor')
    await sharing.transferOwnership(db, w.alice, { groupId: w.videos, userId: bob.id, version: 1 })
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
    const bob = await createActor(db, 'Bob')
    await grant(w.clientA, bob, 'editor')
    const viewer = await createActor(db, 'Vera')
    await grant(w.clientA, viewer, 'viewer')
    const stranger = await createActor(db, 'Sam')
    const run = (actor: Actor, userId: string, version = 1) =>
      codeOf(sharing.transferOwnership(db, actor, { groupId: w.clientA, userId, version }))

    expect(await run(w.alice, bob.id, 2)).toBe('STALE_VERSION')
    expect(await run(w.alice, viewer.id)).toBe('MEMBER_NOT_FOUND')
    expect(await run(w.alice, stranger.id)).toBe('MEMBER_NOT_FOUND')
    expect(await run(w.alice, w.alice.id)).toBe('MEMBER_NOT_FOUND')
    expect(await run(w.alice, 'no-such-user')).toBe('MEMBER_NOT_FOUND')
    expect(await run(bob, bob.id)).toBe('GROUP_FORBIDDEN')
    expect(await run(stranger, bob.id)).toBe('GROUP_NOT_FOUND')
    const [root] = await db.select().from(group).where(eq(group.id, w.clientA))
    expect(root).toMatchObject({ ownerId: w.alice.id, version: 1 })
  })
})
