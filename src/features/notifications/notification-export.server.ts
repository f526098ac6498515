import { asc, eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { rowsOf, text } from '~/db/raw-rows.server'
import {
  group,
  groupNotification,
  notification,
  notificationDigest,
  notificationPreference,
  notifiedVideo,
  pushSubscription,
} from '~/db/schema'
import { visibleGroupsCte } from '~/features/groups/access.server'
import { currentActor } from '~/server/auth/current-actor.server'
import { getDb } from '~/server/database.server'

/*
 * Not importable (the backup's version 1 shape is frozen). A browser's push keys are its secrets
 * and stay out; its endpoint shows by origin only (the rest is a credential of the push service).
 */

export const NOTIFICATION_EXPORT_FORMAT = 'tubefold-notifications'

function originOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).origin
  } catch {
    return null
  }
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString())

export async function loadNotificationExport(db: Database, userId: string) {
  const [groups, visible, [preference], browsers, inbox, digests, announced] = await Promise.all([
    db
      .select({
        groupId: groupNotification.groupId,
        name: group.name,
        uploads: groupNotification.uploads,
        includeShorts: groupNotification.includeShorts,
        includeLive: groupNotification.includeLive,
        createdAt: groupNotification.createdAt,
        updatedAt: groupNotification.updatedAt,
      })
      .from(groupNotification)
      .leftJoin(group, eq(group.id, groupNotification.groupId))
      .where(eq(groupNotification.userId, userId))
      .orderBy(asc(groupNotification.createdAt), asc(groupNotification.groupId)),
    db.execute(sql`${visibleGroupsCte(userId)} select id::text as id from visible`),
    db.select().from(notificationPreference).where(eq(notificationPreference.userId, userId)),
    db
      .select({
        endpoint: pushSubscription.endpoint,
        userAgent: pushSubscription.userAgent,
        createdAt: pushSubscription.createdAt,
        lastSentAt: pushSubscription.lastSentAt,
      })
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, userId))
      .orderBy(asc(pushSubscription.createdAt)),
    db
      .select({
        kind: notification.kind,
        groupId: notification.groupId,
        data: notification.data,
        createdAt: notification.createdAt,
        readAt: notification.readAt,
      })
      .from(notification)
      .where(eq(notification.userId, userId))
      .orderBy(asc(notification.createdAt), asc(notification.id)),
    db
      .select({ period: notificationDigest.period, sentAt: notificationDigest.sentAt })
      .from(notificationDigest)
      .where(eq(notificationDigest.userId, userId))
      .orderBy(asc(notificationDigest.sentAt)),
    db
      .select({ videoId: notifiedVideo.videoId, at: notifiedVideo.createdAt })
      .from(notifiedVideo)
      .where(eq(notifiedVideo.userId, userId))
      .orderBy(asc(notifiedVideo.createdAt), asc(notifiedVideo.videoId)),
  ])
  const seen = new Set(rowsOf(visible).map((row) => text(row.id)))
  return {
    format: NOTIFICATION_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    groups: groups.map((row) => ({
      groupId: row.groupId,
      // A group the reader no longer sees (removed from it) keeps their setting, not its name.
      groupName: seen.has(row.groupId) ? row.name : null,
      uploads: row.uploads,
      includeShorts: row.includeShorts,
      includeLive: row.includeLive,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    preferences: preference
      ? {
          timeZone: preference.timeZone,
          quietStart: preference.quietStart,
          quietEnd: preference.quietEnd,
          mutedTeamEvents: preference.mutedTeamEvents,
          updatedAt: iso(preference.updatedAt),
        }
      : null,
    pushSubscriptions: browsers.map((row) => ({
      endpointOrigin: originOf(row.endpoint),
      userAgent: row.userAgent,
      createdAt: iso(row.createdAt),
      lastSentAt: iso(row.lastSentAt),
    })),
    inbox: inbox.map((row) => ({
      kind: row.kind,
      groupId: row.groupId,
      data: row.data,
      createdAt: iso(row.createdAt),
      readAt: iso(row.readAt),
    })),
    digests: digests.map((row) => ({ period: row.period, sentAt: iso(row.sentAt) })),
    announcedVideos: announced.map((row) => ({ videoId: row.videoId, at: iso(row.at) })),
  }
}

export type NotificationExport = Awaited<ReturnType<typeof loadNotificationExport>>

/** `GET /api/notifications/export`: the signed-in person's notification data, as a download. */
export async function handleNotificationExport({
  request,
}: {
  request: Request
}): Promise<Response> {
  const actor = await currentActor(request)
  if (!actor) {
    return new Response('Sign in to export', {
      status: 401,
      headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  const body = await loadNotificationExport(await getDb(), actor.id)
  const day = body.exportedAt.slice(0, 10)
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      'Cache-Control': 'no-store',
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="tubefold-notifications-${day}.json"`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
