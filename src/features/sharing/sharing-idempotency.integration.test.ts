import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { groupInvitation, idempotencyKey, shareLink } from '~/db/schema'
import { db } from '../../../tests/support/database'
import { mailsTo, mailToOutbox } from '../../../tests/support/outbox-mail'
import { activities, secretOf, world } from '../../../tests/support/sharing-world'
import { inviteMember } from './invitations.server'
import { createShareLink } from './share-links.server'

/*
 * Creating a share link or sending an invitation again with the same
 * idempotency key (a retry after a lost answer) creates once, answers the
 * same, and sends no second mail.
 */

mailToOutbox()

async function storedAnswer(userId: string, key: string) {
  const [row] = await db
    .select({ result: idempotencyKey.result })
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key)))
  return row?.result
}

async function tokenHashOf(invitationId: string) {
  const [row] = await db
    .select({ tokenHash: groupInvitation.tokenHash })
    .from(groupInvitation)
    .where(eq(groupInvitation.id, invitationId))
  return row?.tokenHash
}

describe('createShareLink with an idempotency key', () => {
  it('creates one link for the same key sent twice and answers the same URL', async () => {
    const w = await world()
    const key = randomUUID()
    const input = { groupId: w.clientA, permission: 'view', expiresInDays: 7 } as const

    const first = await createShareLink(db, w.alice, { ...input, idempotencyKey: key })
    const again = await createShareLink(db, w.alice, { ...input, idempotencyKey: key })

    expect(again).toEqual(first)
    expect(secretOf(again)).toBe(secretOf(first))
    const links = await db.select().from(shareLink).where(eq(shareLink.groupId, w.clientA))
    expect(links.map((link) => link.id)).toEqual([first.id])
    expect(await activities(w.alice.id, 'link.created')).toHaveLength(1)
    // The key keeps the link's id, never the URL secret.
    expect(await storedAnswer(w.alice.id, key)).toEqual({ linkId: first.id })
  })

  it('creates another link for another key', async () => {
    const w = await world()
    const input = { groupId: w.clientA, permission: 'edit', expiresInDays: 0 } as const

    const first = await createShareLink(db, w.alice, { ...input, idempotencyKey: randomUUID() })
    const other = await createShareLink(db, w.alice, { ...input, idempotencyKey: randomUUID() })

    expect(other.id).not.toBe(first.id)
    expect(secretOf(other)).not.toBe(secretOf(first))
  })
})

describe('inviteMember with an idempotency key', () => {
  it('invites and mails once for the same key sent twice and answers the same invitation', async () => {
    const w = await world()
    const key = randomUUID()
    const input = {
      groupId: w.clientA,
      email: 'retry@example.test',
      role: 'viewer',
      idempotencyKey: key,
    } as const

    const first = await inviteMember(db, w.alice, input)
    const mailedHash = await tokenHashOf(first.id)
    const again = await inviteMember(db, w.alice, input)

    expect(again).toEqual(first)
    expect(await mailsTo('retry@example.test')).toHaveLength(1)
    expect(await activities(w.alice.id, 'invitation.sent')).toHaveLength(1)
    // The mailed token is still the one that works: the retry did not replace it.
    expect(await tokenHashOf(first.id)).toBe(mailedHash)
    expect(await storedAnswer(w.alice.id, key)).toEqual({ invitationId: first.id })
  })

  it('sends again (a resend) for another key', async () => {
    const w = await world()
    const input = { groupId: w.clientA, email: 'resend@example.test', role: 'editor' } as const

    await inviteMember(db, w.alice, { ...input, idempotencyKey: randomUUID() })
    await inviteMember(db, w.alice, { ...input, idempotencyKey: randomUUID() })

    expect(await mailsTo('resend@example.test')).toHaveLength(2)
    expect(await activities(w.alice.id, 'invitation.sent')).toHaveLength(2)
  })
})
