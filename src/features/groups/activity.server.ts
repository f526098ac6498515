import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '~/db/client.server'
import { type ActivityAction, groupActivity } from '~/db/schema'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { PEOPLE_ACTIONS, queueSeatSync } from '../billing/plan-limits.server'
import { requireGroup } from './access.server'
import type { ActivityEntry, listActivitySchema } from './groups.schemas'

/*
 * The one writer (in each domain's own transaction) and reader of the activity log; so also where a
 * change of the people an owner shares with queues the Business seat count.
 */

export type ActivityDetails = Record<string, string | number | null>
export type ActivityLine = {
  groupId: string | null
  action: ActivityAction
  details: ActivityDetails
}
/** A line of some owner's log (one write can touch several trees). */
export type OwnedActivityLine = ActivityLine & { ownerId: string }
/** Who did it: the name is copied into the line, so the log outlives a rename or deletion. */
type Signer = Pick<Actor, 'id' | 'name'>

const ACTIVITY_LIMIT = 50

/** Lines that may fall in several owners' logs, in one statement (none: no statement). */
export async function recordActivityLines(
  db: Database,
  actor: Signer,
  lines: readonly OwnedActivityLine[],
): Promise<void> {
  if (lines.length === 0) return
  await db
    .insert(groupActivity)
    .values(lines.map((line) => ({ ...line, actorId: actor.id, actorName: actor.name })))
  await queueSeatSync(
    db,
    lines.filter((line) => PEOPLE_ACTIONS.has(line.action)).map((line) => line.ownerId),
  )
}

export function recordActivity(
  db: Database,
  actor: Signer,
  ownerId: string,
  lines: readonly ActivityLine[],
): Promise<void> {
  return recordActivityLines(
    db,
    actor,
    lines.map((line) => ({ ...line, ownerId })),
  )
}

/** The newest activity of one group, or of the actor's whole account (the overview). */
export async function listActivity(
  db: Database,
  actor: Actor,
  input: z.infer<typeof listActivitySchema>,
): Promise<ActivityEntry[]> {
  const access =
    input.groupId === null ? null : await requireGroup(db, actor.id, input.groupId, 'view')
  const where = access
    ? eq(groupActivity.groupId, access.group.id)
    : eq(groupActivity.ownerId, actor.id)
  // Members don't see what is the owner's alone: invited addresses, and where a moved thing came from.
  const forMember = access !== null && access.role !== 'owner'
  const rows = await db
    .select({
      id: groupActivity.id,
      action: groupActivity.action,
      actorName: groupActivity.actorName,
      groupId: groupActivity.groupId,
      details: groupActivity.details,
      createdAt: groupActivity.createdAt,
    })
    .from(groupActivity)
    .where(where)
    .orderBy(desc(groupActivity.createdAt), desc(groupActivity.id))
    .limit(ACTIVITY_LIMIT)
  return rows.map((row) => ({
    ...row,
    details: forMember ? memberDetails(row.action, row.details) : withoutUserId(row.details),
    createdAt: row.createdAt.toISOString(),
  }))
}

/** A removed member's id serves the server's access check only: no screen shows it. */
function withoutUserId(details: ActivityDetails): ActivityDetails {
  const { userId: _userId, ...rest } = details
  return rest
}

function memberDetails(action: ActivityAction, details: ActivityDetails): ActivityDetails {
  const { email: _email, ...rest } = withoutUserId(details)
  if (action !== 'group.moved' && action !== 'item.moved') return rest
  const { from: _from, ...moved } = rest
  return moved
}
