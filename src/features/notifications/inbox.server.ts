import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { notification } from '~/db/schema'
import { INBOX_LIMIT, type Inbox } from './notifications.schemas'

/*
 * The bell's inbox: only ever the actor's own rows. Writers put what the
 * text needs in `data` (`count`, `groupName`, `actorName`); only those leave.
 */

export async function listInbox(db: Database, userId: string): Promise<Inbox> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(notification)
      .where(eq(notification.userId, userId))
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(INBOX_LIMIT),
    db
      .select({ n: count() })
      .from(notification)
      .where(and(eq(notification.userId, userId), isNull(notification.readAt))),
  ])
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      groupId: row.groupId,
      count: typeof row.data.count === 'number' ? row.data.count : null,
      groupName: typeof row.data.groupName === 'string' ? row.data.groupName : null,
      actorName: typeof row.data.actorName === 'string' ? row.data.actorName : null,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    unread: unread?.n ?? 0,
  }
}

export async function markRead(db: Database, userId: string, ids: readonly string[]) {
  await db
    .update(notification)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notification.userId, userId),
        inArray(notification.id, [...ids]),
        isNull(notification.readAt),
      ),
    )
}

export async function markAllRead(db: Database, userId: string) {
  await db
    .update(notification)
    .set({ readAt: new Date() })
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)))
}
