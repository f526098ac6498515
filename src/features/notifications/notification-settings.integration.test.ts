import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { groupNotification, notification, pushSubscription } from '~/db/schema'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { feedWorld } from '../../../tests/support/feed-world'
import { listInbox, markAllRead, markRead } from './inbox.server'
import {
  getNotificationSettings,
  saveNotificationPreference,
  setGroupNotice,
} from './notification-settings.server'
import { type GroupNoticeInput, PUSH_SUBSCRIPTIONS_MAX } from './notifications.schemas'
import {
  listPushBrowsers,
  removePushBrowser,
  savePushSubscription,
} from './push-subscriptions.server'

/* Settings, browsers and the inbox: each person reads and writes only their own rows. */

const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }
const endpoint = () => `https://push.example.com/send/${crypto.randomUUID()}`

async function world() {
  const w = await feedWorld({
    owner: 'Owner',
    people: [{ name: 'Member', viewerOf: ['Cooking'] }, { name: 'Stranger' }],
    tree: [{ name: 'Cooking', children: [{ name: 'Italian' }] }, { name: 'Private' }],
  })
  return {
    owner: w.owner,
    member: w.person('Member'),
    stranger: w.person('Stranger'),
    cooking: w.group('Cooking'),
    italian: w.group('Cooking/Italian'),
    privateGroup: w.group('Private'),
  }
}

describe('notification settings', () => {
  it("lists the reader's forest: own tree, and a shared group as a root", async () => {
    const w = await world()
    const mine = await getNotificationSettings(db, w.owner.id)
    expect(mine.groups.map((g) => [g.name, g.parentId === null, g.shared]).sort()).toEqual(
      [
        ['Cooking', true, false],
        ['Italian', false, false],
        ['Private', true, false],
      ].sort(),
    )
    const theirs = await getNotificationSettings(db, w.member.id)
    expect(theirs.groups.map((g) => [g.name, g.parentId === null, g.shared]).sort()).toEqual(
      [
        ['Cooking', true, true],
        ['Italian', false, true],
      ].sort(),
    )
    expect(theirs.preference).toMatchObject({ timeZone: 'UTC', saved: false })
  })

  it('counts new uploads from a new choice of how, not from a switch of Shorts', async () => {
    const w = await world()
    const since = async () => {
      const [row] = await db
        .select({ at: groupNotification.updatedAt })
        .from(groupNotification)
        .where(eq(groupNotification.userId, w.owner.id))
      return row?.at.getTime()
    }
    const daily: GroupNoticeInput = {
      groupId: w.cooking,
      inherit: false,
      uploads: 'daily',
      includeShorts: true,
      includeLive: true,
    }
    await setGroupNotice(db, w.owner.id, daily)
    const first = await since()
    // The database's clock has reached the next millisecond: a new stamp would show.
    await vi.waitFor(
      async () => {
        const [row] = await db
          .select({ now: sql<number>`extract(epoch from now()) * 1000`.mapWith(Number) })
          .from(groupNotification)
          .limit(1)
        expect(row?.now).toBeGreaterThanOrEqual((first ?? 0) + 1)
      },
      { timeout: 20_000, interval: 1 },
    )
    await setGroupNotice(db, w.owner.id, { ...daily, includeShorts: false })
    expect(await since()).toBe(first)
    await setGroupNotice(db, w.owner.id, { ...daily, uploads: 'weekly' })
    expect(await since()).toBeGreaterThan(first ?? 0)
  })

  it('sets a group the reader sees, follows the parent again, refuses the rest', async () => {
    const w = await world()
    const own = {
      inherit: false,
      uploads: 'push',
      includeShorts: false,
      includeLive: true,
    } as const
    await setGroupNotice(db, w.member.id, { groupId: w.italian, ...own })
    const set = await getNotificationSettings(db, w.member.id)
    expect(set.groups.find((g) => g.id === w.italian)?.own).toEqual({
      uploads: 'push',
      includeShorts: false,
      includeLive: true,
    })
    // The owner's own view is untouched by the member's choice.
    const ownerView = await getNotificationSettings(db, w.owner.id)
    expect(ownerView.groups.find((g) => g.id === w.italian)?.own).toBeNull()

    await setGroupNotice(db, w.member.id, { groupId: w.italian, inherit: true })
    const rows = await db
      .select()
      .from(groupNotification)
      .where(eq(groupNotification.userId, w.member.id))
    expect(rows).toEqual([])

    for (const actor of [w.member, w.stranger])
      expect(await codeOf(setGroupNotice(db, actor.id, { groupId: w.privateGroup, ...own }))).toBe(
        'GROUP_NOT_FOUND',
      )
  })

  it('saves the account-wide settings', async () => {
    const w = await world()
    const input = {
      timeZone: 'Europe/Lisbon',
      quietStart: 22 * 60,
      quietEnd: 7 * 60,
      mutedTeamEvents: ['member_left', 'member_left'] as const,
    }
    await saveNotificationPreference(db, w.owner.id, {
      ...input,
      mutedTeamEvents: [...input.mutedTeamEvents],
    })
    await saveNotificationPreference(db, w.owner.id, {
      ...input,
      mutedTeamEvents: [...input.mutedTeamEvents],
    })
    const { preference } = await getNotificationSettings(db, w.owner.id)
    expect(preference).toEqual({
      timeZone: 'Europe/Lisbon',
      quietStart: 1320,
      quietEnd: 420,
      mutedTeamEvents: ['member_left'],
      saved: true,
    })
  })
})

describe('push subscriptions', () => {
  it('keeps only a push service endpoint in production', async () => {
    const w = await world()
    expect(
      await codeOf(
        savePushSubscription(
          db,
          w.owner.id,
          { endpoint: 'http://127.0.0.1:9/push', keys: KEYS, userAgent: null },
          'production',
        ),
      ),
    ).toBe('VALIDATION')
  })

  it('limits browsers per account, and deletes only its own', async () => {
    const w = await world()
    const kept: string[] = []
    for (let at = 0; at < PUSH_SUBSCRIPTIONS_MAX; at += 1) {
      const url = endpoint()
      kept.push(url)
      await savePushSubscription(
        db,
        w.owner.id,
        { endpoint: url, keys: KEYS, userAgent: null },
        'production',
      )
    }
    expect(
      await codeOf(
        savePushSubscription(
          db,
          w.owner.id,
          { endpoint: endpoint(), keys: KEYS, userAgent: null },
          'production',
        ),
      ),
    ).toBe('PUSH_SUBSCRIPTION_LIMIT')
    // Saving a browser already kept is no growth.
    await savePushSubscription(
      db,
      w.owner.id,
      { endpoint: kept[0] ?? '', keys: KEYS, userAgent: null },
      'production',
    )

    const browsers = await listPushBrowsers(db, w.owner.id)
    expect(browsers.map((browser) => browser.endpoint).sort()).toEqual([...kept].sort())
    expect(JSON.stringify(browsers)).not.toContain(KEYS.auth)
    expect(await listPushBrowsers(db, w.stranger.id)).toEqual([])
    const first = browsers.find((browser) => browser.endpoint === kept[0])?.id ?? ''
    expect(await codeOf(removePushBrowser(db, w.stranger.id, first))).toBe('PUSH_BROWSER_NOT_FOUND')
    const rows = await db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, w.owner.id))
    expect(rows).toHaveLength(PUSH_SUBSCRIPTIONS_MAX)
    await removePushBrowser(db, w.owner.id, first)
    const after = await db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, w.owner.id))
    expect(after).toHaveLength(PUSH_SUBSCRIPTIONS_MAX - 1)
    expect(after.map((row) => row.endpoint)).not.toContain(kept[0])
    expect(await codeOf(removePushBrowser(db, w.owner.id, first))).toBe('PUSH_BROWSER_NOT_FOUND')
  })

  it('names each browser from the user agent it subscribed with', async () => {
    const w = await world()
    await savePushSubscription(
      db,
      w.member.id,
      {
        endpoint: endpoint(),
        keys: KEYS,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
      'production',
    )
    const [browser] = await listPushBrowsers(db, w.member.id)
    expect(browser).toMatchObject({ browser: 'Firefox', os: 'Linux' })
    expect(Date.parse(browser?.createdAt ?? '')).not.toBeNaN()
  })
})

describe('inbox', () => {
  it('lists, counts and marks read only the reader’s own notices', async () => {
    const w = await world()
    const [mine] = await db
      .insert(notification)
      .values([
        {
          userId: w.owner.id,
          kind: 'uploads.push',
          groupId: w.cooking,
          data: { count: 3, groupName: 'Cooking', videoIds: ['x'] },
        },
        {
          userId: w.owner.id,
          kind: 'member_joined',
          groupId: w.cooking,
          data: { actorName: 'Member' },
        },
      ])
      .returning({ id: notification.id })
    const [theirs] = await db
      .insert(notification)
      .values({ userId: w.member.id, kind: 'invited', data: {} })
      .returning({ id: notification.id })
    const inbox = await listInbox(db, w.owner.id)
    expect(inbox.unread).toBe(2)
    expect(inbox.items.map((item) => item.kind).sort()).toEqual(['member_joined', 'uploads.push'])
    const push = inbox.items.find((item) => item.kind === 'uploads.push')
    expect(push).toMatchObject({
      notice: { type: 'uploads', count: 3, groupName: 'Cooking' },
      read: false,
    })
    expect(Object.keys(push ?? {})).not.toContain('data')
    expect(JSON.stringify(push)).not.toContain('videoIds')

    await markRead(db, w.owner.id, [mine?.id ?? '', theirs?.id ?? ''])
    expect((await listInbox(db, w.owner.id)).unread).toBe(1)
    expect((await listInbox(db, w.member.id)).unread).toBe(1)
    await markAllRead(db, w.owner.id)
    expect((await listInbox(db, w.owner.id)).unread).toBe(0)
    expect((await listInbox(db, w.member.id)).unread).toBe(1)
  })
})
