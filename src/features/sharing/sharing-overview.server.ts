import { and, asc, desc, eq, gt, isNull, or } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '~/db/client.server'
import { groupInvitation, groupMember, shareLink } from '~/db/schema'
import { requireGroup } from '~/features/groups/access.server'
import { toGroupColor } from '~/features/groups/groups.schemas'
import type { Actor } from '~/server/auth/signed-in.middleware'
import type { SharingOverview, sharingRefSchema } from './sharing.schemas'
import { DAY_MS } from './sharing-common.server'
import { selectMembers, toInvitationDto, toLinkDto, toMemberDto } from './sharing-dtos.server'

/** Revoked and expired links stay on the share screen this long, then drop off it. */
const LINK_HISTORY_MS = 30 * DAY_MS

/** The owner's share screen: members of this group, its links and pending invitations. */
export async function getSharing(
  db: Database,
  actor: Actor,
  input: z.infer<typeof sharingRefSchema>,
): Promise<SharingOverview> {
  const { group: target } = await requireGroup(db, actor.id, input.groupId, 'owner')
  const now = new Date()
  const shownSince = new Date(now.getTime() - LINK_HISTORY_MS)
  const [members, links, invitations] = await Promise.all([
    selectMembers(db)
      .where(eq(groupMember.groupId, target.id))
      .orderBy(asc(groupMember.createdAt), asc(groupMember.userId)),
    db
      .select()
      .from(shareLink)
      .where(
        and(
          eq(shareLink.groupId, target.id),
          or(isNull(shareLink.revokedAt), gt(shareLink.revokedAt, shownSince)),
          or(isNull(shareLink.expiresAt), gt(shareLink.expiresAt, shownSince)),
        ),
      )
      .orderBy(desc(shareLink.createdAt), desc(shareLink.id)),
    db
      .select()
      .from(groupInvitation)
      .where(
        and(
          eq(groupInvitation.groupId, target.id),
          isNull(groupInvitation.acceptedAt),
          isNull(groupInvitation.cancelledAt),
        ),
      )
      .orderBy(desc(groupInvitation.createdAt), desc(groupInvitation.id)),
  ])
  return {
    group: {
      id: target.id,
      name: target.name,
      icon: target.icon,
      color: toGroupColor(target.color),
      version: target.version,
    },
    members: members.map(toMemberDto),
    links: links.map((link) => toLinkDto(link, now)),
    invitations: invitations.map((row) => toInvitationDto(row, now)),
    canInvite: actor.emailVerified,
  }
}
