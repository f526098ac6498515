import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { TEAM_EVENTS, UPLOAD_NOTICES } from '~/db/enums'
import { rowsOf, text, textOrNull } from '~/db/raw-rows.server'
import { group, groupNotification, notificationPreference } from '~/db/schema'
import { requireGroup, visibleGroupsCte } from '~/features/groups/access.server'
import type {
  GroupNoticeInput,
  GroupNoticeRow,
  NotificationPreferenceInput,
  NotificationSettings,
} from './notifications.schemas'

/* The settings screen's reads and writes; every row written is the actor's own. */

function uploadsOf(value: unknown) {
  return UPLOAD_NOTICES.find((notice) => notice === value) ?? null
}

/** Every group the actor can see, as a forest, with their own choice on each. */
async function listGroupNotices(db: Database, userId: string): Promise<GroupNoticeRow[]> {
  const result = await db.execute(sql`${visibleGroupsCte(userId)}
    select g.id::text as id, g.parent_id::text as parent_id, g.name, g.position,
      bool_and(v.shared) as shared,
      n.uploads, n.include_shorts, n.include_live
    from visible v join ${group} g on g.id = v.id
    left join ${groupNotification} n on n.group_id = g.id and n.user_id = ${userId}
    group by g.id, n.uploads, n.include_shorts, n.include_live
    -- own groups first, then the ones shared with the reader, as in the sidebar
    order by bool_and(v.shared), g.position, g.id`)
  const rows = rowsOf(result)
  const visible = new Set(rows.map((row) => text(row.id)))
  return rows.map((row) => {
    const parentId = textOrNull(row.parent_id)
    const uploads = uploadsOf(row.uploads)
    return {
      id: text(row.id),
      name: text(row.name),
      // A shared group's parent lies in someone else's tree: for this reader it is a root.
      parentId: parentId && visible.has(parentId) ? parentId : null,
      shared: row.shared === true,
      own:
        uploads === null
          ? null
          : {
              uploads,
              includeShorts: row.include_shorts !== false,
              includeLive: row.include_live !== false,
            },
    }
  })
}

export async function getNotificationSettings(
  db: Database,
  userId: string,
): Promise<NotificationSettings> {
  const [groups, [preference]] = await Promise.all([
    listGroupNotices(db, userId),
    db.select().from(notificationPreference).where(eq(notificationPreference.userId, userId)),
  ])
  return {
    groups,
    preference: {
      timeZone: preference?.timeZone ?? 'UTC',
      quietStart: preference?.quietStart ?? null,
      quietEnd: preference?.quietEnd ?? null,
      mutedTeamEvents: (preference?.mutedTeamEvents ?? []).filter((event) =>
        TEAM_EVENTS.includes(event),
      ),
      saved: preference !== undefined,
    },
  }
}

/** Sets or clears the actor's own choice on a group they can see (GROUP_NOT_FOUND otherwise). */
export async function setGroupNotice(
  db: Database,
  userId: string,
  input: GroupNoticeInput,
): Promise<void> {
  await requireGroup(db, userId, input.groupId, 'view')
  if (input.inherit) {
    await db
      .delete(groupNotification)
      .where(
        and(eq(groupNotification.userId, userId), eq(groupNotification.groupId, input.groupId)),
      )
    return
  }
  const values = {
    uploads: input.uploads,
    includeShorts: input.includeShorts,
    includeLive: input.includeLive,
  }
  await db
    .insert(groupNotification)
    .values({ userId, groupId: input.groupId, ...values })
    .onConflictDoUpdate({
      target: [groupNotification.userId, groupNotification.groupId],
      // New uploads count from `updated_at`: only a new choice of how moves it, so a
      // change of the Shorts or live switches keeps what waits for the next digest.
      set: {
        ...values,
        updatedAt: sql`case when ${groupNotification.uploads} = excluded.uploads
          then ${groupNotification.updatedAt} else now() end`,
      },
    })
}

export async function saveNotificationPreference(
  db: Database,
  userId: string,
  input: NotificationPreferenceInput,
): Promise<void> {
  const values = {
    timeZone: input.timeZone,
    quietStart: input.quietStart,
    quietEnd: input.quietEnd,
    mutedTeamEvents: [...new Set(input.mutedTeamEvents)],
  }
  await db
    .insert(notificationPreference)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: notificationPreference.userId,
      set: { ...values, updatedAt: new Date() },
    })
}
