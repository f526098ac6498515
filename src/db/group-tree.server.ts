import { sql } from 'drizzle-orm'
import { GROUP_DEPTH_MAX } from '~/config/product'
import type { Database } from './client.server'

/** Where a recursive walk of a group tree in SQL stops: deep enough for a valid tree, finite on a corrupt one. */
export const TREE_WALK_GUARD = GROUP_DEPTH_MAX

/**
 * Serialises the writes that grow or reshape one owner's tree until the transaction ends: concurrent
 * moves cannot build a cycle, appends cannot pick one position, limits cannot be passed twice.
 */
export async function lockTree(tx: Database, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tree:${ownerId}`}, 0))`)
}
