import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { TREE_WALK_GUARD } from '~/db/group-tree.server'
import { rowsOf, text } from '~/db/raw-rows.server'
import { group, groupActivity, user } from '~/db/schema'
import { AppError } from '~/lib/app-error'

/*
 * A former member (decision 0051) is a user the activity log shows leaving,
 * or being removed from, this group or one of its ancestors: the grant that
 * covered it. They learn their access ended; anyone else learns nothing.
 */

/** The owner's name when the user once held a grant covering this group, else null. */
export async function formerMembershipOwner(
  db: Database,
  userId: string,
  groupId: string,
): Promise<string | null> {
  const result = await db.execute(sql`with recursive
    chain(id, parent_id, depth) as (
      select g.id, g.parent_id, 0 from ${group} g where g.id = ${groupId}
      union all
      select p.id, p.parent_id, c.depth + 1 from ${group} p join chain c on p.id = c.parent_id
      where c.depth < ${TREE_WALK_GUARD}
    )
    select u.name from ${group} g join ${user} u on u.id = g.owner_id
    where g.id = ${groupId} and exists (
      select 1 from ${groupActivity} a join chain c on a.group_id = c.id
      where (a.action = 'member.removed' and a.details->>'userId' = ${userId})
         or (a.action = 'member.left' and a.actor_id = ${userId})
    )`)
  const [row] = rowsOf(result)
  return row ? text(row.name) : null
}

/** What someone without access is told: their access ended, or (strangers) not found. */
export async function noAccessError(
  db: Database,
  userId: string,
  groupId: string,
): Promise<AppError> {
  const owner = await formerMembershipOwner(db, userId, groupId)
  return owner === null
    ? new AppError('GROUP_NOT_FOUND')
    : new AppError('GROUP_ACCESS_ENDED', { owner })
}
