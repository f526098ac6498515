import type { Database } from '~/db/client.server'
import { type ActivityAction, groupActivity } from '~/db/schema'
import type { Actor } from '~/server/auth/signed-in.middleware'

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
}

/** Lines in one owner's activity log. */
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
