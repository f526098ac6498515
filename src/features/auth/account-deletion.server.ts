import { sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { firstRow, integer } from '~/db/raw-rows.server'
import { group, groupMember, libraryEntry } from '~/db/schema'
import type { DeletionSummary } from './auth.schemas'

/**
 * What deleting the account takes with it, for the confirmation dialog. The
 * user row's cascade deletes every group the user owns — shared ones too, so
 * their members lose them — and ends the user's grants on others' groups.
 */
export async function deletionSummary(db: Database, userId: string): Promise<DeletionSummary> {
  const row = firstRow(
    await db.execute(sql`select
      (select count(*) from ${group} where owner_id = ${userId}) as groups,
      (select count(*) from ${libraryEntry} where user_id = ${userId} and kind = 'channel') as channels,
      (select count(*) from ${libraryEntry} where user_id = ${userId} and kind = 'anime') as animes,
      (select count(distinct m.group_id) from ${groupMember} m join ${group} g on g.id = m.group_id
        where g.owner_id = ${userId} and m.user_id <> ${userId}) as shared,
      (select count(*) from ${groupMember} m join ${group} g on g.id = m.group_id
        where m.user_id = ${userId} and g.owner_id <> ${userId}) as member_of`),
  )
  return {
    groups: integer(row.groups),
    channels: integer(row.channels),
    animes: integer(row.animes),
    sharedGroups: integer(row.shared),
    memberOf: integer(row.member_of),
  }
}
