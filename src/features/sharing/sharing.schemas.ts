import { z } from 'zod'
import { MEMBER_ROLES, type MemberRole, SHARE_PERMISSIONS, type SharePermission } from '~/db/schema'
import {
  type GroupColor,
  type GroupRole,
  idSchema,
  versionSchema,
} from '~/features/groups/groups.schemas'
import { idempotencyKeyField } from '~/lib/idempotency'
import { emailSchema } from '~/lib/validation'
import { SHARE_TYPES } from './route.schemas'
import { invitationTokenSchema, LINK_ID_PATTERN, linkIdSchema } from './token.schemas'

/*
 * Sharing (decision 0019). Client-safe. Never another user's email, except the address an owner typed into
 * an invitation.
 */

export type { MemberRole, SharePermission }
// Defined apart (the route tree and the public loaders need them alone); most callers import them from here.
export {
  invitationTokenSchema,
  LINK_ID_PATTERN,
  linkIdSchema,
  MEMBER_ROLES,
  SHARE_PERMISSIONS,
  SHARE_TYPES,
}

/** Link expiry choices in days; 0 is "never". */
export const LINK_EXPIRY_DAYS = [0, 1, 7, 30] as const
export type LinkExpiryDays = (typeof LINK_EXPIRY_DAYS)[number]
export const INVITATION_EXPIRY_DAYS = 14
/** The first items a share preview shows. */
export const PREVIEW_ITEMS = 12

export const ROLE_OF_PERMISSION: Record<SharePermission, MemberRole> = {
  view: 'viewer',
  edit: 'editor',
}

export const sharePreviewSchema = z.object({
  linkId: linkIdSchema,
  permission: z.enum(SHARE_PERMISSIONS),
})
export const joinShareLinkSchema = sharePreviewSchema

export const sharingRefSchema = z.object({ groupId: idSchema })
export const copySharedGroupSchema = sharingRefSchema.extend(idempotencyKeyField)
export const createShareLinkSchema = z.object({
  groupId: idSchema,
  permission: z.enum(SHARE_PERMISSIONS),
  expiresInDays: z.union([z.literal(0), z.literal(1), z.literal(7), z.literal(30)]),
  ...idempotencyKeyField,
})
/** The owner names a link by its row id, never by its secret. */
export const shareLinkRefSchema = z.object({ linkId: idSchema })

export const inviteSchema = z.object({
  groupId: idSchema,
  /** Lower-cased by emailSchema: the invitee may sign up as "Ana@X.com". */
  email: emailSchema,
  role: z.enum(MEMBER_ROLES),
  ...idempotencyKeyField,
})
export const invitationRefSchema = z.object({ invitationId: idSchema })
export const invitationTokenRefSchema = z.object({ token: invitationTokenSchema })

export const changeMemberRoleSchema = z.object({
  groupId: idSchema,
  userId: z.string().min(1).max(100),
  role: z.enum(MEMBER_ROLES),
  /** The member row's version the owner saw: a stale change is refused. */
  version: versionSchema,
})
export const memberRefSchema = z.object({ groupId: idSchema, userId: z.string().min(1).max(100) })
export const transferOwnershipSchema = z.object({
  groupId: idSchema,
  userId: z.string().min(1).max(100),
  /** The group's version: ownership never moves on a stale screen. */
  version: versionSchema,
})

/** A group as a preview shows it: never its id to someone without access. */
export type SharedGroupFace = {
  name: string
  description: string
  icon: string | null
  color: GroupColor | null
  channelCount: number
  animeCount: number
  subgroupCount: number
}

export type PreviewItem = { kind: 'channel' | 'anime'; title: string; imageUrl: string | null }

/** `/share/group/{id}/`: what a link holder sees before joining. */
export type SharePreview = {
  group: SharedGroupFace
  ownerName: string
  permission: SharePermission
  items: PreviewItem[]
  subgroups: { name: string; icon: string | null; color: GroupColor | null }[]
  /** The reader: null when signed out; groupId only once they can open it. */
  viewer: { isOwner: boolean; role: GroupRole | null; groupId: string | null } | null
}

export type JoinResult = { groupId: string; role: GroupRole }

export type ShareLinkState = 'active' | 'expired' | 'revoked'
export type ShareLinkDto = {
  /** The row id (revoking, list keys); not the secret. */
  id: string
  /** The URL secret, for the owner to copy; null when it cannot be opened any more. */
  token: string | null
  permission: SharePermission
  expiresAt: string | null
  revokedAt: string | null
  useCount: number
  createdAt: string
  state: ShareLinkState
}

export type MemberDto = {
  userId: string
  name: string
  image: string | null
  role: MemberRole
  version: number
  joinedAt: string
}

export type InvitationDto = {
  id: string
  email: string
  role: MemberRole
  createdAt: string
  expiresAt: string
  expired: boolean
}

export type SharingOverview = {
  group: {
    id: string
    name: string
    icon: string | null
    color: GroupColor | null
    version: number
  }
  members: MemberDto[]
  links: ShareLinkDto[]
  invitations: InvitationDto[]
  /** Inviting by email needs a confirmed address. */
  canInvite: boolean
}

export type InvitationPreview = {
  group: SharedGroupFace
  ownerName: string
  role: MemberRole
  email: string
  expiresAt: string
  /** Null when signed out; whether the signed-in address matches the invitation. */
  viewer: { emailMatches: boolean } | null
}

/** One entry of "Shared with me": a group someone else owns that the actor holds a role on. */
export type SharedWithMe = {
  groupId: string
  name: string
  icon: string | null
  color: GroupColor | null
  ownerName: string
  role: MemberRole
  channelCount: number
  animeCount: number
  subgroupCount: number
  joinedAt: string
}

export type CopyResult = { groupId: string; groups: number; items: number }
/** A CopyResult read back from JSON (the stored answer a retried copy gets). */
export const copyResultSchema = z.object({
  groupId: z.string(),
  groups: z.number(),
  items: z.number(),
}) satisfies z.ZodType<CopyResult>
