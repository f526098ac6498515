import { expect } from 'vitest'
import type { ErrorCode } from '~/lib/app-error'
import { everyone, N, NF, type Persona, Y } from '../../../tests/support/access-matrix/personas'
import {
  entryOwnersIn,
  memberVersion,
  ownerOfGroup,
  versionOf,
} from '../../../tests/support/access-matrix/reads'
import {
  gated,
  matrixModule,
  type OpenCtx,
  open,
  overWire,
} from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import { invitationsIn } from '../../../tests/support/access-matrix/world'
import { db } from '../../../tests/support/database'
import * as copyGroup from './copy-group.server'
import * as invitations from './invitations.server'
import * as members from './members.server'
import * as ownership from './ownership.server'
import * as shareLinks from './share-links.server'
import * as wire from './sharing.functions'
import * as sharingOverview from './sharing-overview.server'

/*
 * The authorization matrix of the sharing domain: links, invitations,
 * members, copy and transfer. The table's columns, the world (whose grants
 * go through these very functions) and the checks are in
 * tests/support/access-matrix. Rows calling `overWire` go through the
 * server function a page calls (session, validator, serialised answer).
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

const LINK_GONE: ErrorCode = 'SHARE_LINK_UNAVAILABLE'
const INVITATION_GONE: ErrorCode = 'INVITATION_UNAVAILABLE'
const everyoneLinkGone = everyone(LINK_GONE)
const roleIs = (expected: (persona: Persona) => string) => (ctx: OpenCtx, result: unknown) => {
  expect(result).toMatchObject({ role: expected(ctx.persona) })
}
/** The allowed answer holds these fields (the wire's answer, as the page reads it). */
const answers = (expected: (ctx: OpenCtx) => object) => (ctx: OpenCtx, result: unknown) => {
  expect(result).toMatchObject(expected(ctx))
}

const shareLinksModule = matrixModule('src/features/sharing/share-links.server', shareLinks, {
  getSharePreview: [
    open(
      'the active view link',
      [Y, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        overWire(c.actor, wire.getSharePreview, { linkId: c.w.links.view, permission: 'view' }),
      {
        face: true,
        check: (c, result) => {
          const member = c.persona === 'viewer' || c.persona === 'editor' || c.persona === 'owner'
          expect(result).toMatchObject({
            viewer: c.actor ? { groupId: member ? c.w.clientA : null } : null,
          })
        },
      },
    ),
    open(
      'the active edit link',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        overWire(c.actor, wire.getSharePreview, { linkId: c.w.links.edit, permission: 'edit' }),
      {
        face: true,
        codes: { anonymous: 'UNAUTHENTICATED' },
        check: answers(() => ({ permission: 'edit' })),
      },
    ),
    open(
      'the view link with permission=edit in the URL',
      [N, N, N, N, N, N, N, N],
      (c) =>
        shareLinks.getSharePreview(db, c.actor, { linkId: c.w.links.view, permission: 'edit' }),
      { codes: everyoneLinkGone },
    ),
    open(
      'the revoked link',
      [N, N, N, N, N, N, N, N],
      (c) =>
        shareLinks.getSharePreview(db, c.actor, { linkId: c.w.links.revoked, permission: 'edit' }),
      { codes: everyoneLinkGone },
    ),
    open(
      'the expired link',
      [N, N, N, N, N, N, N, N],
      (c) =>
        shareLinks.getSharePreview(db, c.actor, { linkId: c.w.links.expired, permission: 'view' }),
      { codes: everyoneLinkGone },
    ),
  ],
  joinShareLink: [
    gated(
      'the active view link',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, wire.joinShareLink, { linkId: c.w.links.view, permission: 'view' }),
      {
        grants: true,
        // A view link makes a viewer; a stronger role already held is kept.
        check: roleIs((p) => (p === 'owner' ? 'owner' : p === 'editor' ? 'editor' : 'viewer')),
      },
    ),
    gated(
      'the active edit link',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => shareLinks.joinShareLink(db, c.actor, { linkId: c.w.links.edit, permission: 'edit' }),
      { grants: true, check: roleIs((p) => (p === 'owner' ? 'owner' : 'editor')) },
    ),
    gated(
      'the view link with permission=edit in the URL (raising access)',
      [N, N, N, N, N, N, N, N],
      (c) => overWire(c.actor, wire.joinShareLink, { linkId: c.w.links.view, permission: 'edit' }),
      { codes: everyoneLinkGone },
    ),
    gated(
      'the edit link with permission=view in the URL',
      [N, N, N, N, N, N, N, N],
      (c) => shareLinks.joinShareLink(db, c.actor, { linkId: c.w.links.edit, permission: 'view' }),
      { codes: everyoneLinkGone },
    ),
    gated(
      'the revoked link',
      [N, N, N, N, N, N, N, N],
      (c) =>
        shareLinks.joinShareLink(db, c.actor, { linkId: c.w.links.revoked, permission: 'edit' }),
      { codes: everyoneLinkGone },
    ),
    gated(
      'the expired link',
      [N, N, N, N, N, N, N, N],
      (c) =>
        shareLinks.joinShareLink(db, c.actor, { linkId: c.w.links.expired, permission: 'view' }),
      { codes: everyoneLinkGone },
    ),
  ],
  createShareLink: [
    gated(
      'an edit link to Client A',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, wire.createShareLink, {
          groupId: c.w.clientA,
          permission: 'edit',
          expiresInDays: 7,
        }),
      {
        // The owner gets the new link's secret back, to copy.
        check: answers(() => ({
          permission: 'edit',
          state: 'active',
          revokedAt: null,
          token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        })),
      },
    ),
    gated('a view link to A1', [N, N, N, N, Y, N, N, N], (c) =>
      shareLinks.createShareLink(db, c.actor, {
        groupId: c.w.a1,
        permission: 'view',
        expiresInDays: 0,
      }),
    ),
  ],
  revokeShareLink: [
    gated(
      "Client A's view link",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, wire.revokeShareLink, { linkId: c.w.viewLinkId }),
      { outsider: LINK_GONE, check: answers((c) => ({ id: c.w.viewLinkId, state: 'revoked' })) },
    ),
  ],
})

const overviewModule = matrixModule(
  'src/features/sharing/sharing-overview.server',
  sharingOverview,
  {
    getSharing: [
      gated(
        'Client A (members, links, invitations)',
        [N, N, N, N, Y, N, N, N],
        (c) => overWire(c.actor, wire.getSharing, { groupId: c.w.clientA }),
        { check: answers((c) => ({ group: { id: c.w.clientA } })) },
      ),
      gated(
        'Client B',
        [N, N, N, N, Y, N, N, N],
        (c) => sharingOverview.getSharing(db, c.actor, { groupId: c.w.clientB }),
        { member: NF },
      ),
    ],
  },
)

const invitationsModule = matrixModule('src/features/sharing/invitations.server', invitations, {
  inviteMember: [
    gated(
      'a new address to Client A',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, wire.inviteMember, {
          groupId: c.w.clientA,
          email: `invitee.${c.persona}.${c.w.nonce}@example.test`,
          role: 'editor',
        }),
      {
        check: answers((c) => ({
          email: `invitee.${c.persona}.${c.w.nonce}@example.test`.toLowerCase(),
          role: 'editor',
          expired: false,
        })),
      },
    ),
  ],
  cancelInvitation: [
    gated(
      "Client A's pending invitation",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, wire.cancelInvitation, { invitationId: invitationsIn(c.w).id }),
      {
        outsider: INVITATION_GONE,
        needs: ['invitations'],
        check: answers((c) => ({ id: invitationsIn(c.w).id })),
      },
    ),
  ],
  getInvitation: [
    open(
      'the pending invitation (to the stranger)',
      [Y, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, wire.getInvitation, { token: invitationsIn(c.w).token }),
      {
        face: true,
        needs: ['invitations'],
        check: (c, result) => {
          expect(result).toMatchObject({
            viewer: c.actor ? { emailMatches: c.persona === 'stranger' } : null,
          })
        },
      },
    ),
    open(
      'the cancelled invitation',
      [N, N, N, N, N, N, N, N],
      (c) => invitations.getInvitation(db, c.actor, { token: invitationsIn(c.w).cancelledToken }),
      { codes: everyone(INVITATION_GONE), needs: ['invitations'] },
    ),
  ],
  acceptInvitation: [
    gated(
      "the invitation to the stranger's address",
      [N, Y, N, N, N, N, N, N],
      (c) => overWire(c.actor, wire.acceptInvitation, { token: invitationsIn(c.w).token }),
      {
        // Holding the token is not enough: the signed-in address must be the invited one.
        codes: { ...everyone('INVITATION_WRONG_ACCOUNT'), anonymous: 'UNAUTHENTICATED' },
        grants: true,
        needs: ['invitations'],
        check: roleIs(() => 'editor'),
      },
    ),
    gated(
      'the cancelled invitation',
      [N, N, N, N, N, N, N, N],
      (c) =>
        invitations.acceptInvitation(db, c.actor, { token: invitationsIn(c.w).cancelledToken }),
      {
        codes: { ...everyone(INVITATION_GONE), anonymous: 'UNAUTHENTICATED' },
        needs: ['invitations'],
      },
    ),
  ],
})

const membersModule = matrixModule('src/features/sharing/members.server', members, {
  changeMemberRole: [
    gated(
      "the viewer's role → editor",
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        overWire(c.actor, wire.changeMemberRole, {
          groupId: c.w.clientA,
          userId: c.w.actors.viewer.id,
          role: 'editor',
          version: await memberVersion(c.w.clientA, c.w.actors.viewer.id),
        }),
      { check: answers((c) => ({ userId: c.w.actors.viewer.id, role: 'editor' })) },
    ),
  ],
  removeMember: [
    gated(
      'another viewer (Olga)',
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, wire.removeMember, { groupId: c.w.clientA, userId: c.w.olga.id }),
      { check: answers((c) => ({ userId: c.w.olga.id })) },
    ),
  ],
  leaveGroup: [
    gated(
      'Client A',
      [N, N, Y, Y, N, N, N, N],
      (c) => overWire(c.actor, wire.leaveGroup, { groupId: c.w.clientA }),
      // The owner holds no grant to give up.
      { codes: { owner: NF }, check: answers((c) => ({ groupId: c.w.clientA })) },
    ),
  ],
  listSharedWithMe: [
    gated(
      'own grants',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, wire.listSharedWithMe, undefined),
      {
        check: (c, result) => {
          const ids = Array.isArray(result)
            ? result.map((row: unknown) =>
                row && typeof row === 'object' && 'groupId' in row ? row.groupId : null,
              )
            : []
          const member = c.persona === 'viewer' || c.persona === 'editor'
          expect(ids).toEqual(member ? [c.w.clientA] : [])
        },
      },
    ),
  ],
})

const copyGroupModule = matrixModule('src/features/sharing/copy-group.server', copyGroup, {
  copySharedGroup: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => overWire(c.actor, wire.copySharedGroup, { groupId: c.w.clientA }),
      {
        // The copy is the actor's, made of the actor's own entries.
        check: async (c, result) => {
          const groupId =
            result && typeof result === 'object' && 'groupId' in result
              ? String(result.groupId)
              : ''
          const actorId = c.actor?.id ?? ''
          expect(await ownerOfGroup(groupId)).toBe(actorId)
          expect(await entryOwnersIn(groupId)).toEqual([actorId])
        },
      },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => copyGroup.copySharedGroup(db, c.actor, { groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
})

const ownershipModule = matrixModule('src/features/sharing/ownership.server', ownership, {
  transferOwnership: [
    gated(
      'Client A → the editor',
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        overWire(c.actor, wire.transferOwnership, {
          groupId: c.w.clientA,
          userId: c.w.actors.editor.id,
          version: await versionOf(c.w.clientA),
        }),
      {
        check: async (c, result) => {
          expect(result).toMatchObject({ groupId: c.w.clientA })
          expect(await ownerOfGroup(c.w.clientA)).toBe(c.w.actors.editor.id)
        },
      },
    ),
  ],
})

describeAccessMatrix('sharing', {
  folder: 'src/features/sharing',
  modules: [
    shareLinksModule,
    overviewModule,
    invitationsModule,
    membersModule,
    copyGroupModule,
    ownershipModule,
  ],
  notHere: {
    'src/features/sharing/sharing-common.server':
      'grants, joins and look-ups for the modules above, after they check the link or the role',
    'src/features/sharing/shared-subtree.server': 'reads and slots of a subtree already authorized',
    'src/features/sharing/sharing-dtos.server':
      'rows to DTOs and the members select; takes no actor',
    'src/features/sharing/sharing-mails.server': 'the mails of sharing; takes no actor',
  },
})
