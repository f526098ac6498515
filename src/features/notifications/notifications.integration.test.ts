import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  group,
  groupItem,
  groupMember,
  groupNotification,
  notification,
  notificationPreference,
} from '~/db/schema'
import { recordActivity } from '~/features/groups/activity.server'
import { deleteGroup } from '~/features/groups/groups.server'
import { restoreGroup } from '~/features/groups/trash.server'
import { grantRole, seededRandom } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { fakeVideoId, insertVideos, type VideoRow } from '~/seed/factories/videos.server'
import { runDueJobs } from '~/server/jobs/jobs.server'
import { db } from '../../../tests/support/database'
import { feedWorld } from '../../../tests/support/feed-world'
import { mailsTo, mailToOutbox } from '../../../tests/support/outbox-mail'
import { runDigests } from './digests.server'
import { notificationMailJob } from './notification-mail.server'
import { runTeamEvents } from './team-events.server'
import { tokenKind } from './unsubscribe.schemas'
import { answerUnsubscribe } from './unsubscribe.server'
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.server'

/*
 * The digest and team-event jobs end to end on a real database, mail going
 * to the outbox: one digest listing every group with something new, never
 * twice; one-click unsubscribe signed out and for its own kind only; a
 * removed member told nothing more; each team event to the right people once.
 */

const random = seededRandom(2760)
const HOUR = 60 * 60_000
const DAY = 24 * HOUR

mailToOutbox()

function video(channelId: string, title: string, hoursAgo: number): VideoRow {
  return {
    id: fakeVideoId(random),
    channelId,
    title,
    thumbnailUrl: `https://i.ytimg.test/${title}.jpg`,
    publishedAt: new Date(Date.now() - hoursAgo * HOUR),
  }
}

async function setUploads(userId: string, groupId: string, uploads: 'daily' | 'weekly' | 'off') {
  const at = new Date(Date.now() - 3 * DAY)
  await db
    .insert(groupNotification)
    .values({ userId, groupId, uploads, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [groupNotification.userId, groupNotification.groupId],
      set: { uploads, updatedAt: at },
    })
}

/** Alice: Cooking (ch1) and Music (ch2), each with a new upload; Vera views Cooking. */
async function world() {
  const w = await feedWorld({
    random,
    people: [{ name: 'Vera', locale: 'pt', viewerOf: ['Cooking'] }],
    channels: ['Chef', 'Band'],
    tree: ([ch1 = '', ch2 = '']) => [
      { name: 'Cooking', items: [ch1] },
      { name: 'Music', items: [ch2] },
    ],
    itemsAddedAt: new Date(Date.now() - 10 * DAY),
  })
  const [ch1 = '', ch2 = ''] = w.channels
  const soup = video(ch1, 'Soup', 3)
  const song = video(ch2, 'Song', 4)
  await insertVideos(db, [soup, song])
  const [alice, vera, cooking, music] = [
    w.owner,
    w.person('Vera'),
    w.group('Cooking'),
    w.group('Music'),
  ]
  return { alice, vera, cooking, music, ch1, ch2, soup, song }
}

async function sendQueuedMail() {
  await runDueJobs(db, [notificationMailJob])
}

function post(token: string) {
  return answerUnsubscribe(
    db,
    new Request(`http://localhost:3000/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    }),
    '127.0.0.1',
  )
}

async function uploadsOf(userId: string) {
  const rows = await db
    .select({ uploads: groupNotification.uploads })
    .from(groupNotification)
    .where(eq(groupNotification.userId, userId))
  return rows.map((row) => row.uploads).sort()
}

async function mutedOf(userId: string) {
  const [row] = await db
    .select({ muted: notificationPreference.mutedTeamEvents })
    .from(notificationPreference)
    .where(eq(notificationPreference.userId, userId))
  return row?.muted ?? []
}

describe('digests', () => {
  it('sends one mail listing both groups, then nothing until the next period', async () => {
    const w = await world()
    await setUploads(w.alice.id, w.cooking, 'daily')
    await setUploads(w.alice.id, w.music, 'daily')
    const now = new Date()
    expect(await runDigests(db, now, { userIds: [w.alice.id] })).toMatchObject({ mailed: 1 })
    await sendQueuedMail()
    const mails = await mailsTo(w.alice.email)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.subject).toBe('2 new videos in your groups today')
    for (const expected of [
      'Cooking',
      'Music',
      `/dashboard/groups/${w.cooking}/`,
      `/dashboard/groups/${w.music}/`,
      `watch?v=${w.soup.id}`,
      `watch?v=${w.song.id}`,
      'https://i.ytimg.test/Soup.jpg',
    ]) {
      expect(mail?.html).toContain(expected)
    }
    expect(mail?.text).toContain(`watch?v=${w.song.id}`)
    expect(mail?.headers['List-Unsubscribe']).toMatch(/^<http:\/\/.+\/api\/unsubscribe\?token=.+>$/)
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const inbox = await db.select().from(notification).where(eq(notification.userId, w.alice.id))
    expect(inbox.map((row) => [row.kind, row.data.videos, row.data.groups])).toEqual([
      ['digest', 2, 2],
    ])

    // A second run in the same period, and a crash-style repeat of the mail job, send nothing.
    expect(await runDigests(db, now, { userIds: [w.alice.id] })).toMatchObject({ mailed: 0 })
    await sendQueuedMail()
    expect(await mailsTo(w.alice.email)).toHaveLength(1)

    // Something new, the next day: only it.
    const late = video(w.ch1, 'Stew', 1)
    await insertVideos(db, [late])
    const tomorrow = new Date(now.getTime() + DAY)
    expect(await runDigests(db, tomorrow, { userIds: [w.alice.id] })).toMatchObject({ mailed: 1 })
    await sendQueuedMail()
    const next = (await mailsTo(w.alice.email))[1]
    expect(next?.subject).toBe('1 new video in your groups today')
    expect(next?.html).toContain(`watch?v=${late.id}`)
    expect(next?.html).not.toContain(`watch?v=${w.soup.id}`)
  })

  it('sends nothing when nothing is new, in the reader’s language otherwise', async () => {
    const w = await world()
    await setUploads(w.vera.id, w.cooking, 'weekly')
    await runDigests(db, new Date(), { userIds: [w.vera.id] })
    await sendQueuedMail()
    expect((await mailsTo(w.vera.email)).map((mail) => mail.subject)).toEqual([
      '1 vídeo novo nos seus grupos esta semana',
    ])
    const quiet = await world()
    await setUploads(quiet.alice.id, quiet.cooking, 'daily')
    await db.delete(groupItem).where(eq(groupItem.groupId, quiet.cooking))
    expect(await runDigests(db, new Date(), { userIds: [quiet.alice.id] })).toMatchObject({
      due: 1,
      mailed: 0,
      empty: 1,
    })
    await sendQueuedMail()
    expect(await mailsTo(quiet.alice.email)).toEqual([])
  })

  it('tells a removed member nothing more about the group', async () => {
    const w = await world()
    await setUploads(w.vera.id, w.cooking, 'daily')
    await db
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, w.cooking), eq(groupMember.userId, w.vera.id)))
    await runDigests(db, new Date(), { userIds: [w.vera.id] })
    await sendQueuedMail()
    expect(await mailsTo(w.vera.email)).toEqual([])
  })
})

describe('one-click unsubscribe', () => {
  it('tokens read back only as signed', () => {
    const token = unsubscribeToken('user-1', 'role_changed')
    expect(readUnsubscribeToken(token)).toEqual({ userId: 'user-1', kind: 'role_changed' })
    expect(tokenKind(token)).toBe('role_changed')
    expect(readUnsubscribeToken(token.replace('role_changed', 'digest'))).toBeNull()
    expect(readUnsubscribeToken(`${token}.x`)).toBeNull()
    expect(readUnsubscribeToken(token.slice(0, -1))).toBeNull()
    expect(tokenKind('x.nothing.y')).toBeNull()
  })

  it('works signed out, turns off only its own kind, refuses a bad token', async () => {
    const w = await world()
    await setUploads(w.alice.id, w.cooking, 'daily')
    await setUploads(w.alice.id, w.music, 'weekly')
    const digest = unsubscribeToken(w.alice.id, 'digest')

    const forged = `${digest.slice(0, -2)}xx`
    const otherKind = digest.replace('.digest.', '.member_left.')
    const otherUser = digest.replace(
      Buffer.from(w.alice.id).toString('base64url'),
      Buffer.from(w.vera.id).toString('base64url'),
    )
    for (const bad of [forged, otherKind, otherUser, 'nonsense', '']) {
      expect((await post(bad)).status).toBe(400)
    }
    expect(await uploadsOf(w.alice.id)).toEqual(['daily', 'weekly'])
    expect(await uploadsOf(w.vera.id)).toEqual([])
    expect(await mutedOf(w.alice.id)).toEqual([])

    expect((await post(digest)).status).toBe(200)
    expect(await uploadsOf(w.alice.id)).toEqual(['off', 'off'])
    expect(await mutedOf(w.alice.id)).toEqual([])

    await setUploads(w.alice.id, w.cooking, 'daily')
    expect((await post(unsubscribeToken(w.alice.id, 'member_joined'))).status).toBe(200)
    expect((await post(unsubscribeToken(w.alice.id, 'member_joined'))).status).toBe(200)
    expect(await mutedOf(w.alice.id)).toEqual(['member_joined'])
    expect(await uploadsOf(w.alice.id)).toEqual(['daily', 'off'])
  })

  it('GET changes nothing; the page form comes back to the page', async () => {
    const w = await world()
    await setUploads(w.alice.id, w.cooking, 'daily')
    const token = unsubscribeToken(w.alice.id, 'digest')
    const { handleUnsubscribeGet } = await import('./unsubscribe.server')
    const get = handleUnsubscribeGet({
      request: new Request(`http://localhost:3000/api/unsubscribe?token=${token}`),
    })
    expect(get.status).toBe(303)
    expect(get.headers.get('location')).toContain(`/unsubscribe/?token=${token}`)
    expect(await uploadsOf(w.alice.id)).toEqual(['daily'])
    const fromPage = await answerUnsubscribe(
      db,
      new Request(`http://localhost:3000/api/unsubscribe?token=${token}&from=page`, {
        method: 'POST',
      }),
      '127.0.0.2',
    )
    expect(fromPage.status).toBe(303)
    expect(fromPage.headers.get('location')).toContain('result=done')
    expect(await uploadsOf(w.alice.id)).toEqual(['off'])
  })
})

describe('team events', () => {
  it('reach the people concerned once, not the actor, mail only unmuted kinds', async () => {
    await runTeamEvents(db)
    const w = await world()
    const bob = await createActor(db, 'Bob')
    await grantRole(db, w.cooking, bob.id, 'editor')
    await db
      .insert(notificationPreference)
      .values({ userId: bob.id, mutedTeamEvents: ['role_changed'] })
    const alice = { id: w.alice.id, name: w.alice.name }
    await recordActivity(db, alice, w.alice.id, [
      {
        groupId: w.cooking,
        action: 'member.roleChanged',
        details: { name: 'Vera', role: 'editor' },
      },
    ])
    // Recipients are read when the job reads the line: Vera is still a member here.
    const later = new Date(Date.now() + 5 * 60_000)
    expect(await runTeamEvents(db, later)).toMatchObject({ lines: 1, mails: 1 })
    await db
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, w.cooking), eq(groupMember.userId, w.vera.id)))
    await recordActivity(db, alice, w.alice.id, [
      {
        groupId: w.cooking,
        action: 'member.removed',
        details: { name: 'Vera', userId: w.vera.id },
      },
    ])
    // Not a team event: ignored.
    await recordActivity(db, alice, w.alice.id, [
      { groupId: w.cooking, action: 'group.renamed', details: { name: 'Cooking' } },
    ])

    const after = new Date(Date.now() + 5 * 60_000)
    expect(await runTeamEvents(db, after)).toMatchObject({ lines: 1, mails: 2 })
    await sendQueuedMail()
    expect(await runTeamEvents(db, after)).toMatchObject({ lines: 0, mails: 0 })
    await sendQueuedMail()

    const inboxOf = async (userId: string) =>
      (await db.select().from(notification).where(eq(notification.userId, userId)))
        .map((row) => row.kind)
        .sort()
    expect(await inboxOf(w.alice.id)).toEqual([])
    expect(await inboxOf(bob.id)).toEqual(['member_left', 'role_changed'])
    expect(await inboxOf(w.vera.id)).toEqual(['member_left', 'role_changed'])

    expect((await mailsTo(w.alice.email)).length).toBe(0)
    expect((await mailsTo(bob.email)).map((mail) => mail.subject)).toEqual([
      'Alice removed Vera from Cooking',
    ])
    const veras = await mailsTo(w.vera.email)
    expect(veras.map((mail) => mail.subject)).toEqual([
      'Alice mudou a função de Vera em Cooking',
      'Alice removeu você de Cooking',
    ])
    expect(veras[0]?.headers['List-Unsubscribe']).toContain('/api/unsubscribe?token=')
  })

  it('tells the members of a deleted group, whose grants went to the trash, and of a restored one', async () => {
    const w = await world()
    await runTeamEvents(db, new Date(Date.now() + 5 * 60_000))
    const [row] = await db
      .select({ version: group.version })
      .from(group)
      .where(eq(group.id, w.cooking))
    const version = row?.version ?? 1
    const alice = { id: w.alice.id, name: w.alice.name, emailVerified: true }
    await deleteGroup(db, alice, { id: w.cooking, version })
    const inTen = new Date(Date.now() + 10 * 60_000)
    expect(await runTeamEvents(db, inTen)).toMatchObject({ lines: 1, mails: 1 })
    await restoreGroup(db, alice, { id: w.cooking })
    expect(await runTeamEvents(db, new Date(Date.now() + 15 * 60_000))).toMatchObject({
      lines: 1,
      mails: 1,
    })
    await sendQueuedMail()
    expect((await mailsTo(w.vera.email)).map((mail) => mail.subject)).toEqual([
      'Alice excluiu Cooking',
      'Alice restaurou Cooking',
    ])
    expect(await mailsTo(w.alice.email)).toEqual([])
  })
})
