import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { groupInvitation, user } from '~/db/schema'
import { requireRoom } from '~/features/billing/plan-limits.server'
import { findGroupAccess, type GroupRow, requireGroup } from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { idSchema } from '~/features/groups/groups.schemas'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { hashUrlSecret } from '~/server/crypto/share-secrets.server'
import { runOnce } from '~/server/idempotency.server'
import type { Recipient } from '~/server/mail/translated-mail.server'
import { createRateLimiter } from '~/server/rate-limit.server'
import { faceOf } from './shared-subtree.server'
import {
  INVITATION_EXPIRY_DAYS,
  type InvitationDto,
  type InvitationPreview,
  type invitationRefSchema,
  type invitationTokenRefSchema,
  type inviteSchema,
  type JoinResult,
} from './sharing.schemas'
import {
  announceJoin,
  DAY_MS,
  findPerson,
  joinGroup,
  linkedGroup,
  logMailFailure,
  requireOwnerOf,
  requirePerson,
} from './sharing-common.server'
import { toInvitationDto } from './sharing-dtos.server'
import { shareMails } from './sharing-mails.server'

/*
 * Invitations (decision 0019): the mail holds the one copy of the token (only its hash is stored). One that
 * cannot be used, for whatever reason, is INVITATION_UNAVAILABLE.
 */

/** Every invitation is a mail: 30 per owner per hour keeps a team's onboarding easy and spam out. */
const invitationLimiter = createRateLimiter({
  bucket: 'invitation',
  limit: 30,
  windowMs: 60 * 60 * 1000,
})

type InvitationRow = typeof groupInvitation.$inferSelect

/** What the idempotency table keeps of an invitation: its id (the token only ever goes by mail). */
const sentInvitationSchema = z.object({ invitationId: idSchema })

type Invited = {
  dto: InvitationDto
  recipient: Recipient
  groupName: string
}

/**
 * A pending invitation to the same address is replaced (new token and expiry): that is "resend". When the
 * mail fails it stays pending and the owner is told. Under an idempotency key a retry answers the first
 * invitation and sends no second mail.
 */
export async function inviteMember(
  db: Database,
  actor: Actor,
  input: z.infer<typeof inviteSchema>,
): Promise<InvitationDto> {
  const token = randomBytes(32).toString('base64url')
  // Set only by the call that wrote the invitation: a retry has no mail to send.
  const created: { outcome?: Invited } = {}
  const { invitationId } = await runOnce(
    db,
    { userId: actor.id, key: input.idempotencyKey, operation: 'invitation.send' },
    (stored) => sentInvitationSchema.parse(stored),
    async (tx) => {
      created.outcome = await insertInvitation(tx, actor, input, token)
      return { invitationId: created.outcome.dto.id }
    },
  )
  const outcome = created.outcome
  if (!outcome) return answerAgain(db, actor, invitationId)
  try {
    await shareMails.invitation(outcome.recipient, {
      inviter: actor.name,
      group: outcome.groupName,
      role: input.role,
      token,
      days: INVITATION_EXPIRY_DAYS,
    })
  } catch (error) {
    logMailFailure('invitation', error)
    throw new AppError('MAIL_FAILED')
  }
  return outcome.dto
}

/** A retry's answer: the invitation as it stands, to its owner only. */
async function answerAgain(
  db: Database,
  actor: Actor,
  invitationId: string,
): Promise<InvitationDto> {
  const [row] = await db.select().from(groupInvitation).where(eq(groupInvitation.id, invitationId))
  if (!row) throw new AppError('INVITATION_UNAVAILABLE')
  await requireOwnerOf(db, actor, row.groupId, 'INVITATION_UNAVAILABLE')
  return toInvitationDto(row, new Date())
}

async function insertInvitation(
  db: Database,
  actor: Actor,
  input: z.infer<typeof inviteSchema>,
  token: string,
): Promise<Invited> {
  const email = input.email.trim().toLowerCase()
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'owner')
    if (!actor.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED')
    const inviter = await requirePerson(tx, actor.id)
    if (inviter.email.toLowerCase() === email) throw new AppError('CANNOT_INVITE_SELF')
    const [invitee] = await tx
      .select({ id: user.id, name: user.name, locale: user.locale })
      .from(user)
      .where(eq(user.email, email))
    if (invitee && (await findGroupAccess(tx, invitee.id, target.id))) {
      throw new AppError('ALREADY_MEMBER', { email })
    }
    await requireRoom(tx, target.ownerId, { people: [email] })
    await invitationLimiter.hit(tx, actor.id)
    const now = new Date()
    const expiresAt = new Date(now.getTime() + INVITATION_EXPIRY_DAYS * DAY_MS)
    const tokenHash = hashUrlSecret(token)
    const [row] = await tx
      .insert(groupInvitation)
      .values({
        groupId: target.id,
        email,
        role: input.role,
        tokenHash,
        invitedBy: actor.id,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: [groupInvitation.groupId, groupInvitation.email],
        targetWhere: sql`accepted_at is null and cancelled_at is null`,
        set: { role: input.role, tokenHash, invitedBy: actor.id, expiresAt },
      })
      .returning()
    if (!row) throw new AppError('INTERNAL')
    await recordActivity(tx, actor, target.ownerId, [
      { groupId: target.id, action: 'invitation.sent', details: { email, role: input.role } },
    ])
    return {
      dto: toInvitationDto(row, now),
      recipient: {
        email,
        name: invitee?.name ?? email,
        locale: invitee?.locale ?? inviter.locale,
      },
      groupName: target.name,
    }
  })
}

export async function cancelInvitation(
  db: Database,
  actor: Actor,
  input: z.infer<typeof invitationRefSchema>,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(groupInvitation)
      .where(eq(groupInvitation.id, input.invitationId))
      .for('update')
    if (!row) throw new AppError('INVITATION_UNAVAILABLE')
    const target = await requireOwnerOf(tx, actor, row.groupId, 'INVITATION_UNAVAILABLE')
    if (row.acceptedAt !== null) throw new AppError('INVITATION_UNAVAILABLE')
    if (row.cancelledAt !== null) return { id: row.id }
    await tx
      .update(groupInvitation)
      .set({ cancelledAt: new Date() })
      .where(eq(groupInvitation.id, row.id))
    await recordActivity(tx, actor, target.ownerId, [
      { groupId: target.id, action: 'invitation.cancelled', details: { email: row.email } },
    ])
    return { id: row.id }
  })
}

/** A pending, unexpired invitation by its token, with its group; anything else is "unavailable". */
async function pendingInvitation(
  db: Database,
  token: string,
  options: { lock: boolean },
): Promise<{ invitation: InvitationRow; target: GroupRow }> {
  const query = db
    .select()
    .from(groupInvitation)
    .where(eq(groupInvitation.tokenHash, hashUrlSecret(token)))
  const [invitation] = options.lock ? await query.for('update') : await query
  if (
    !invitation ||
    invitation.acceptedAt !== null ||
    invitation.cancelledAt !== null ||
    invitation.expiresAt.getTime() <= Date.now()
  ) {
    throw new AppError('INVITATION_UNAVAILABLE')
  }
  return { invitation, target: await linkedGroup(db, invitation.groupId, 'INVITATION_UNAVAILABLE') }
}

export async function getInvitation(
  db: Database,
  actor: Actor | null,
  input: z.infer<typeof invitationTokenRefSchema>,
): Promise<InvitationPreview> {
  const { invitation, target } = await pendingInvitation(db, input.token, { lock: false })
  const [face, owner, reader] = await Promise.all([
    faceOf(db, target),
    requirePerson(db, target.ownerId),
    actor ? findPerson(db, actor.id) : null,
  ])
  return {
    group: face,
    ownerName: owner.name,
    role: invitation.role,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
    viewer: reader ? { emailMatches: reader.email.toLowerCase() === invitation.email } : null,
  }
}

/** Accepts as the signed-in user, whose address must be the invited one. */
export async function acceptInvitation(
  db: Database,
  actor: Actor,
  input: z.infer<typeof invitationTokenRefSchema>,
): Promise<JoinResult> {
  const outcome = await db.transaction(async (tx) => {
    const { invitation, target } = await pendingInvitation(tx, input.token, { lock: true })
    const reader = await requirePerson(tx, actor.id)
    if (reader.email.toLowerCase() !== invitation.email) {
      throw new AppError('INVITATION_WRONG_ACCOUNT', { email: invitation.email })
    }
    await tx
      .update(groupInvitation)
      .set({ acceptedAt: new Date() })
      .where(eq(groupInvitation.id, invitation.id))
    if (target.ownerId !== actor.id)
      await requireRoom(tx, target.ownerId, { people: [reader.email] })
    return joinGroup(tx, actor, target, invitation.role)
  })
  return announceJoin(actor, outcome)
}
