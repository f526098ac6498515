import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { groupMember, groupNotification } from '~/db/schema'
import { seededRandom } from '~/seed/factories/organiser.server'
import { fakeVideoId, insertVideos, type VideoRow } from '~/seed/factories/videos.server'
import { db } from '../../../tests/support/database'
import { feedWorld } from '../../../tests/support/feed-world'
import { claimNotified, findNewUploads, type NoticeMode } from './new-uploads.server'

/*
 * findNewUploads over a real tree: settings inherited down to subgroups, a
 * subgroup's own row overriding, Shorts left out on request, one announcement
 * per video, nothing once claimed, nothing for a removed member.
 */

const random = seededRandom(27)
const HOUR = 60 * 60_000
const DAY = 24 * HOUR
const since = () => new Date(Date.now() - 2 * DAY)

function video(channelId: string, hoursAgo: number, isShort = false): VideoRow {
  return {
    id: fakeVideoId(random),
    channelId,
    title: `video ${hoursAgo}h`,
    isShort,
    publishedAt: new Date(Date.now() - hoursAgo * HOUR),
  }
}

async function setUploads(
  userId: string,
  groupId: string,
  uploads: NoticeMode | 'off',
  options: { includeShorts?: boolean; setAgo?: number } = {},
) {
  const at = new Date(Date.now() - (options.setAgo ?? 3 * DAY))
  await db
    .insert(groupNotification)
    .values({
      userId,
      groupId,
      uploads,
      includeShorts: options.includeShorts ?? true,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [groupNotification.userId, groupNotification.groupId],
      set: { uploads, includeShorts: options.includeShorts ?? true, updatedAt: at },
    })
}

/** Alice: Cooking (ch1) > Italian (ch2, ch1 again); Other (ch3). Vera views Cooking. */
async function world() {
  const w = await feedWorld({
    random,
    people: [{ name: 'Vera', viewerOf: ['Cooking'] }],
    channels: ['Channel 1', 'Channel 2', 'Channel 3'],
    tree: ([ch1 = '', ch2 = '', ch3 = '']) => [
      { name: 'Cooking', items: [ch1], children: [{ name: 'Italian', items: [ch2, ch1] }] },
      { name: 'Other', items: [ch3] },
    ],
    // The channels were put in their groups long ago.
    itemsAddedAt: new Date(Date.now() - 10 * DAY),
  })
  const [ch1 = '', ch2 = '', ch3 = ''] = w.channels
  const v = {
    ch1New: video(ch1, 3),
    ch1Old: video(ch1, 5 * 24),
    ch2New: video(ch2, 4),
    ch2Short: video(ch2, 5, true),
    ch3New: video(ch3, 6),
  }
  await insertVideos(db, Object.values(v))
  return {
    alice: w.owner,
    vera: w.person('Vera'),
    cooking: w.group('Cooking'),
    italian: w.group('Cooking/Italian'),
    other: w.group('Other'),
    v,
  }
}

describe('findNewUploads', () => {
  it('inherits the nearest setting, lists each video once under its deepest group', async () => {
    const w = await world()
    await setUploads(w.alice.id, w.cooking, 'daily')
    await setUploads(w.alice.id, w.other, 'weekly')
    const daily = await findNewUploads(db, { mode: 'daily', since: since(), userIds: [w.alice.id] })
    expect(daily.map((u) => [u.groupName, u.videoId]).sort()).toEqual(
      [
        ['Italian', w.v.ch1New.id],
        ['Italian', w.v.ch2New.id],
        ['Italian', w.v.ch2Short.id],
      ].sort(),
    )
    const first = daily[0]
    expect(first?.channelTitle).toMatch(/^Channel /)
    expect(first?.publishedAt).toBeInstanceOf(Date)
    const weekly = await findNewUploads(db, {
      mode: 'weekly',
      since: since(),
      userIds: [w.alice.id],
    })
    expect(weekly.map((u) => [u.groupName, u.videoId])).toEqual([['Other', w.v.ch3New.id]])
  })

  it("follows a subgroup's own row and leaves Shorts out on request", async () => {
    const w = await world()
    await setUploads(w.alice.id, w.cooking, 'daily')
    await setUploads(w.alice.id, w.italian, 'daily', { includeShorts: false })
    const withoutShorts = await findNewUploads(db, {
      mode: 'daily',
      since: since(),
      userIds: [w.alice.id],
    })
    expect(withoutShorts.map((u) => u.videoId).sort()).toEqual(
      [w.v.ch1New.id, w.v.ch2New.id].sort(),
    )
    await setUploads(w.alice.id, w.italian, 'off')
    const off = await findNewUploads(db, { mode: 'daily', since: since(), userIds: [w.alice.id] })
    expect(off.map((u) => [u.groupName, u.videoId])).toEqual([['Cooking', w.v.ch1New.id]])
  })

  it('announces nothing published before the setting was made', async () => {
    const w = await world()
    await setUploads(w.alice.id, w.other, 'push', { setAgo: HOUR })
    expect(
      await findNewUploads(db, { mode: 'push', since: since(), userIds: [w.alice.id] }),
    ).toEqual([])
  })

  it('claims each video once; claimed videos are not found again', async () => {
    const w = await world()
    await setUploads(w.alice.id, w.cooking, 'daily')
    const found = await findNewUploads(db, { mode: 'daily', since: since(), userIds: [w.alice.id] })
    const ids = found.map((u) => u.videoId)
    const [firstId] = ids
    if (!firstId) throw new Error('nothing found')
    expect(await claimNotified(db, w.alice.id, [firstId])).toEqual([firstId])
    expect((await claimNotified(db, w.alice.id, ids)).sort()).toEqual(ids.slice(1).sort())
    expect(await claimNotified(db, w.alice.id, ids)).toEqual([])
    expect(await claimNotified(db, w.alice.id, [])).toEqual([])
    expect(
      await findNewUploads(db, { mode: 'daily', since: since(), userIds: [w.alice.id] }),
    ).toEqual([])
  })

  it('reaches a member through the shared group, and a removed member no more', async () => {
    const w = await world()
    await setUploads(w.vera.id, w.cooking, 'daily')
    const seen = await findNewUploads(db, { mode: 'daily', since: since(), userIds: [w.vera.id] })
    expect(seen.map((u) => u.videoId).sort()).toEqual(
      [w.v.ch1New.id, w.v.ch2New.id, w.v.ch2Short.id].sort(),
    )
    await db
      .delete(groupMember)
      .where(and(eq(groupMember.groupId, w.cooking), eq(groupMember.userId, w.vera.id)))
    expect(
      await findNewUploads(db, { mode: 'daily', since: since(), userIds: [w.vera.id] }),
    ).toEqual([])
  })

  it('answers many users in one call, limited per user', async () => {
    const a = await world()
    const b = await world()
    await setUploads(a.alice.id, a.cooking, 'daily')
    await setUploads(b.alice.id, b.cooking, 'daily')
    const both = await findNewUploads(db, {
      mode: 'daily',
      since: since(),
      userIds: [a.alice.id, b.alice.id],
      limitPerUser: 2,
    })
    expect(both.filter((u) => u.userId === a.alice.id)).toHaveLength(2)
    expect(both.filter((u) => u.userId === b.alice.id)).toHaveLength(2)
    expect(await findNewUploads(db, { mode: 'daily', since: since(), userIds: [] })).toEqual([])
  })
})
