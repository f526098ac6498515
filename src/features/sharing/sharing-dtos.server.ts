import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { type groupInvitation, groupMember, type shareLink, user } from '~/db/schema'
import { openUrlSecret } from '~/server/crypto/share-secrets.server'
import type { InvitationDto, MemberDto, ShareLinkDto } from './sharing.schemas'

/*
 * Rows to the DTOs that the share screen and the actions on links,
 * invitations and members return.
 */

type LinkRow = typeof shareLink.$inferSelect
type InvitationRow = typeof groupInvitation.$inferSelect

function linkState(link: LinkRow, now: Date): ShareLinkDto['state'] {
  if (link.revokedAt !== null) return 'revoked'
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'active'
}

export function toLinkDto(link: LinkRow, now: Date): ShareLinkDto {
  return {
    id: link.id,
    token: openUrlSecret(link.sealedToken, link.id),
    permission: link.permission,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    useCount: link.useCount,
    createdAt: link.createdAt.toISOString(),
    state: linkState(link, now),
  }
}

export function toInvitationDto(row: InvitationRow, now: Date): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  }
}

/** A group's grants with the member's public face (never their email). */
export function selectMembers(db: Database) {
  return db
    .select({
      userId: groupMember.userId,
      name: user.name,
      image: user.image,
      role: groupMember.role,
      version: groupMember.version,
      joinedAt: groupMember.createdAt,
    })
    .from(groupMember)
    .innerJoin(user, eq(user.id, groupMember.userId))
}

export function toMemberDto(row: Omit<MemberDto, 'joinedAt'> & { joinedAt: Date }): MemberDto {
  return { ...row, joinedAt: row.joinedAt.toISOString() }
}
