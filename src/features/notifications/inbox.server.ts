import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { TEAM_EVENTS } from '~/db/enums'
import { notification } from '~/db/schema'
import { isTeamEvent, TEAM_EVENT_TEXTS } from './notice-text'
import { INBOX_LIMIT, type Inbox, type InboxNotice } from './notifications.schemas'

/*
 * The bell's inbox: only ever the actor's own rows. Each writer's `data` is
 * read back into a typed notice here; nothing else of it leaves the server.
 */

const teamLineSchema = z.object({
  event: z.enum(TEAM_EVENTS),
  text: z.enum(TEAM_EVENT_TEXTS),
  actor: z.string(),
  group: z.string(),
  groupId: z.string().nullable(),
  member: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
})
const uploadsSchema = z.object({ count: z.number(), groupName: z.string() })
const digestSchema = z.object({
  videos: z.number(),
  groups: z.number(),
  groupNames: z.array(z.string()),
})

/** What a row says; a row whose data does not read as its kind says "something new". */
export function noticeOf(kind: string, data: Record<string, unknown>): InboxNotice {
  if (kind === 'uploads.push') {
    const parsed = uploadsSchema.safeParse(data)
    if (parsed.success) return { type: 'uploads', ...parsed.data }
  } else if (kind === 'digest') {
    const parsed = digestSchema.safeParse(data)
    if (parsed.success) return { type: 'digest', ...parsed.data }
  } else if (isTeamEvent(kind)) {
    const parsed = teamLineSchema.safeParse(data)
    if (parsed.success) return { type: 'team', line: parsed.data }
  }
  const groupName = data.groupName ?? data.group
  return { type: 'other', groupName: typeof groupName === 'string' ? groupName : null }
}

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
      notice: noticeOf(row.kind, row.data),
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
