import { createServerFn } from '@tanstack/react-start'
import { maybeSignedIn, signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import * as copies from './copy-group.server'
import * as invitations from './invitations.server'
import * as members from './members.server'
import * as ownership from './ownership.server'
import * as links from './share-links.server'
import {
  changeMemberRoleSchema,
  copySharedGroupSchema,
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
import * as overview from './sharing-overview.server'

/* Validate, then one call into a sharing *.server.ts module, which authorizes. */

/** Public: a view link may be previewed without an account (the reader may be null). */
// POST though it only reads: a GET's input travels in its URL, and the link id is the secret.
export const getSharePreview = createServerFn({ method: 'POST' })
  .middleware([maybeSignedIn])
  .validator(sharePreviewSchema)
  .handler(async ({ data, context }) => links.getSharePreview(await getDb(), context.actor, data))

export const joinShareLink = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(joinShareLinkSchema)
  .handler(async ({ data, context }) => links.joinShareLink(await getDb(), context.actor, data))

export const getSharing = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(sharingRefSchema)
  .handler(async ({ data, context }) => overview.getSharing(await getDb(), context.actor, data))

export const createShareLink = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(createShareLinkSchema)
  .handler(async ({ data, context }) => links.createShareLink(await getDb(), context.actor, data))

export const revokeShareLink = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(shareLinkRefSchema)
  .handler(async ({ data, context }) => links.revokeShareLink(await getDb(), context.actor, data))

export const inviteMember = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(inviteSchema)
  .handler(async ({ data, context }) =>
    invitations.inviteMember(await getDb(), context.actor, data),
  )

export const cancelInvitation = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(invitationRefSchema)
  .handler(async ({ data, context }) =>
    invitations.cancelInvitation(await getDb(), context.actor, data),
  )

/** Public: the invitee may not have an account yet. */
// POST though it only reads: a GET's input travels in its URL, and the token is the secret.
export const getInvitation = createServerFn({ method: 'POST' })
  .middleware([maybeSignedIn])
  .validator(invitationTokenRefSchema)
  .handler(async ({ data, context }) =>
    invitations.getInvitation(await getDb(), context.actor, data),
  )

export const acceptInvitation = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(invitationTokenRefSchema)
  .handler(async ({ data, context }) =>
    invitations.acceptInvitation(await getDb(), context.actor, data),
  )

export const changeMemberRole = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(changeMemberRoleSchema)
  .handler(async ({ data, context }) =>
    members.changeMemberRole(await getDb(), context.actor, data),
  )

export const removeMember = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(memberRefSchema)
  .handler(async ({ data, context }) => members.removeMember(await getDb(), context.actor, data))

export const leaveGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(sharingRefSchema)
  .handler(async ({ data, context }) => members.leaveGroup(await getDb(), context.actor, data))

export const listSharedWithMe = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => members.listSharedWithMe(await getDb(), context.actor))

export const copySharedGroup = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(copySharedGroupSchema)
  .handler(async ({ data, context }) => copies.copySharedGroup(await getDb(), context.actor, data))

export const transferOwnership = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(transferOwnershipSchema)
  .handler(async ({ data, context }) =>
    ownership.transferOwnership(await getDb(), context.actor, data),
  )
