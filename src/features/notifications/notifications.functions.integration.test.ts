import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  groupNotification,
  notification,
  notificationPreference,
  pushSubscription,
} from '~/db/schema'
import { AppError, errorCodeOf } from '~/lib/app-error'
import { createActor } from '~/seed/factories/users.server'
import { vapidKeys } from '~/server/push/vapid.server'
import { type PushFake, startPushFake } from '../../../tests/fakes/push-fake'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { feedWorld } from '../../../tests/support/feed-world'
import { callOverWire, sessionCookie } from '../../../tests/support/wire'
import {
  getInbox,
  getNotificationSettings,
  getPushBrowsers,
  getPushSetup,
  markAllNotificationsRead,
  markNotificationsRead,
  removePushBrowser,
  saveNotificationPreference,
  savePushSubscription,
  setGroupNotice,
} from './notifications.functions'

/*
 * Notification settings, browsers and the bell, called over the wire as the
 * pages call them: each caller reads and writes only their own rows. The
 * browsers subscribe to the local Web Push fake; nothing is pushed here.
 */

type Person = { id: string; name: string; cookie: string }

let push: PushFake
let owner: Person
let member: Person
let stranger: Person
let cooking: string
let italian: string
let privateGroup: string

/** A signed-in caller: the actor and a session cookie for it. */
async function signedIn(actor: { id: string; name: string }): Promise<Person> {
  return { id: actor.id, name: actor.name, cookie: await sessionCookie(actor.id) }
}

async function person(name: string): Promise<Person> {
  return signedIn(await createActor(db, name))
}

beforeAll(async () => {
  push = await startPushFake()
  const w = await feedWorld({
    owner: 'Olive Owner',
    people: [{ name: 'Milo Member', viewerOf: ['Cooking'] }, { name: 'Stella Stranger' }],
    tree: [{ name: 'Cooking', children: [{ name: 'Italian' }] }, { name: 'Private' }],
  })
  owner = await signedIn(w.owner)
  member = await signedIn(w.person('Milo Member'))
  stranger = await signedIn(w.person('Stella Stranger'))
  cooking = w.group('Cooking')
  italian = w.group('Cooking/Italian')
  privateGroup = w.group('Private')
})

afterAll(async () => {
  await push.close()
})

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'

/** A refusal that is no AppError (a validator's): what the page shows for it, and the fields named. */
async function validatorRefusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (!(error instanceof Error) || error instanceof AppError) throw error
    return { shown: errorCodeOf(error).code, message: error.message }
  }
  throw new Error('expected the validator to refuse the call')
}

const ownChoices = (userId: string) =>
  db.select().from(groupNotification).where(eq(groupNotification.userId, userId))
const browsersOf = (userId: string) =>
  db.select().from(pushSubscription).where(eq(pushSubscription.userId, userId))

describe('notification settings over the wire', () => {
  it('getNotificationSettings: each caller’s forest, with their own choices only', async () => {
    const mine = await callOverWire(getNotificationSettings, { cookie: owner.cookie })
    expect(mine.groups.map((g) => [g.name, g.parentId === null, g.shared]).sort()).toEqual(
      [
        ['Cooking', true, false],
        ['Italian', false, false],
        ['Private', true, false],
      ].sort(),
    )
    expect(mine.preference).toEqual({
      timeZone: 'UTC',
      quietStart: null,
      quietEnd: null,
      mutedTeamEvents: [],
      saved: false,
    })
    const theirs = await callOverWire(getNotificationSettings, { cookie: member.cookie })
    expect(theirs.groups.map((g) => [g.id, g.shared]).sort()).toEqual(
      [
        [cooking, true],
        [italian, true],
      ].sort(),
    )
    const none = await callOverWire(getNotificationSettings, { cookie: stranger.cookie })
    expect(none.groups).toEqual([])
    expect(await codeOf(callOverWire(getNotificationSettings))).toBe('UNAUTHENTICATED')
  })

  it('setGroupNotice: sets and clears the caller’s own choice; a group they cannot see is GROUP_NOT_FOUND', async () => {
    const choice = {
      inherit: false,
      uploads: 'push',
      includeShorts: false,
      includeLive: true,
    } as const
    await callOverWire(setGroupNotice, {
      cookie: member.cookie,
      data: { groupId: italian, ...choice },
    })
    expect(await ownChoices(member.id)).toMatchObject([
      { groupId: italian, uploads: 'push', includeShorts: false, includeLive: true },
    ])
    expect(await ownChoices(owner.id)).toEqual([])
    const read = await callOverWire(getNotificationSettings, { cookie: member.cookie })
    expect(read.groups.find((g) => g.id === italian)?.own).toEqual({
      uploads: 'push',
      includeShorts: false,
      includeLive: true,
    })
    const ownerView = await callOverWire(getNotificationSettings, { cookie: owner.cookie })
    expect(ownerView.groups.find((g) => g.id === italian)?.own).toBeNull()

    await callOverWire(setGroupNotice, {
      cookie: member.cookie,
      data: { groupId: italian, inherit: true },
    })
    expect(await ownChoices(member.id)).toEqual([])

    // A group the caller cannot see (or that does not exist) answers as the matrix's outsider does.
    for (const [caller, groupId] of [
      [member, privateGroup],
      [stranger, privateGroup],
      [stranger, cooking],
      [stranger, crypto.randomUUID()],
    ] as const) {
      expect(
        await codeOf(
          callOverWire(setGroupNotice, { cookie: caller.cookie, data: { groupId, ...choice } }),
        ),
      ).toBe('GROUP_NOT_FOUND')
      expect(
        await codeOf(
          callOverWire(setGroupNotice, { cookie: caller.cookie, data: { groupId, inherit: true } }),
        ),
      ).toBe('GROUP_NOT_FOUND')
    }
    expect(await ownChoices(member.id)).toEqual([])
    expect(await ownChoices(stranger.id)).toEqual([])
  })

  it('saveNotificationPreference: saves the caller’s own, refuses a half-set quiet time', async () => {
    const saver = await person('Pia Preference')
    await callOverWire(saveNotificationPreference, {
      cookie: saver.cookie,
      data: {
        timeZone: 'Europe/Lisbon',
        quietStart: 22 * 60,
        quietEnd: 7 * 60,
        mutedTeamEvents: ['member_left', 'member_left'],
      },
    })
    const [row] = await db
      .select()
      .from(notificationPreference)
      .where(eq(notificationPreference.userId, saver.id))
    expect(row).toMatchObject({
      timeZone: 'Europe/Lisbon',
      quietStart: 1320,
      quietEnd: 420,
      mutedTeamEvents: ['member_left'],
    })
    const read = await callOverWire(getNotificationSettings, { cookie: saver.cookie })
    expect(read.preference).toEqual({
      timeZone: 'Europe/Lisbon',
      quietStart: 1320,
      quietEnd: 420,
      mutedTeamEvents: ['member_left'],
      saved: true,
    })
    // Nobody else's settings moved.
    const others = await callOverWire(getNotificationSettings, { cookie: stranger.cookie })
    expect(others.preference.saved).toBe(false)

    const refused = await validatorRefusal(
      callOverWire(saveNotificationPreference, {
        cookie: saver.cookie,
        data: { timeZone: 'Mars/Olympus', quietStart: 60, quietEnd: null, mutedTeamEvents: [] },
      }),
    )
    expect(refused.message).toContain('notify.error.timeZone')
    expect(refused.message).toContain('notify.error.quietHours')
    const [after] = await db
      .select()
      .from(notificationPreference)
      .where(eq(notificationPreference.userId, saver.id))
    expect(after).toMatchObject({ timeZone: 'Europe/Lisbon', quietStart: 1320, quietEnd: 420 })
  })
})

describe('push browsers over the wire', () => {
  it('getPushSetup: the VAPID public key, never the private one', async () => {
    const setup = await callOverWire(getPushSetup, { cookie: owner.cookie })
    const keys = vapidKeys()
    expect(setup).toEqual({ publicKey: keys.publicKey })
    expect(setup.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(JSON.stringify(setup)).not.toContain(keys.privateKey)
    expect(await codeOf(callOverWire(getPushSetup))).toBe('UNAUTHENTICATED')
  })

  it('savePushSubscription: keeps the caller’s browser, named from its user agent', async () => {
    const reader = await person('Rita Reader')
    const browser = push.subscribe(`rita-${reader.id}`)
    await callOverWire(savePushSubscription, {
      cookie: reader.cookie,
      data: browser,
      headers: { 'user-agent': FIREFOX_LINUX },
    })
    expect(await browsersOf(reader.id)).toMatchObject([
      {
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
        userAgent: FIREFOX_LINUX,
        failures: 0,
      },
    ])
    // Saved again (the page does on each visit): still one browser.
    await callOverWire(savePushSubscription, { cookie: reader.cookie, data: browser })
    expect(await browsersOf(reader.id)).toHaveLength(1)

    // One endpoint is one browser: whoever signs in there next and saves it holds it (as designed).
    const next = await person('Nico Next')
    await callOverWire(savePushSubscription, { cookie: next.cookie, data: browser })
    expect(await browsersOf(reader.id)).toEqual([])
    expect((await browsersOf(next.id)).map((row) => row.endpoint)).toEqual([browser.endpoint])
  })

  it('savePushSubscription: refuses a malformed subscription or a forbidden endpoint, storing nothing', async () => {
    const reader = await person('Mal Formed')
    const browser = push.subscribe(`mal-${reader.id}`)
    const refused = await validatorRefusal(
      callOverWire(savePushSubscription, {
        cookie: reader.cookie,
        malformed: { endpoint: 'not a url', keys: { p256dh: 'short', auth: browser.keys.auth } },
      }),
    )
    expect(refused.message).toContain('"endpoint"')
    expect(refused.message).toContain('"p256dh"')
    // What the page shows for it: the validator's refusal carries no code of its own.
    expect(refused.shown).toBe('INTERNAL')
    // A well-formed subscription to an address inside a network is refused with VALIDATION.
    expect(
      await codeOf(
        callOverWire(savePushSubscription, {
          cookie: reader.cookie,
          data: { endpoint: 'http://10.0.0.1/push/inside', keys: browser.keys },
        }),
      ),
    ).toBe('VALIDATION')
    expect(await browsersOf(reader.id)).toEqual([])
    const anywhere = await db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.endpoint, 'http://10.0.0.1/push/inside'))
    expect(anywhere).toEqual([])
  })

  it('getPushBrowsers: the caller’s own browsers, without their keys', async () => {
    const reader = await person('Bea Browsers')
    const other = await person('Otto Other')
    const first = push.subscribe(`bea-1-${reader.id}`)
    const second = push.subscribe(`bea-2-${reader.id}`)
    const theirs = push.subscribe(`otto-${other.id}`)
    await callOverWire(savePushSubscription, {
      cookie: reader.cookie,
      data: first,
      headers: { 'user-agent': FIREFOX_LINUX },
    })
    await callOverWire(savePushSubscription, { cookie: reader.cookie, data: second })
    await callOverWire(savePushSubscription, { cookie: other.cookie, data: theirs })

    const listed = await callOverWire(getPushBrowsers, { cookie: reader.cookie })
    const rows = await browsersOf(reader.id)
    expect(listed.map((b) => b.id).sort()).toEqual(rows.map((row) => row.id).sort())
    expect(listed.map((b) => b.endpoint).sort()).toEqual([first.endpoint, second.endpoint].sort())
    expect(listed.find((b) => b.endpoint === first.endpoint)).toMatchObject({
      browser: 'Firefox',
      os: 'Linux',
    })
    const text = JSON.stringify(listed)
    for (const secret of [first, second, theirs].flatMap((b) => [b.keys.p256dh, b.keys.auth])) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toContain(theirs.endpoint)
    expect(await callOverWire(getPushBrowsers, { cookie: stranger.cookie })).toEqual([])
    expect(await codeOf(callOverWire(getPushBrowsers))).toBe('UNAUTHENTICATED')
  })

  it('removePushBrowser: removes the caller’s browser only; another’s is PUSH_BROWSER_NOT_FOUND', async () => {
    const reader = await person('Remy Remover')
    const other = await person('Ivy Intruder')
    const kept = push.subscribe(`remy-kept-${reader.id}`)
    const gone = push.subscribe(`remy-gone-${reader.id}`)
    const theirs = push.subscribe(`ivy-${other.id}`)
    for (const data of [kept, gone]) {
      await callOverWire(savePushSubscription, { cookie: reader.cookie, data })
    }
    await callOverWire(savePushSubscription, { cookie: other.cookie, data: theirs })
    const idOf = async (userId: string, endpoint: string) =>
      (await browsersOf(userId)).find((row) => row.endpoint === endpoint)?.id ?? ''
    const goneId = await idOf(reader.id, gone.endpoint)
    const theirsId = await idOf(other.id, theirs.endpoint)

    // Another person cannot remove it, whoever they are.
    expect(
      await codeOf(callOverWire(removePushBrowser, { cookie: other.cookie, data: { id: goneId } })),
    ).toBe('PUSH_BROWSER_NOT_FOUND')
    expect(
      await codeOf(
        callOverWire(removePushBrowser, { cookie: reader.cookie, data: { id: theirsId } }),
      ),
    ).toBe('PUSH_BROWSER_NOT_FOUND')
    expect(await browsersOf(reader.id)).toHaveLength(2)
    expect(await browsersOf(other.id)).toHaveLength(1)

    await callOverWire(removePushBrowser, { cookie: reader.cookie, data: { id: goneId } })
    expect((await browsersOf(reader.id)).map((row) => row.endpoint)).toEqual([kept.endpoint])
    expect(await browsersOf(other.id)).toHaveLength(1)
    // Gone is gone.
    expect(
      await codeOf(
        callOverWire(removePushBrowser, { cookie: reader.cookie, data: { id: goneId } }),
      ),
    ).toBe('PUSH_BROWSER_NOT_FOUND')
  })
})

describe('the bell over the wire', () => {
  /** Two notices for `reader`, one for `other`; ids in that order. */
  async function notices(reader: Person, other: Person) {
    const mine = await db
      .insert(notification)
      .values([
        {
          userId: reader.id,
          kind: 'uploads.push',
          groupId: cooking,
          data: { count: 3, groupName: 'Cooking', videoIds: ['private-video-id'] },
        },
        { userId: reader.id, kind: 'member_joined', groupId: cooking, data: {} },
      ])
      .returning({ id: notification.id })
    const [theirs] = await db
      .insert(notification)
      .values({ userId: other.id, kind: 'invited', data: { secretNote: 'for Other only' } })
      .returning({ id: notification.id })
    return {
      uploads: mine[0]?.id ?? '',
      joined: mine[1]?.id ?? '',
      theirs: theirs?.id ?? '',
    }
  }

  const unreadIds = async (userId: string) =>
    (
      await db
        .select({ id: notification.id })
        .from(notification)
        .where(and(eq(notification.userId, userId), isNull(notification.readAt)))
    )
      .map((row) => row.id)
      .sort()

  it('getInbox: lists and counts only the caller’s notices, without their raw data', async () => {
    const reader = await person('Ines Inbox')
    const other = await person('Olaf Other')
    const ids = await notices(reader, other)

    const inbox = await callOverWire(getInbox, { cookie: reader.cookie })
    expect(inbox.unread).toBe(2)
    expect(inbox.items.map((item) => item.id).sort()).toEqual([ids.uploads, ids.joined].sort())
    expect(inbox.items.find((item) => item.id === ids.uploads)).toMatchObject({
      kind: 'uploads.push',
      groupId: cooking,
      notice: { type: 'uploads', count: 3, groupName: 'Cooking' },
      read: false,
    })
    const text = JSON.stringify(inbox)
    expect(text).not.toContain('private-video-id')
    expect(text).not.toContain(ids.theirs)
    expect(text).not.toContain('for Other only')

    const theirs = await callOverWire(getInbox, { cookie: other.cookie })
    expect(theirs).toMatchObject({ unread: 1, items: [{ id: ids.theirs, kind: 'invited' }] })
    expect(await callOverWire(getInbox, { cookie: stranger.cookie })).toEqual({
      items: [],
      unread: 0,
    })
    expect(await codeOf(callOverWire(getInbox))).toBe('UNAUTHENTICATED')
  })

  it('markNotificationsRead: marks only the caller’s listed notices, never another’s', async () => {
    const reader = await person('Mara Marker')
    const other = await person('Nils Neighbour')
    const ids = await notices(reader, other)

    await callOverWire(markNotificationsRead, {
      cookie: reader.cookie,
      data: { ids: [ids.uploads, ids.theirs] },
    })
    expect(await unreadIds(reader.id)).toEqual([ids.joined])
    expect(await unreadIds(other.id)).toEqual([ids.theirs])
    const inbox = await callOverWire(getInbox, { cookie: reader.cookie })
    expect(inbox.unread).toBe(1)
    expect(inbox.items.find((item) => item.id === ids.uploads)?.read).toBe(true)

    // Nor can the other side mark the reader's.
    await callOverWire(markNotificationsRead, {
      cookie: other.cookie,
      data: { ids: [ids.joined] },
    })
    expect(await unreadIds(reader.id)).toEqual([ids.joined])

    const refused = await validatorRefusal(
      callOverWire(markNotificationsRead, { cookie: reader.cookie, malformed: { ids: [] } }),
    )
    expect(refused.message).toContain('"ids"')
    expect(await unreadIds(reader.id)).toEqual([ids.joined])
  })

  it('markAllNotificationsRead: clears the caller’s bell and nobody else’s', async () => {
    const reader = await person('Alma All')
    const other = await person('Bo Bystander')
    const ids = await notices(reader, other)

    await callOverWire(markAllNotificationsRead, { cookie: reader.cookie })
    expect(await unreadIds(reader.id)).toEqual([])
    expect(await unreadIds(other.id)).toEqual([ids.theirs])
    expect((await callOverWire(getInbox, { cookie: reader.cookie })).unread).toBe(0)
    expect((await callOverWire(getInbox, { cookie: other.cookie })).unread).toBe(1)
    expect(await codeOf(callOverWire(markAllNotificationsRead))).toBe('UNAUTHENTICATED')
  })
})
