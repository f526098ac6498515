import { randomBytes, randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { group, shareLink } from '~/db/schema'
import { requireRoom, requireShareRoom } from '~/features/billing/plan-limits.server'
import { findGroupAccess, type GroupRow, requireGroup } from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { type GroupItem, idSchema, toGroupColor } from '~/features/groups/groups.schemas'
import { readGroupItems } from '~/features/groups/items.server'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { hashUrlSecret, sealUrlSecret } from '~/server/crypto/share-secrets.server'
import { runOnce } from '~/server/idempotency.server'
import { faceOf, readSubtree } from './shared-subtree.server'
import {
  type createShareLinkSchema,
  type JoinResult,
  type joinShareLinkSchema,
  PREVIEW_ITEMS,
  type PreviewItem,
  ROLE_OF_PERMISSION,
  type ShareLinkDto,
  type SharePreview,
  type shareLinkRefSchema,
  type sharePreviewSchema,
} from './sharing.schemas'
import {
  announceJoin,
  DAY_MS,
  joinGroup,
  linkedGroup,
  requireOwnerOf,
  requirePerson,
} from './sharing-common.server'
import { toLinkDto } from './sharing-dtos.server'

/* Share links (decision 0019). A link that cannot be used, for whatever reason, is SHARE_LINK_UNAVAILABLE. */

/** A preview lists this many direct subgroups at most (the face carries the totals). */
const PREVIEW_SUBGROUPS = 50

type LinkRow = typeof shareLink.$inferSelect

function linkUsable(link: LinkRow, permission: string, now: Date): boolean {
  return (
    link.permission === permission &&
    link.revokedAt === null &&
    (link.expiresAt === null || link.expiresAt.getTime() > now.getTime())
  )
}

/** A link that can be used with this permission, with its group; anything else is "unavailable". */
async function usableLink(
  db: Database,
  input: z.infer<typeof sharePreviewSchema>,
  options: { lock: boolean },
): Promise<{ link: LinkRow; target: GroupRow }> {
  const query = db
    .select()
    .from(shareLink)
    .where(eq(shareLink.tokenHash, hashUrlSecret(input.linkId)))
  const [link] = options.lock ? await query.for('update') : await query
  if (!link || !linkUsable(link, input.permission, new Date())) {
    throw new AppError('SHARE_LINK_UNAVAILABLE')
  }
  return { link, target: await linkedGroup(db, link.groupId, 'SHARE_LINK_UNAVAILABLE') }
}

/** What a link holder sees before joining; an edit link needs a signed-in reader. */
export async function getSharePreview(
  db: Database,
  actor: Actor | null,
  input: z.infer<typeof sharePreviewSchema>,
): Promise<SharePreview> {
  const { link, target } = await usableLink(db, input, { lock: false })
  if (link.permission === 'edit' && actor === null) throw new AppError('UNAUTHENTICATED')
  const [face, owner, itemRows, subgroups, access] = await Promise.all([
    faceOf(db, target),
    requirePerson(db, target.ownerId),
    readGroupItems(db, target.id, actor?.id ?? null, PREVIEW_ITEMS),
    db
      .select({ name: group.name, icon: group.icon, color: group.color })
      .from(group)
      .where(eq(group.parentId, target.id))
      .orderBy(sql`${group.position} collate "C"`, asc(group.id))
      .limit(PREVIEW_SUBGROUPS),
    actor ? findGroupAccess(db, actor.id, target.id) : null,
  ])
  const items: PreviewItem[] = (
    await fillFromSubgroups(db, target.id, actor?.id ?? null, itemRows)
  ).map(({ kind, title, imageUrl }) => ({ kind, title, imageUrl }))
  return {
    group: face,
    ownerName: owner.name,
    permission: link.permission,
    items,
    subgroups: subgroups.map((row) => ({ ...row, color: toGroupColor(row.color) })),
    viewer: actor
      ? {
          isOwner: access?.role === 'owner',
          role: access?.role ?? null,
          groupId: access ? target.id : null,
        }
      : null,
  }
}

/** A group holding its channels in subgroups would preview empty: their first items fill the rest. */
async function fillFromSubgroups(
  db: Database,
  rootId: string,
  viewerId: string | null,
  own: GroupItem[],
) {
  if (own.length >= PREVIEW_ITEMS) return own
  const below = (await readSubtree(db, rootId)).filter((node) => node.id !== rootId)
  if (below.length === 0) return own
  const more = await readGroupItems(
    db,
    below.map((node) => node.id),
    viewerId,
    PREVIEW_ITEMS * 2,
  )
  const seen = new Set(own.map((item) => item.entryId))
  const filled = [...own]
  for (const item of more) {
    if (filled.length >= PREVIEW_ITEMS) break
    if (seen.has(item.entryId)) continue
    seen.add(item.entryId)
    filled.push(item)
  }
  return filled
}

/** Joins through a link: view → viewer, edit → editor, never weakening a role already held. */
export async function joinShareLink(
  db: Database,
  actor: Actor,
  input: z.infer<typeof joinShareLinkSchema>,
): Promise<JoinResult> {
  const outcome = await db.transaction(async (tx) => {
    // The lock makes a double click count once.
    const { link, target } = await usableLink(tx, input, { lock: true })
    // A newcomer is one more person the owner shares with: the owner's plan must have room.
    if (target.ownerId !== actor.id) {
      await requireRoom(tx, target.ownerId, { people: [(await requirePerson(tx, actor.id)).email] })
    }
    const joining = await joinGroup(tx, actor, target, ROLE_OF_PERMISSION[link.permission])
    if (joining.joined) {
      await tx
        .update(shareLink)
        .set({ useCount: sql`${shareLink.useCount} + 1` })
        .where(eq(shareLink.id, link.id))
    }
    return joining
  })
  return announceJoin(actor, outcome)
}

/** What the idempotency table keeps of a new link: its id, never its secret. */
const createdLinkSchema = z.object({ linkId: idSchema })

/** Under an idempotency key a retry answers the first link; its URL comes back from the sealed secret. */
export async function createShareLink(
  db: Database,
  actor: Actor,
  input: z.infer<typeof createShareLinkSchema>,
): Promise<ShareLinkDto> {
  const { linkId } = await runOnce(
    db,
    { userId: actor.id, key: input.idempotencyKey, operation: 'shareLink.create' },
    (stored) => createdLinkSchema.parse(stored),
    (tx) => insertShareLink(tx, actor, input),
  )
  const [link] = await db.select().from(shareLink).where(eq(shareLink.id, linkId))
  if (!link) throw new AppError('SHARE_LINK_UNAVAILABLE')
  // A retry hands out the secret only to who still owns the group.
  await requireOwnerOf(db, actor, link.groupId, 'SHARE_LINK_UNAVAILABLE')
  return toLinkDto(link, new Date())
}

async function insertShareLink(
  db: Database,
  actor: Actor,
  input: z.infer<typeof createShareLinkSchema>,
): Promise<z.infer<typeof createdLinkSchema>> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'owner')
    await requireShareRoom(tx, target.ownerId)
    const now = new Date()
    // 128 random bits: the link is its own secret, kept only hashed and sealed.
    const token = randomBytes(16).toString('base64url')
    const id = randomUUID()
    const [link] = await tx
      .insert(shareLink)
      .values({
        id,
        tokenHash: hashUrlSecret(token),
        sealedToken: sealUrlSecret(token, id),
        groupId: target.id,
        permission: input.permission,
        createdBy: actor.id,
        expiresAt:
          input.expiresInDays === 0 ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning()
    if (!link) throw new AppError('INTERNAL')
    await recordActivity(tx, actor, target.ownerId, [
      { groupId: target.id, action: 'link.created', details: { permission: link.permission } },
    ])
    return { linkId: link.id }
  })
}

/** Stops a link working at once; revoking twice changes nothing. */
export async function revokeShareLink(
  db: Database,
  actor: Actor,
  input: z.infer<typeof shareLinkRefSchema>,
): Promise<ShareLinkDto> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(shareLink)
      .where(eq(shareLink.id, input.linkId))
      .for('update')
    if (!link) throw new AppError('SHARE_LINK_UNAVAILABLE')
    const target = await requireOwnerOf(tx, actor, link.groupId, 'SHARE_LINK_UNAVAILABLE')
    const now = new Date()
    if (link.revokedAt !== null) return toLinkDto(link, now)
    const [revoked] = await tx
      .update(shareLink)
      .set({ revokedAt: now })
      .where(eq(shareLink.id, link.id))
      .returning()
    if (!revoked) throw new AppError('SHARE_LINK_UNAVAILABLE')
    await recordActivity(tx, actor, target.ownerId, [
      { groupId: target.id, action: 'link.revoked', details: { permission: link.permission } },
    ])
    return toLinkDto(revoked, now)
  })
}
