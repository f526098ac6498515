import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { groupInvitation } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { createActor } from '~/seed/factories/users.server'
import { codeOf, errorOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailsTo, mailToOutbox, withBrokenSmtp } from '../../../tests/support/outbox-mail'
import {
  activities,
  grantsOf,
  invite,
  makeLink,
  personas,
  world,
} from '../../../tests/support/sharing-world'
import {
  acceptInvitation,
  cancelInvitation,
  getInvitation,
  inviteMember,
} from './invitations.server'
import { joinShareLink } from './share-links.server'
import { getSharing } from './sharing-overview.server'

/*
 * invitations.server.ts on a real migrated database: invitations, their
 * mails and tokens, cancelling, previews and accepting.
 */

mailToOutbox()

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
    expect(await codeOf(getInvitation(db, null, { token: first.token }))).toBe(
      'INVITATION_UNAVAILABLE',
    )
    expect((await getInvitation(db, null, { token: second.token })).role).toBe('editor')
  })

  it('refuses unverified owners, self-invitations, members and non-owners', async () => {
    const w = await world()
    const input = { groupId: w.clientA, email: 'someone@example.test', role: 'viewer' } as const
    expect(await codeOf(inviteMember(db, { ...w.alice, emailVerified: false }, input))).toBe(
      'EMAIL_NOT_VERIFIED',
    )
    expect(
      await codeOf(inviteMember(db, w.alice, { ...input, email: w.alice.email.toUpperCase() })),
    ).toBe('CANNOT_INVITE_SELF')

    const { editor, viewer, stranger } = await personas(w)
    const direct = await errorOf(inviteMember(db, w.alice, { ...input, email: viewer.email }))
    expect(direct.code).toBe('ALREADY_MEMBER')
    expect(direct.params).toEqual({ email: viewer.email })
    // A grant on an ancestor covers the subgroup too.
    expect(
      await codeOf(inviteMember(db, w.alice, { ...input, groupId: w.shorts, email: viewer.email })),
    ).toBe('ALREADY_MEMBER')

    expect(await codeOf(inviteMember(db, editor, input))).toBe('GROUP_FORBIDDEN')
    expect(await codeOf(inviteMember(db, stranger, input))).toBe('GROUP_NOT_FOUND')
    expect(
      await db.select().from(groupInvitation).where(eq(groupInvitation.groupId, w.clientA)),
    ).toEqual([])
    expect(await mailsTo('someone@example.test')).toEqual([])
  })

  it('limits how many invitations one owner sends per hour', async () => {
    const w = await world()
    for (let at = 0; at < 30; at += 1) {
      await inviteMember(db, w.alice, {
        groupId: w.clientA,
        email: `bulk${at}@example.test`,
        role: 'viewer',
      })
    }
    const refused = await errorOf(
      inviteMember(db, w.alice, {
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
        inviteMember(db, other.alice, {
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
        inviteMember(db, w.alice, {
          groupId: w.clientA,
          email: 'unlucky@example.test',
          role: 'viewer',
        }),
      ),
    )
    expect(code).toBe('MAIL_FAILED')
    const overview = await getSharing(db, w.alice, { groupId: w.clientA })
    expect(overview.invitations.map((row) => row.email)).toEqual(['unlucky@example.test'])
  })
})

describe('cancelInvitation', () => {
  it('cancels for the owner only; the link then stops working', async () => {
    const w = await world()
    const { dto, token } = await invite(w.alice, w.clientA, 'later@example.test', 'viewer')
    const { editor, stranger } = await personas(w)
    const ref = { invitationId: dto.id }
    expect(await codeOf(cancelInvitation(db, stranger, ref))).toBe('INVITATION_UNAVAILABLE')
    expect(await codeOf(cancelInvitation(db, editor, ref))).toBe('GROUP_FORBIDDEN')
    expect(await codeOf(cancelInvitation(db, w.alice, { invitationId: crypto.randomUUID() }))).toBe(
      'INVITATION_UNAVAILABLE',
    )
    expect(await codeOf(getInvitation(db, null, { token }))).toBe('ok')

    expect(await cancelInvitation(db, w.alice, ref)).toEqual({ id: dto.id })
    expect(await cancelInvitation(db, w.alice, ref)).toEqual({ id: dto.id })
    expect((await activities(w.alice.id, 'invitation.cancelled')).map((a) => a.details)).toEqual([
      { email: 'later@example.test' },
    ])
    expect(await codeOf(getInvitation(db, null, { token }))).toBe('INVITATION_UNAVAILABLE')
    const later = await createActor(db, 'Later', { email: 'later@example.test' })
    expect(await codeOf(acceptInvitation(db, later, { token }))).toBe('INVITATION_UNAVAILABLE')
    expect(await grantsOf(later.id)).toEqual([])
  })
})

describe('getInvitation', () => {
  it('previews the group and says whether the signed-in address matches', async () => {
    const w = await world()
    const { token } = await invite(w.alice, w.clientA, 'erin.preview@example.test', 'editor')
    const anonymous = await getInvitation(db, null, { token })
    expect(anonymous).toMatchObject({
      group: { name: 'Client A', channelCount: 5, animeCount: 1, subgroupCount: 3 },
      ownerName: 'Alice',
      role: 'editor',
      email: 'erin.preview@example.test',
      viewer: null,
    })
    expect(JSON.stringify(anonymous)).not.toContain(w.alice.email)
    const erin = await createActor(db, 'Erin', { email: 'Erin.Preview@Example.test' })
    expect((await getInvitation(db, erin, { token })).viewer).toEqual({
      emailMatches: true,
    })
    const other = await createActor(db, 'Other')
    expect((await getInvitation(db, other, { token })).viewer).toEqual({
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
    expect(await codeOf(getInvitation(db, null, { token }))).toBe('INVITATION_UNAVAILABLE')
    expect(await codeOf(getInvitation(db, null, { token: 'x'.repeat(43) }))).toBe(
      'INVITATION_UNAVAILABLE',
    )
    const slow = await createActor(db, 'Slow', { email: 'slow@example.test' })
    expect(await codeOf(acceptInvitation(db, slow, { token }))).toBe('INVITATION_UNAVAILABLE')
  })
})

describe('acceptInvitation', () => {
  it('refuses another account, then grants the role to the invited one, once', async () => {
    const w = await world()
    const { dto, token } = await invite(w.alice, w.clientA, 'erin@example.test', 'editor')
    const other = await createActor(db, 'Other')
    const wrong = await errorOf(acceptInvitation(db, other, { token }))
    expect(wrong.code).toBe('INVITATION_WRONG_ACCOUNT')
    expect(wrong.params).toEqual({ email: 'erin@example.test' })
    expect(await grantsOf(other.id)).toEqual([])

    const erin = await createActor(db, 'Erin', { email: 'Erin@Example.test' })
    expect(await acceptInvitation(db, erin, { token })).toEqual({
      groupId: w.clientA,
      role: 'editor',
    })
    expect((await requireGroup(db, erin.id, w.shorts, 'edit')).role).toBe('editor')
    const [row] = await db.select().from(groupInvitation).where(eq(groupInvitation.id, dto.id))
    expect(row?.acceptedAt).toBeInstanceOf(Date)
    expect(await codeOf(acceptInvitation(db, erin, { token }))).toBe('INVITATION_UNAVAILABLE')
    expect((await activities(w.alice.id, 'member.joined')).map((a) => a.actorName)).toEqual([
      'Erin',
    ])
    const mails = await mailsTo(w.alice.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Erin joined “Client A”'])
    expect(mails[0]?.text).toContain('can now edit it')
    // A pending invitation no longer blocks a new one to the same address once accepted.
    expect((await getSharing(db, w.alice, { groupId: w.clientA })).invitations).toEqual([])
  })

  it('keeps a stronger role and lets the owner accept without a grant', async () => {
    const w = await world()
    const { token } = await invite(w.alice, w.clientA, 'frank@example.test', 'viewer')
    const frank = await createActor(db, 'Frank', { email: 'frank@example.test' })
    // Became an editor by a link meanwhile.
    const link = await makeLink(w.alice, w.clientA, 'edit')
    await joinShareLink(db, frank, { linkId: link.token, permission: 'edit' })
    expect(await acceptInvitation(db, frank, { token })).toEqual({
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
    expect(await acceptInvitation(db, w.alice, { token: ownToken })).toEqual({
      groupId: w.clientA,
      role: 'owner',
    })
    expect(await grantsOf(w.alice.id)).toEqual([])
  })
})
