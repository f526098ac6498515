import { createHash, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { GROUP_DEPTH_MAX } from '~/config/product'
import { chunks } from '~/db/chunks'
import type { Database } from '~/db/client.server'
import { integer, rowsOf, text, textOrNull } from '~/db/raw-rows.server'
import {
  group,
  groupInvitation,
  groupItem,
  groupMember,
  libraryEntry,
  type MemberRole,
  shareLink,
  user,
} from '~/db/schema'
import {
  findGroupAccess,
  type GroupRow,
  lockTree,
  requireGroup,
} from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { groupNameKey } from '~/features/groups/group-names'
import {
  GROUP_NAME_MAX,
  type GroupItem,
  type GroupRole,
  toGroupColor,
} from '~/features/groups/groups.schemas'
import { readGroupItems } from '~/features/groups/items.server'
import { compareKeys, keyBetween } from '~/features/groups/positions'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { log } from '~/server/logger.server'
import { createRateLimiter } from '~/server/rate-limit.server'
import {
  type CopyResult,
  type changeMemberRoleSchema,
  type createShareLinkSchema,
  INVITATION_EXPIRY_DAYS,
  type InvitationDto,
  type InvitationPreview,
  type invitationRefSchema,
  type invitationTokenRefSchema,
  type inviteSchema,
  type JoinResult,
  type joinShareLinkSchema,
  type MemberDto,
  type memberRefSchema,
  PREVIEW_ITEMS,
  type PreviewItem,
  ROLE_OF_PERMISSION,
  type SharedGroupFace,
  type SharedWithMe,
  type ShareLinkDto,
  type SharePreview,
  type SharingOverview,
  type shareLinkRefSchema,
  type sharePreviewSchema,
  type sharingRefSchema,
  type transferOwnershipSchema,
} from './sharing.schemas'
import { shareMails } from './sharing-mails.server'

/*
 * Sharing (decision 0019): share links, invitations, members, "Shared with
 * me", copies and ownership transfer. Every function finds its row,
 * authorizes through group-access.server.ts, then acts in one transaction
 * that leaves an activity row in the tree's log. Mails go out after the
 * commit: a mail server that is down never undoes a join. Links and
 * invitations that cannot be used all give the same answer, so a token
 * reveals nothing about why it failed.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** Revoked and expired links stay on the share screen this long, then drop off it. */
const LINK_HISTORY_MS = 30 * DAY_MS
/** A preview lists this many direct subgroups at most (the face carries the totals). */
const PREVIEW_SUBGROUPS = 50
/** Recursion guard for tree walks in SQL: deeper than any valid tree. */
const DEPTH_GUARD = GROUP_DEPTH_MAX + 6
const RANK: Record<GroupRole, number> = { viewer: 1, editor: 2, owner: 3 }

/** Every invitation is a mail: 30 per owner per hour keeps a team's onboarding easy and spam out. */
const invitationLimiter = createRateLimiter({ limit: 30, windowMs: 60 * 60 * 1000 })

type LinkRow = typeof shareLink.$inferSelect
type InvitationRow = typeof groupInvitation.$inferSelect
type Totals = { channels: number; animes: number; subgroups: number }
type Person = { id: string; name: string; email: string; locale: string }
/** A join's result, and what the owner's mail needs when a role was actually granted. */
type JoinOutcome = {
  result: JoinResult
  joined?: { owner: Person; group: GroupRow; role: MemberRole }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function atLeast(held: GroupRole, wanted: GroupRole): boolean {
  return RANK[held] >= RANK[wanted]
}

function logMailFailure(kind: string, error: unknown) {
  log.warn('sharing mail failed', {
    kind,
    error: error instanceof Error ? error.message : 'unknown',
  })
}

/** Sends a notification whose failure must not fail the request: logged, never thrown. */
async function mailQuietly(kind: string, send: () => Promise<void>) {
  try {
    await send()
  } catch (error) {
    logMailFailure(kind, error)
  }
}

async function findPerson(db: Database, id: string): Promise<Person | null> {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, locale: user.locale })
    .from(user)
    .where(eq(user.id, id))
  return row ?? null
}

async function requirePerson(db: Database, id: string): Promise<Person> {
  const person = await findPerson(db, id)
  if (!person) throw new AppError('INTERNAL')
  return person
}

function idList(ids: readonly string[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
}

/**
 * Channels, animes and subgroups below each root (the root's own items
 * included), in one statement whatever the number of roots.
 */
async function subtreeTotals(db: Database, rootIds: readonly string[]) {
  const totals = new Map<string, Totals>()
  if (rootIds.length === 0) return totals
  const result = await db.execute(sql`with recursive down(root_id, id, depth) as (
      select g.id, g.id, 0 from ${group} g where g.id in (${idList(rootIds)})
      union all
      select d.root_id, c.id, d.depth + 1 from ${group} c join down d on c.parent_id = d.id
      where d.depth < ${DEPTH_GUARD}
    ),
    groups_below as (
      select root_id, (count(*) - 1)::int as subgroups from down group by root_id
    ),
    items_below as (
      select d.root_id,
        (count(*) filter (where le.kind = 'channel'))::int as channels,
        (count(*) filter (where le.kind = 'anime'))::int as animes
      from down d
      join ${groupItem} gi on gi.group_id = d.id
      join ${libraryEntry} le on le.id = gi.entry_id
      group by d.root_id
    )
    select gb.root_id::text as id, gb.subgroups,
      coalesce(ib.channels, 0) as channels, coalesce(ib.animes, 0) as animes
    from groups_below gb left join items_below ib on ib.root_id = gb.root_id`)
  for (const row of rowsOf(result)) {
    totals.set(text(row.id), {
      channels: integer(row.channels),
      animes: integer(row.animes),
      subgroups: integer(row.subgroups),
    })
  }
  return totals
}

async function faceOf(db: Database, row: GroupRow): Promise<SharedGroupFace> {
  const totals = (await subtreeTotals(db, [row.id])).get(row.id)
  return {
    name: row.name,
    description: row.description,
    icon: row.icon,
    color: toGroupColor(row.color),
    channelCount: totals?.channels ?? 0,
    animeCount: totals?.animes ?? 0,
    subgroupCount: totals?.subgroups ?? 0,
  }
}

type SubtreeGroup = {
  id: string
  parentId: string | null
  name: string
  description: string
  icon: string | null
  color: string | null
  position: string
  depth: number
}

/** A group and every group below it, parents before children. */
async function readSubtree(db: Database, rootId: string): Promise<SubtreeGroup[]> {
  const result = await db.execute(sql`with recursive down(id, depth) as (
      select g.id, 0 from ${group} g where g.id = ${rootId}
      union all
      select c.id, d.depth + 1 from ${group} c join down d on c.parent_id = d.id
      where d.depth < ${DEPTH_GUARD}
    )
    select g.id::text as id, g.parent_id::text as parent_id, g.name, g.description, g.icon,
      g.color, g.position, d.depth
    from down d join ${group} g on g.id = d.id
    order by d.depth, g.position collate "C"`)
  return rowsOf(result).map((row) => ({
    id: text(row.id),
    parentId: textOrNull(row.parent_id),
    name: text(row.name),
    description: text(row.description),
    icon: textOrNull(row.icon),
    color: textOrNull(row.color),
    position: text(row.position),
    depth: integer(row.depth),
  }))
}

/** A free top-level name in a tree: the name itself, else "Name (copy)", "Name (copy 2)", … */
function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(groupNameKey(name))) return name
  for (let copy = 1; copy <= taken.size + 1; copy += 1) {
    const suffix = copy === 1 ? ' (copy)' : ` (copy ${copy})`
    const room = GROUP_NAME_MAX - [...suffix].length
    const candidate = `${[...name].slice(0, room).join('').trimEnd()}${suffix}`
    if (!taken.has(groupNameKey(candidate))) return candidate
  }
  throw new AppError('GROUP_NAME_TAKEN', { name })
}

/** Where a group arriving at the top of an owner's tree goes: a free name, after the last one. */
async function topLevelSlot(
  db: Database,
  ownerId: string,
  name: string,
): Promise<{ name: string; position: string }> {
  const rows = await db
    .select({ nameKey: group.nameKey, position: group.position })
    .from(group)
    .where(and(eq(group.ownerId, ownerId), isNull(group.parentId)))
  let last: string | null = null
  for (const row of rows) {
    if (last === null || compareKeys(row.position, last) > 0) last = row.position
  }
  return {
    name: freeName(name, new Set(rows.map((row) => row.nameKey))),
    position: keyBetween(last, null),
  }
}

/** Locks both trees in one order whatever the caller, so two transfers cannot deadlock. */
async function lockTrees(tx: Database, ownerIds: readonly string[]) {
  for (const id of [...new Set(ownerIds)].sort()) await lockTree(tx, id)
}

/** A grant's new role, its version moved on (the owner's screen compares versions). */
function roleChange(role: MemberRole) {
  return { role, version: sql`${groupMember.version} + 1`, updatedAt: new Date() }
}

/** Gives a user this role on a group, replacing a grant they already hold there. */
async function upsertGrant(tx: Database, groupId: string, userId: string, role: MemberRole) {
  await tx
    .insert(groupMember)
    .values({ groupId, userId, role })
    .onConflictDoUpdate({
      target: [groupMember.groupId, groupMember.userId],
      set: roleChange(role),
    })
}

/*
 * Joining (links and invitations share the rule): the owner just goes to
 * the group; a role already held on the chain that is at least as strong is
 * kept and nothing is written; otherwise the grant on this group is created
 * or raised.
 */
async function joinGroup(
  tx: Database,
  actor: Actor,
  target: GroupRow,
  role: MemberRole,
): Promise<JoinOutcome> {
  const access = await findGroupAccess(tx, actor.id, target.id)
  if (access && atLeast(access.role, role)) {
    return { result: { groupId: target.id, role: access.role } }
  }
  await upsertGrant(tx, target.id, actor.id, role)
  await recordActivity(tx, actor, target.ownerId, [
    { groupId: target.id, action: 'member.joined', details: { name: actor.name, role } },
  ])
  return {
    result: { groupId: target.id, role },
    joined: { owner: await requirePerson(tx, target.ownerId), group: target, role },
  }
}

/** After the commit: the owner hears of a granted role (a mail failure is only logged). */
async function announceJoin(actor: Actor, outcome: JoinOutcome): Promise<JoinResult> {
  const { joined } = outcome
  if (joined) {
    await mailQuietly('member-joined', () =>
      shareMails.memberJoined(joined.owner, {
        member: actor.name,
        group: joined.group.name,
        groupId: joined.group.id,
        role: joined.role,
      }),
    )
  }
  return outcome.result
}

/** What a link or an invitation answers for every reason it cannot be used. */
type Unavailable = 'SHARE_LINK_UNAVAILABLE' | 'INVITATION_UNAVAILABLE'

/** The group a link or an invitation points at; gone, the token is just unavailable. */
async function linkedGroup(
  db: Database,
  groupId: string,
  unavailable: Unavailable,
): Promise<GroupRow> {
  const [target] = await db.select().from(group).where(eq(group.id, groupId))
  if (!target) throw new AppError(unavailable)
  return target
}

/* Share links */

function linkUsable(link: LinkRow, permission: string, now: Date): boolean {
  return (
    link.permission === permission &&
    link.revokedAt === null &&
    (link.expiresAt === null || link.expiresAt.getTime() > now.getTime())
  )
}

function linkState(link: LinkRow, now: Date): ShareLinkDto['state'] {
  if (link.revokedAt !== null) return 'revoked'
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'active'
}

function toLinkDto(link: LinkRow, now: Date): ShareLinkDto {
  return {
    id: link.id,
    permission: link.permission,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    revokedAt: link.revokedAt?.toISOString() ?? null,
    useCount: link.useCount,
    createdAt: link.createdAt.toISOString(),
    state: linkState(link, now),
  }
}

/** A link that can be used with this permission, with its group; anything else is "unavailable". */
async function usableLink(
  db: Database,
  input: z.infer<typeof sharePreviewSchema>,
  options: { lock: boolean },
): Promise<{ link: LinkRow; target: GroupRow }> {
  const query = db.select().from(shareLink).where(eq(shareLink.id, input.linkId))
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
    readGroupItems(db, target.id, PREVIEW_ITEMS),
    db
      .select({ name: group.name, icon: group.icon, color: group.color })
      .from(group)
      .where(eq(group.parentId, target.id))
      .orderBy(sql`${group.position} collate "C"`, asc(group.id))
      .limit(PREVIEW_SUBGROUPS),
    actor ? findGroupAccess(db, actor.id, target.id) : null,
  ])
  const items: PreviewItem[] = (await fillFromSubgroups(db, target.id, itemRows)).map(
    ({ kind, title, imageUrl }) => ({ kind, title, imageUrl }),
  )
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

/**
 * A group that holds its channels in subgroups ("Science" › "Physics"…)
 * would preview as empty: the first items of the subgroups fill the rest.
 */
async function fillFromSubgroups(db: Database, rootId: string, own: GroupItem[]) {
  if (own.length >= PREVIEW_ITEMS) return own
  const below = (await readSubtree(db, rootId)).filter((node) => node.id !== rootId)
  if (below.length === 0) return own
  const more = await readGroupItems(
    db,
    below.map((node) => node.id),
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

export async function createShareLink(
  db: Database,
  actor: Actor,
  input: z.infer<typeof createShareLinkSchema>,
): Promise<ShareLinkDto> {
  return db.transaction(async (tx) => {
    const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'owner')
    const now = new Date()
    const [link] = await tx
      .insert(shareLink)
      .values({
        // 128 random bits: the link is its own secret.
        id: randomBytes(16).toString('base64url'),
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
    return toLinkDto(link, now)
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

/**
 * The owner check for a row found by its own id (a link, an invitation): a
 * stranger gets the row's "unavailable" answer and learns nothing about the
 * group; a member of the group is told they may not.
 */
async function requireOwnerOf(
  tx: Database,
  actor: Actor,
  groupId: string,
  unavailable: Unavailable,
): Promise<GroupRow> {
  const access = await findGroupAccess(tx, actor.id, groupId)
  if (!access) throw new AppError(unavailable)
  if (access.role !== 'owner') throw new AppError('GROUP_FORBIDDEN')
  return access.group
}

/* Invitations */

function toInvitationDto(row: InvitationRow, now: Date): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  }
}

/**
 * Invites an address; a pending invitation to the same address is replaced
 * (new token, new expiry, the role given now), which is how "resend" works.
 * The mail is the one copy of the token; when it cannot be sent the
 * invitation stays pending (resend it) and the owner is told.
 */
export async function inviteMember(
  db: Database,
  actor: Actor,
  input: z.infer<typeof inviteSchema>,
): Promise<InvitationDto> {
  const email = input.email.trim().toLowerCase()
  const token = randomBytes(32).toString('base64url')
  const outcome = await db.transaction(async (tx) => {
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
    invitationLimiter.hit(actor.id)
    const now = new Date()
    const expiresAt = new Date(now.getTime() + INVITATION_EXPIRY_DAYS * DAY_MS)
    const tokenHash = hashToken(token)
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
    .where(eq(groupInvitation.tokenHash, hashToken(token)))
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
    return joinGroup(tx, actor, target, invitation.role)
  })
  return announceJoin(actor, outcome)
}

/* Members */

/** A group's grants with the member's public face (never their email). */
function selectMembers(db: Database) {
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

function toMemberDto(row: Omit<MemberDto, 'joinedAt'> & { joinedAt: Date }): MemberDto {
  return { ...row, joinedAt: row.joinedAt.toISOString() }
}

/** The owner's view of one member of this group, with the tree locked for the change. */
async function requireMember(
  tx: Database,
  actor: Actor,
  input: z.infer<typeof memberRefSchema>,
): Promise<{ target: GroupRow; member: MemberDto }> {
  const { group: target } = await requireGroup(tx, actor.id, input.groupId, 'owner')
  // Serialised with transfers, which read grants under this lock.
  await lockTree(tx, target.ownerId)
  const [row] = await selectMembers(tx).where(
    and(eq(groupMember.groupId, target.id), eq(groupMember.userId, input.userId)),
  )
  if (!row) throw new AppError('MEMBER_NOT_FOUND')
  return { target, member: toMemberDto(row) }
}

/** A new role for a member of this group, from the version the owner saw. */
export async function changeMemberRole(
  db: Database,
  actor: Actor,
  input: z.infer<typeof changeMemberRoleSchema>,
): Promise<MemberDto> {
  return db.transaction(async (tx) => {
    const { target, member } = await requireMember(tx, actor, input)
    if (member.version !== input.version) throw new AppError('STALE_VERSION')
    if (member.role === input.role) return member
    const [updated] = await tx
      .update(groupMember)
      .set(roleChange(input.role))
      .where(
        and(
          eq(groupMember.groupId, target.id),
          eq(groupMember.userId, input.userId),
          eq(groupMember.version, input.version),
        ),
      )
      .returning({ version: groupMember.version })
    if (!updated) throw new AppError('STALE_VERSION')
    await recordActivity(tx, actor, target.ownerId, [
      {
        groupId: target.id,
        action: 'member.roleChanged',
        details: { name: member.name, role: input.role },
      },
    ])
    return { ...member, role: input.role, version: updated.version }
  })
}

/** Takes a member's grant on this group away (grants elsewhere in the tree stay). */
export async function removeMember(
  db: Database,
  actor: Actor,
  input: z.infer<typeof memberRefSchema>,
): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const { target, member } = await requireMember(tx, actor, input)
    await tx
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, target.id), eq(groupMember.userId, input.userId)))
    await recordActivity(tx, actor, target.ownerId, [
      { groupId: target.id, action: 'member.removed', details: { name: member.name } },
    ])
    return { userId: input.userId }
  })
}

/** A member gives up their own grant on this group. */
export async function leaveGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof sharingRefSchema>,
): Promise<{ groupId: string }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: group.id, ownerId: group.ownerId })
      .from(groupMember)
      .innerJoin(group, eq(group.id, groupMember.groupId))
      .where(and(eq(groupMember.groupId, input.groupId), eq(groupMember.userId, actor.id)))
    if (!target) throw new AppError('GROUP_NOT_FOUND')
    await lockTree(tx, target.ownerId)
    const removed = await tx
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, target.id), eq(groupMember.userId, actor.id)))
      .returning({ groupId: groupMember.groupId })
    if (removed.length === 0) throw new AppError('GROUP_NOT_FOUND')
    await recordActivity(tx, actor, target.ownerId, [
      { groupId: target.id, action: 'member.left', details: { name: actor.name } },
    ])
    return { groupId: target.id }
  })
}

/**
 * Groups others share with the actor: only the topmost of each chain of
 * grants (a grant inside a group already shared with them is part of it),
 * with whole-subtree totals. Three statements whatever the number of grants.
 */
export async function listSharedWithMe(db: Database, actor: Actor): Promise<SharedWithMe[]> {
  const topmost = await db.execute(sql`with recursive
    mine as (
      select m.group_id from ${groupMember} m join ${group} g on g.id = m.group_id
      where m.user_id = ${actor.id} and g.owner_id <> ${actor.id}
    ),
    up(grant_id, id, depth) as (
      select g.id, g.parent_id, 1 from ${group} g join mine on mine.group_id = g.id
      where g.parent_id is not null
      union all
      select u.grant_id, p.parent_id, u.depth + 1 from ${group} p join up u on p.id = u.id
      where p.parent_id is not null and u.depth < ${DEPTH_GUARD}
    )
    select mine.group_id::text as id from mine
    where not exists (
      select 1 from up join mine above on above.group_id = up.id where up.grant_id = mine.group_id
    )`)
  const ids = rowsOf(topmost).map((row) => text(row.id))
  if (ids.length === 0) return []
  const [totals, rows] = await Promise.all([
    subtreeTotals(db, ids),
    db
      .select({
        groupId: group.id,
        name: group.name,
        icon: group.icon,
        color: group.color,
        ownerName: user.name,
        role: groupMember.role,
        joinedAt: groupMember.createdAt,
      })
      .from(groupMember)
      .innerJoin(group, eq(group.id, groupMember.groupId))
      .innerJoin(user, eq(user.id, group.ownerId))
      .where(and(eq(groupMember.userId, actor.id), inArray(groupMember.groupId, ids))),
  ])
  return rows
    .map((row) => {
      const total = totals.get(row.groupId)
      return {
        ...row,
        color: toGroupColor(row.color),
        channelCount: total?.channels ?? 0,
        animeCount: total?.animes ?? 0,
        subgroupCount: total?.subgroups ?? 0,
        joinedAt: row.joinedAt.toISOString(),
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name) || compareKeys(a.groupId, b.groupId))
}

/* Copy and transfer */

type SourceItem = {
  groupId: string
  position: string
  kind: 'channel' | 'anime'
  channelId: string | null
  animeId: string | null
}

async function readItems(db: Database, groupIds: readonly string[]): Promise<SourceItem[]> {
  const items: SourceItem[] = []
  for (const part of chunks(groupIds)) {
    const rows = await db
      .select({
        groupId: groupItem.groupId,
        position: groupItem.position,
        kind: libraryEntry.kind,
        channelId: libraryEntry.channelId,
        animeId: libraryEntry.animeId,
      })
      .from(groupItem)
      .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
      .where(inArray(groupItem.groupId, part))
    items.push(...rows)
  }
  return items
}

/** The user's library entries for these catalogue ids, created where missing. */
async function ensureEntries(
  tx: Database,
  userId: string,
  items: readonly SourceItem[],
): Promise<{ channels: Map<string, string>; animes: Map<string, string> }> {
  const channelIds = [...new Set(items.flatMap((item) => (item.channelId ? [item.channelId] : [])))]
  const animeIds = [...new Set(items.flatMap((item) => (item.animeId ? [item.animeId] : [])))]
  const rows = [
    ...channelIds.map((channelId) => ({ userId, kind: 'channel' as const, channelId })),
    ...animeIds.map((animeId) => ({ userId, kind: 'anime' as const, animeId })),
  ]
  for (const part of chunks(rows)) await tx.insert(libraryEntry).values(part).onConflictDoNothing()
  return {
    channels: await entryIdsBy(tx, userId, libraryEntry.channelId, channelIds),
    animes: await entryIdsBy(tx, userId, libraryEntry.animeId, animeIds),
  }
}

/** The user's entry id for each of these catalogue ids (channel or anime column). */
async function entryIdsBy(
  tx: Database,
  userId: string,
  column: typeof libraryEntry.channelId | typeof libraryEntry.animeId,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const entries = new Map<string, string>()
  for (const part of chunks(ids)) {
    const found = await tx
      .select({ id: libraryEntry.id, key: column })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, userId), inArray(column, part)))
    for (const row of found) if (row.key) entries.set(row.key, row.id)
  }
  return entries
}

/**
 * A deep copy of a group someone can see (subgroups, icons, colours,
 * descriptions, order and items) at the top of the actor's own tree, owned
 * by them; the items become entries of their own library.
 */
export async function copySharedGroup(
  db: Database,
  actor: Actor,
  input: z.infer<typeof sharingRefSchema>,
): Promise<CopyResult> {
  return db.transaction(async (tx) => {
    const { group: source } = await requireGroup(tx, actor.id, input.groupId, 'view')
    // The source tree too, so the copy is one consistent picture of it.
    await lockTrees(tx, [actor.id, source.ownerId])
    const groups = await readSubtree(tx, source.id)
    const root = groups[0]
    if (!root || root.id !== source.id) throw new AppError('GROUP_NOT_FOUND')
    const height = groups.reduce((deepest, node) => Math.max(deepest, node.depth + 1), 0)
    if (height > GROUP_DEPTH_MAX) {
      throw new AppError('GROUP_DEPTH_LIMIT', { max: GROUP_DEPTH_MAX })
    }
    const items = await readItems(
      tx,
      groups.map((node) => node.id),
    )
    const { name, position } = await topLevelSlot(tx, actor.id, root.name)
    const newIds = new Map(groups.map((node) => [node.id, crypto.randomUUID()]))
    const newId = (id: string) => {
      const mapped = newIds.get(id)
      if (!mapped) throw new AppError('GROUP_NOT_FOUND')
      return mapped
    }
    // Parents come first (ordered by depth), so each chunk's parents already exist.
    const rows = groups.map((node) => {
      const isRoot = node.id === root.id
      const copyName = isRoot ? name : node.name
      return {
        id: newId(node.id),
        ownerId: actor.id,
        parentId: isRoot || node.parentId === null ? null : newId(node.parentId),
        name: copyName,
        nameKey: groupNameKey(copyName),
        description: node.description,
        icon: node.icon,
        color: node.color,
        position: isRoot ? position : node.position,
      }
    })
    for (const part of chunks(rows)) await tx.insert(group).values(part)
    const entries = await ensureEntries(tx, actor.id, items)
    const placed = items.flatMap((item) => {
      const entryId = item.channelId
        ? entries.channels.get(item.channelId)
        : item.animeId
          ? entries.animes.get(item.animeId)
          : undefined
      return entryId
        ? [{ groupId: newId(item.groupId), entryId, position: item.position, addedBy: actor.id }]
        : []
    })
    for (const part of chunks(placed)) await tx.insert(groupItem).values(part)
    const rootId = newId(root.id)
    await recordActivity(tx, actor, actor.id, [
      {
        groupId: rootId,
        action: 'group.copied',
        details: { name, from: root.name, groups: groups.length, items: placed.length },
      },
    ])
    return { groupId: rootId, groups: groups.length, items: placed.length }
  })
}

/**
 * Gives a group (and its subtree) to an editor of it: it moves to the top
 * of their tree, its items become entries of their library (same order),
 * their own grants inside it go (they own it now) and the previous owner
 * keeps editing it. Links and invitations stay on the same groups.
 */
export async function transferOwnership(
  db: Database,
  actor: Actor,
  input: z.infer<typeof transferOwnershipSchema>,
): Promise<{ groupId: string }> {
  return db.transaction(async (tx) => {
    const { group: root } = await requireGroup(tx, actor.id, input.groupId, 'owner')
    if (root.version !== input.version) throw new AppError('STALE_VERSION')
    if (input.userId === root.ownerId) throw new AppError('MEMBER_NOT_FOUND')
    const heir = await findPerson(tx, input.userId)
    if (!heir) throw new AppError('MEMBER_NOT_FOUND')
    await lockTrees(tx, [root.ownerId, heir.id])
    // Read under the locks: role changes and removals take the owner's lock too.
    const heirAccess = await findGroupAccess(tx, heir.id, root.id)
    if (heirAccess?.role !== 'editor') throw new AppError('MEMBER_NOT_FOUND')
    const previousOwner = await requirePerson(tx, root.ownerId)
    const subtree = await readSubtree(tx, root.id)
    const ids = subtree.map((node) => node.id)
    const { name, position } = await topLevelSlot(tx, heir.id, root.name)

    const [moved] = await tx
      .update(group)
      .set({
        ownerId: heir.id,
        parentId: null,
        name,
        nameKey: groupNameKey(name),
        position,
        version: sql`${group.version} + 1`,
      })
      .where(and(eq(group.id, root.id), eq(group.version, input.version)))
      .returning({ id: group.id })
    if (!moved) throw new AppError('STALE_VERSION')
    const below = ids.filter((id) => id !== root.id)
    for (const part of chunks(below)) {
      await tx.update(group).set({ ownerId: heir.id }).where(inArray(group.id, part))
    }
    // Items of the heir's groups that are still someone else's entries are exactly the moved ones.
    await tx.execute(sql`insert into ${libraryEntry} (user_id, kind, channel_id, anime_id)
      select distinct ${heir.id}::text, le.kind, le.channel_id, le.anime_id
      from ${groupItem} gi
      join ${group} g on g.id = gi.group_id
      join ${libraryEntry} le on le.id = gi.entry_id
      where g.owner_id = ${heir.id} and le.user_id <> ${heir.id}
      on conflict do nothing`)
    await tx.execute(sql`update ${groupItem} gi set entry_id = ne.id
      from ${group} g, ${libraryEntry} oe, ${libraryEntry} ne
      where g.id = gi.group_id and g.owner_id = ${heir.id}
        and oe.id = gi.entry_id and oe.user_id <> ${heir.id}
        and ne.user_id = ${heir.id} and ne.kind = oe.kind
        and ne.channel_id is not distinct from oe.channel_id
        and ne.anime_id is not distinct from oe.anime_id`)
    for (const part of chunks(ids)) {
      await tx
        .delete(groupMember)
        .where(and(eq(groupMember.userId, heir.id), inArray(groupMember.groupId, part)))
    }
    await upsertGrant(tx, root.id, previousOwner.id, 'editor')
    const details = { name, from: previousOwner.name, to: heir.name }
    // The old tree's line sits on the former parent: the group is no longer in that tree.
    await recordActivity(tx, actor, previousOwner.id, [
      { groupId: root.parentId, action: 'group.transferred', details },
    ])
    await recordActivity(tx, actor, heir.id, [
      { groupId: root.id, action: 'group.transferred', details },
    ])
    return { groupId: root.id }
  })
}
