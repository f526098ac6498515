import { eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { group } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import type { GroupRole } from './groups.schemas'

export type GroupRow = typeof group.$inferSelect
export type GroupAccess = { group: GroupRow; role: GroupRole }
export type AccessNeed = 'view' | 'edit' | 'owner'

const ALLOWED: Record<AccessNeed, readonly GroupRole[]> = {
  view: ['owner', 'editor', 'viewer'],
  edit: ['owner', 'editor'],
  owner: ['owner'],
}

/**
 * The one place that answers "may this user touch this group?". Today only
 * the owner may; sharing adds roles here. Missing and forbidden look the
 * same (GROUP_NOT_FOUND) so an id reveals nothing.
 */
export async function findGroupAccess(
  db: Database,
  actorId: string,
  groupId: string,
): Promise<GroupAccess | null> {
  const [row] = await db.select().from(group).where(eq(group.id, groupId)).limit(1)
  if (!row) return null
  if (row.ownerId === actorId) return { group: row, role: 'owner' }
  return null
}

export async function requireGroup(
  db: Database,
  actorId: string,
  groupId: string,
  need: AccessNeed,
): Promise<GroupAccess> {
  const access = await findGroupAccess(db, actorId, groupId)
  if (!access || !ALLOWED[need].includes(access.role)) throw new AppError('GROUP_NOT_FOUND')
  return access
}

/**
 * Serialises structural writes to one owner's tree until the transaction
 * ends, so concurrent moves cannot build a cycle between them and appends
 * do not pick the same position key. Call inside `db.transaction`.
 */
export async function lockTree(tx: Database, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tree:${ownerId}`}, 0))`)
}
