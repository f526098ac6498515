import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  groupMember,
  groupNotification,
  notification,
  notificationPreference,
  pushSubscription,
} from '~/db/schema'
import { seededRandom } from '~/seed/factories/organiser.server'
import { fakeVideoId, insertVideos } from '~/seed/factories/videos.server'
import { type PushFake, startPushFake } from '../../../tests/fakes/push-fake'
import { db } from '../../../tests/support/database'
import { feedWorld } from '../../../tests/support/feed-world'
import { savePushSubscription } from './push-subscriptions.server'
import { sendUploadPushes } from './upload-pushes.server'

/*
 * The push job against the local push service fake, which checks the VAPID
 * header and the aes128gcm encryption and decrypts what it gets: a new
 * video is pushed once, quiet hours delay it, a gone browser is pruned, and
 * a removed member hears nothing more.
 */

let fake: PushFake
const random = seededRandom(2727)
const HOUR = 60 * 60_000
const DAY = 24 * HOUR

beforeAll(async () => {
  fake = await startPushFake()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/** Alice's Cooking (one channel, one new video, one old), shared with Vera; both on push. */
async function world() {
  const long = new Date(Date.now() - 10 * DAY)
  const w = await feedWorld({
    random,
    people: [{ name: 'Vera', viewerOf: ['Cooking'] }],
    channels: ['Chef'],
    tree: ([channelId = '']) => [{ name: 'Cooking', items: [channelId] }],
    itemsAddedAt: long,
  })
  const [alice, vera, cooking] = [w.owner, w.person('Vera'), w.group('Cooking')]
  const [channelId = ''] = w.channels
  const fresh = { id: fakeVideoId(random), channelId, title: 'Pasta', isShort: false }
  await insertVideos(db, [
    { ...fresh, publishedAt: new Date(Date.now() - HOUR) },
    { id: fakeVideoId(random), channelId, title: 'Old', isShort: false, publishedAt: long },
  ])
  const browsers: Record<string, string> = {}
  for (const person of [alice, vera]) {
    const setAt = new Date(Date.now() - 3 * DAY)
    await db.insert(groupNotification).values({
      userId: person.id,
      groupId: cooking,
      uploads: 'push',
      createdAt: setAt,
      updatedAt: setAt,
    })
    const browser = fake.subscribe(`${person.id}-browser`)
    await savePushSubscription(db, person.id, { ...browser, userAgent: 'test' }, 'test')
    browsers[person.id] = browser.name
  }
  return { alice, vera, cooking, fresh, browsers }
}

function messagesTo(name: string | undefined) {
  return fake.messages.filter((message) => message.name === name)
}

describe('upload pushes', () => {
  it('pushes a new video once, encrypted and signed, with an inbox row', async () => {
    const w = await world()
    const users = [w.alice.id]
    const first = await sendUploadPushes(db, new Date(), { userIds: users })
    expect(first).toMatchObject({ users: 1, pushes: 1, delayed: 0 })
    const [message] = messagesTo(w.browsers[w.alice.id])
    expect(message?.problem).toBeNull()
    expect(message?.headers['content-encoding']).toBe('aes128gcm')
    expect(JSON.parse(message?.payload ?? '{}')).toEqual({
      title: '1 new in Cooking',
      body: '• Pasta',
      url: `/dashboard/groups/${w.cooking}/?tab=feed`,
      tag: `uploads:${w.cooking}`,
    })
    const inbox = await db.select().from(notification).where(eq(notification.userId, w.alice.id))
    expect(inbox).toHaveLength(1)
    expect(inbox[0]).toMatchObject({ kind: 'uploads.push', groupId: w.cooking })
    expect(inbox[0]?.data).toMatchObject({ count: 1, groupName: 'Cooking' })

    const second = await sendUploadPushes(db, new Date(), { userIds: users })
    expect(second.pushes).toBe(0)
    expect(messagesTo(w.browsers[w.alice.id])).toHaveLength(1)
  })

  it('waits through quiet hours, then sends what waited', async () => {
    const w = await world()
    const users = [w.alice.id]
    // Quiet 22:00–07:00 in São Paulo (UTC−3): 03:00 UTC is midnight there.
    await db.insert(notificationPreference).values({
      userId: w.alice.id,
      timeZone: 'America/Sao_Paulo',
      quietStart: 22 * 60,
      quietEnd: 7 * 60,
    })
    const night = new Date()
    night.setUTCHours(3, 0, 0, 0)
    const quiet = await sendUploadPushes(db, night, { userIds: users })
    expect(quiet).toMatchObject({ pushes: 0, delayed: 1 })
    expect(messagesTo(w.browsers[w.alice.id])).toHaveLength(0)

    const morning = new Date(night.getTime() + 8 * HOUR) // 08:00 there
    const later = await sendUploadPushes(db, morning, { userIds: users })
    expect(later).toMatchObject({ pushes: 1, delayed: 0 })
    expect(messagesTo(w.browsers[w.alice.id])).toHaveLength(1)
  })

  it('prunes a browser whose push service answers 410 Gone', async () => {
    const w = await world()
    fake.answer(w.browsers[w.alice.id] ?? '', 410)
    const summary = await sendUploadPushes(db, new Date(), { userIds: [w.alice.id] })
    expect(summary).toMatchObject({ pushes: 0, gone: 1 })
    const left = await db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, w.alice.id))
    expect(left).toEqual([])
    // Nothing is due any more for someone without a browser.
    expect((await sendUploadPushes(db, new Date(), { userIds: [w.alice.id] })).users).toBe(0)
  })

  it('counts other failures without dropping the browser', async () => {
    const w = await world()
    fake.answer(w.browsers[w.alice.id] ?? '', 500)
    await sendUploadPushes(db, new Date(), { userIds: [w.alice.id] })
    const [row] = await db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, w.alice.id))
    expect(row?.failures).toBe(1)
  })

  it('a removed member gets no push for the group', async () => {
    const w = await world()
    await db
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, w.cooking), eq(groupMember.userId, w.vera.id)))
    await sendUploadPushes(db, new Date(), { userIds: [w.vera.id, w.alice.id] })
    expect(messagesTo(w.browsers[w.vera.id])).toHaveLength(0)
    expect(messagesTo(w.browsers[w.alice.id])).toHaveLength(1)
  })
})
