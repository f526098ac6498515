import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { groupMember, notification, notificationDigest } from '~/db/schema'
import { db } from '../../../tests/support/database'
import { feedWorld } from '../../../tests/support/feed-world'
import { loadNotificationExport } from './notification-export.server'
import { saveNotificationPreference, setGroupNotice } from './notification-settings.server'
import { savePushSubscription } from './push-subscriptions.server'

/* The privacy export of notification data: everything of the person's, nothing of a browser's keys. */

const KEYS = { p256dh: `B${'Q'.repeat(86)}`, auth: 'Z'.repeat(22) }

describe('notification export', () => {
  it('holds settings per group, preferences, browsers by origin, inbox and digests', async () => {
    const w = await feedWorld({
      owner: 'Owner',
      people: [{ name: 'Member', viewerOf: ['Cooking', 'Music'] }],
      tree: [{ name: 'Cooking' }, { name: 'Music' }],
    })
    const [owner, member] = [w.owner, w.person('Member')]
    const [cooking, music] = [w.group('Cooking'), w.group('Music')]
    await setGroupNotice(db, member.id, {
      groupId: cooking,
      inherit: false,
      uploads: 'daily',
      includeShorts: false,
      includeLive: true,
    })
    await setGroupNotice(db, member.id, {
      groupId: music,
      inherit: false,
      uploads: 'push',
      includeShorts: true,
      includeLive: true,
    })
    await saveNotificationPreference(db, member.id, {
      timeZone: 'Europe/Lisbon',
      quietStart: 22 * 60,
      quietEnd: 7 * 60,
      mutedTeamEvents: ['member_left'],
    })
    const secretPath = `/send/${crypto.randomUUID()}`
    await savePushSubscription(
      db,
      member.id,
      { endpoint: `https://push.example.com${secretPath}`, keys: KEYS, userAgent: 'Firefox/133.0' },
      'production',
    )
    await db.insert(notification).values({
      userId: member.id,
      kind: 'uploads.push',
      groupId: music,
      data: { count: 2, groupName: 'Music' },
    })
    await db.insert(notificationDigest).values({ userId: member.id, period: 'daily:2026-11-27' })
    // Removed from Music: the setting is theirs, the group's name no longer is.
    await db
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, music), eq(groupMember.userId, member.id)))

    const data = await loadNotificationExport(db, member.id)
    expect(data.format).toBe('tubefold-notifications')
    expect(data.groups).toEqual([
      expect.objectContaining({
        groupId: cooking,
        groupName: 'Cooking',
        uploads: 'daily',
        includeShorts: false,
      }),
      expect.objectContaining({ groupId: music, groupName: null, uploads: 'push' }),
    ])
    expect(data.preferences).toMatchObject({
      timeZone: 'Europe/Lisbon',
      quietStart: 22 * 60,
      quietEnd: 7 * 60,
      mutedTeamEvents: ['member_left'],
    })
    expect(data.pushSubscriptions).toEqual([
      expect.objectContaining({
        endpointOrigin: 'https://push.example.com',
        userAgent: 'Firefox/133.0',
      }),
    ])
    expect(data.inbox).toEqual([
      expect.objectContaining({ kind: 'uploads.push', data: { count: 2, groupName: 'Music' } }),
    ])
    expect(data.digests).toEqual([expect.objectContaining({ period: 'daily:2026-11-27' })])
    const text = JSON.stringify(data)
    expect(text).not.toContain(KEYS.p256dh)
    expect(text).not.toContain(KEYS.auth)
    expect(text).not.toContain(secretPath)

    // Only the person's own: the owner set nothing.
    const theirs = await loadNotificationExport(db, owner.id)
    expect(theirs).toMatchObject({
      groups: [],
      preferences: null,
      pushSubscriptions: [],
      inbox: [],
    })
  })
})
