import { createServerFn } from '@tanstack/react-start'
import { maybeSignedIn, signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import {
  changeMemberRoleSchema,
  createShareLinkSchema,
  invitationRefSchema,
  invitationTokenRefSchema,
  inviteSchema,
  joinShareLinkSchema,
  memberRefSchema,
  shareLinkRefSchema,
  sharePreviewSchema,
  sharingRefSchema,
  transferOwnershipSchema,
} from './sharing.schemas'
import * as sharing from './sharing.server'

/* Sharing's server functions: validate, then one call into sharing.server.ts (which authorizes). */

/** Public: a view link may be previewed without an account (the reader may be null). */
export const getSharePreview = createServerFn({ method: 'GET' })
  .middleware([maybeSignedIn])
  .validator(sharePreviewSchema)
  .handler(async ({ data, context }) => sharing.getSharePreview(await getDb(), context.actor, data))

export const joinShareLink = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(joinShareLinkSchema)
  .handler(async ({ data, context }) => sharing.joinShareLink(await getDb(), context.actor, data))

export const getSharing = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(sharingRefSchema)
  .handler(async ({ data, context }) => sharing.getSharing(await getDb(), context.actor, data))

export const createShareLink = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(createShareLinkSchema)
  .handler(async ({ data, context }) => sharing.createShareLink(await getDb(), context.actor, data))

export const revokeShareLink = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(shareLinkRefSchema)
  .handler(async ({ data, context }) => sharing.revokeShareLink(await getDb(), context.actor, data))

export const inviteMember = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(inviteSchema)
  .handler(async ({ data, context }) => sharing.inviteMember(await getDb(), context.actor, data))

export const cancelInvitation = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(invitationRefSchema)
  .handler(async ({ data, context }) =>
    sharing.cancelInvitation(await getDb(), context.actor, data),
  )

/** Public: the invitee may not have an account yet. */
export const getInvitation = createServerFn({ method: 'GET' })
  .middleware([maybeSignedIn])
  .validator(invitationTokenRefSchema)
  .handler(async ({ data, context }) => sharing.getInvitation(await getDb(), context.actor, data))

export const acceptInvitation = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(invitationTokenRefSchema)
  .handler(async ({ data, context }) =>
    sharing.acceptInvitation(await getDb(), context.actor, data),
  )

export const changeMemberRole = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(changeMemberRoleSchema)
  .handler(async ({ data, context }) =>
    sharing.changeMemberRole(await getDb(), context.actor, data),
  )

export const removeMember = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(memberRefSchema)
  .handler(async ({ data, context }) => sharing.removeMember(await getDb(), context.actor, data))

export const leaveGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(sharingRefSchema)
  .handler(async ({ data, context }) => sharing.leaveGroup(await getDb(), context.actor, data))

export const listSharedWithMe = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => sharing.listSharedWithMe(await getDb(), context.actor))

export const copySharedGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(sharingRefSchema)
  .handler(async ({ data, context }) => sharing.copySharedGroup(await getDb(), context.actor, data))

export const transferOwnership = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(transferOwnershipSchema)
  .handler(async ({ data, context }) =>
    sharing.transferOwnership(await getDb(), context.actor, data),
  )
