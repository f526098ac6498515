import { eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { group, groupMember, type MemberRole, user } from '~/db/schema'
import { findGroupAccess, type GroupRow, requireGroup } from '~/features/groups/access.server'
import { recordActivity } from '~/features/groups/activity.server'
import { roleAtLeast } from '~/features/groups/groups.schemas'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { log } from '~/server/logger.server'
import type { JoinResult } from './sharing.schemas'
import { shareMails } from './sharing-mails.server'

/* What links, invitations, members and transfers share. */

export const DAY_MS = 24 * 60 * 60 * 1000

export type Person = { id: string; name: string; email: string; locale: string }

export async function findPerson(db: Database, id: string): Promise<Person | null> {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, locale: user.locale })
    .from(user)
    .where(eq(user.id, id))
  return row ?? null
}

export async function requirePerson(db: Database, id: string): Promise<Person> {
  const person = await findPerson(db, id)
  if (!person) throw new AppError('INTERNAL')
  return person
}

export function logMailFailure(kind: string, error: unknown) {
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

/** A grant's new role, its version moved on (the owner's screen compares versions). */
export function roleChange(role: MemberRole) {
  return { role, version: sql`${groupMember.version} + 1`, updatedAt: new Date() }
}

export async function upsertGrant(tx: Database, groupId: string, userId: string, role: MemberRole) {
  await tx
    .insert(groupMember)
    .values({ groupId, userId, role })
    .onConflictDoUpdate({
      target: [groupMember.groupId, groupMember.userId],
      set: roleChange(role),
    })
}

/** A join's result, and what the owner's mail needs when a role was actually granted. */
export type JoinOutcome = {
  result: JoinResult
  joined?: { owner: Person; group: GroupRow; role: MemberRole }
}

/*
 * Shared by links and invitations: the owner just goes to the group; a role already held on the chain at
 * least as strong is kept, nothing written; else the grant on this group is created or raised.
 */
export async function joinGroup(
  tx: Database,
  actor: Actor,
  target: GroupRow,
  role: MemberRole,
): Promise<JoinOutcome> {
  const access = await findGroupAccess(tx, actor.id, target.id)
  if (access && roleAtLeast(access.role, role)) {
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
export async function announceJoin(actor: Actor, outcome: JoinOutcome): Promise<JoinResult> {
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
export type Unavailable = 'SHARE_LINK_UNAVAILABLE' | 'INVITATION_UNAVAILABLE'

/** The group a link or an invitation points at; gone, the token is just unavailable. */
export async function linkedGroup(
  db: Database,
  groupId: string,
  unavailable: Unavailable,
): Promise<GroupRow> {
  const [target] = await db.select().from(group).where(eq(group.id, groupId))
  if (!target) throw new AppError(unavailable)
  return target
}

/** A stranger gets the row's "unavailable" answer and learns nothing; a member is told they may not. */
export async function requireOwnerOf(
  tx: Database,
  actor: Actor,
  groupId: string,
  unavailable: Unavailable,
): Promise<GroupRow> {
  try {
    return (await requireGroup(tx, actor.id, groupId, 'owner')).group
  } catch (error) {
    if (error instanceof AppError && error.code === 'GROUP_NOT_FOUND') {
      throw new AppError(unavailable)
    }
    throw error
  }
}
