import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { channelStat } from '~/db/schema'
import { channelHistory, insertChannelHistories } from '~/seed/factories/channel-stats.server'
import {
  addToLibrary,
  createTree,
  grantRole,
  upsertCatalogue,
} from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { resetEnvCacheForTests } from '~/server/env.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import * as growth from './growth.server'
import { addDays, dayOf } from './growth-math'
import { getLibraryReach } from './reach.server'

/*
 * Growth on a small world with hand-made daily histories (today = age 0):
 * Top (c1 small, c3 hiding its count) > Sub (c2 rounded, c4 tracked only for
 * the last 20 days). Figures are chosen so every sum and delta is known.
 */

let alice: Actor
let vic: Actor
let subViewer: Actor
let stranger: Actor
let top: string
let sub: string
let entries: Map<string, string>
let vicEntry: string
const today = dayOf(new Date())

const C1 = 'UCgrowth000000000000001'
const C2 = 'UCgrowth000000000000002'
const C3 = 'UCgrowth000000000000003'
const C4 = 'UCgrowth000000000000004'
const C5 = 'UCgrowth000000000000005'

type Stat = { subscribers: number | null; views: number; videos: number }
const HISTORY: Record<string, { days: number; at: (age: number) => Stat }> = {
  [C1]: {
    days: 100,
    at: (age) => ({ subscribers: 100 + 99 - age, views: 1000 * (100 - age), videos: 10 }),
  },
  [C2]: {
    days: 100,
    at: (age) => ({ subscribers: 2000 + 10 * (99 - age), views: 500 * (100 - age), videos: 3 }),
  },
  // Hidden: a stray figure in the snapshots must still stay out of every sum.
  [C3]: { days: 100, at: (age) => ({ subscribers: 50_000, views: 7 * (100 - age), videos: 1 }) },
  [C4]: {
    days: 20,
    at: (age) => ({ subscribers: 900_000 + 1000 * (19 - age), views: 0, videos: 2 }),
  },
}

function entryOf(channelId: string): string {
  const id = entries.get(channelId)
  if (!id) throw new Error(`no entry for ${channelId}`)
  return id
}

const savedKey = process.env.YOUTUBE_API_KEY
function withApiKey(key: string | undefined) {
  if (key === undefined) delete process.env.YOUTUBE_API_KEY
  else process.env.YOUTUBE_API_KEY = key
  resetEnvCacheForTests()
}
afterEach(() => withApiKey(savedKey))

beforeAll(async () => {
  alice = await createActor(db, 'Alice')
  vic = await createActor(db, 'Vic')
  subViewer = await createActor(db, 'Sue')
  stranger = await createActor(db, 'Stan')
  const channel = (id: string, subscriberCount: number, hidden = false) => ({
    id,
    title: `Channel ${id.slice(-1)}`,
    handle: `growth${id.slice(-1)}`,
    subscriberCount,
    viewCount: 1000,
    videoCount: 1,
    hiddenSubscriberCount: hidden,
  })
  await upsertCatalogue(db, {
    channels: [
      channel(C1, 199),
      channel(C2, 2990),
      channel(C3, 50_000, true),
      channel(C4, 919_000),
      channel(C5, 1_230_000),
    ],
  })
  entries = await addToLibrary(db, alice.id, { channelIds: [C1, C2, C3, C4, C5] })
  const groups = await createTree(
    db,
    alice.id,
    [{ name: 'Top', items: [C1, C3], children: [{ name: 'Sub', items: [C2, C4] }] }],
    entries,
  )
  top = groups.get('Top') ?? ''
  sub = groups.get('Top/Sub') ?? ''
  await grantRole(db, top, vic.id, 'viewer')
  await grantRole(db, sub, subViewer.id, 'viewer')
  vicEntry = (await addToLibrary(db, vic.id, { channelIds: [C5] })).get(C5) ?? ''
  const rows = Object.entries(HISTORY).flatMap(([channelId, history]) =>
    Array.from({ length: history.days }, (_, age) => {
      const stat = history.at(age)
      return {
        channelId,
        day: addDays(today, -age),
        subscriberCount: stat.subscribers,
        viewCount: stat.views,
        videoCount: stat.videos,
      }
    }),
  )
  await db.insert(channelStat).values(rows)
})

describe('group growth', () => {
  it('sums the group and its subgroups per day, leaving out channels that start mid-range', async () => {
    const result = await growth.getGroupGrowth(db, alice, { groupId: top, range: 30 })
    expect(result.channelCount).toBe(4)
    expect(result.hiddenCount).toBe(1)
    expect(result.chartedCount).toBe(3)
    expect(result.lateCount).toBe(1)
    expect(result.reason).toBeNull()
    expect(result.series).toHaveLength(31)
    const first = result.series[0]
    const last = result.series.at(-1)
    expect(first).toEqual({
      day: addDays(today, -30),
      subscribers: 169 + 2690,
      subscribersApprox: true,
      views: 1000 * 70 + 500 * 70 + 7 * 70,
      videos: 14,
    })
    // c4 (900,000+) never enters the chart: no jump the day it was first tracked.
    expect(last).toMatchObject({ day: today, subscribers: 199 + 2990, views: 150_700 })
    const steps = result.series.slice(1).map((point, index) => {
      const before = result.series[index]?.subscribers ?? 0
      return (point.subscribers ?? 0) - before
    })
    expect(Math.max(...steps)).toBe(11)
  })

  it('gives 7/30/90-day deltas over channels with a snapshot at both ends', async () => {
    const result = await growth.getGroupGrowth(db, alice, { groupId: top, range: 7 })
    expect(result.deltas).toEqual([
      // c4 has 20 days of history: it counts in the 7-day change only.
      {
        days: 7,
        subscribers: 7 + 70 + 7000,
        subscribersApprox: true,
        views: 7000 + 3500 + 49,
        videos: 0,
      },
      {
        days: 30,
        subscribers: 30 + 300,
        subscribersApprox: true,
        views: 30_000 + 15_000 + 210,
        videos: 0,
      },
      {
        days: 90,
        subscribers: 90 + 900,
        subscribersApprox: true,
        views: 90_000 + 45_000 + 630,
        videos: 0,
      },
    ])
  })

  it('ranks top growers by change and by percent over the range, hidden counts left out', async () => {
    const result = await growth.getGroupGrowth(db, alice, { groupId: top, range: 30 })
    expect(result.topGrowers.byChange.map((grower) => [grower.channelId, grower.change])).toEqual([
      [C4, 19_000],
      [C2, 300],
      [C1, 30],
    ])
    expect(result.topGrowers.byPercent.map((grower) => grower.channelId)).toEqual([C1, C2, C4])
    expect(result.topGrowers.byChange[0]).toMatchObject({
      entryId: entryOf(C4),
      from: 900_000,
      to: 919_000,
      approximate: true,
    })
    expect(result.topGrowers.byPercent[0]).toMatchObject({ approximate: false })
  })

  it('explains an empty chart: no channels, no key, not yet synced', async () => {
    const ids = await createTree(
      db,
      vic.id,
      [{ name: 'Empty' }, { name: 'Fresh', items: [C5] }],
      new Map([[C5, vicEntry]]),
    )
    const empty = ids.get('Empty')
    const fresh = ids.get('Fresh')
    expect((await growth.getGroupGrowth(db, vic, { groupId: empty ?? '', range: 30 })).reason).toBe(
      'noChannels',
    )
    withApiKey(undefined)
    expect((await growth.getGroupGrowth(db, vic, { groupId: fresh ?? '', range: 30 })).reason).toBe(
      'noApiKey',
    )
    withApiKey('test-key')
    const synced = await growth.getGroupGrowth(db, vic, { groupId: fresh ?? '', range: 30 })
    expect(synced).toMatchObject({ reason: 'notYetSynced', series: [], channelCount: 1 })
  })

  it('lets a viewer of the group (or an ancestor) read it, and tells a stranger nothing', async () => {
    expect(await codeOf(growth.getGroupGrowth(db, vic, { groupId: sub, range: 7 }))).toBe('ok')
    expect(await codeOf(growth.getGroupGrowth(db, subViewer, { groupId: sub, range: 7 }))).toBe(
      'ok',
    )
    expect(await codeOf(growth.getGroupGrowth(db, subViewer, { groupId: top, range: 7 }))).toBe(
      'GROUP_NOT_FOUND',
    )
    expect(await codeOf(growth.getGroupGrowth(db, stranger, { groupId: top, range: 7 }))).toBe(
      'GROUP_NOT_FOUND',
    )
  })
})

describe('channel growth', () => {
  it('gives the series of the range and deltas from the whole history', async () => {
    const result = await growth.getChannelGrowth(db, alice, { entryId: entryOf(C1), range: 7 })
    expect(result.channel).toMatchObject({ id: C1, subscriberCount: 199, subscribersApprox: false })
    expect(result.series.map((point) => point.day)).toEqual(
      [7, 6, 5, 4, 3, 2, 1, 0].map((age) => addDays(today, -age)),
    )
    expect(result.series.at(-1)).toEqual({
      day: today,
      subscribers: 199,
      subscribersApprox: false,
      views: 100_000,
      videos: 10,
    })
    expect(result.deltas.map((delta) => [delta.days, delta.subscribers, delta.views])).toEqual([
      [7, 7, 7000],
      [30, 30, 30_000],
      [90, 90, 90_000],
    ])
    expect(result.reason).toBeNull()
  })

  it('marks rounded figures and leaves deltas null without enough history', async () => {
    const rounded = await growth.getChannelGrowth(db, alice, { entryId: entryOf(C2), range: 30 })
    expect(rounded.channel.subscribersApprox).toBe(true)
    expect(rounded.deltas[0]).toMatchObject({ subscribers: 70, subscribersApprox: true })
    const late = await growth.getChannelGrowth(db, alice, { entryId: entryOf(C4), range: 365 })
    expect(late.series).toHaveLength(20)
    expect(late.deltas.map((delta) => delta.subscribers)).toEqual([7000, null, null])
  })

  it('keeps hidden subscriber counts out and says why', async () => {
    const hidden = await growth.getChannelGrowth(db, alice, { entryId: entryOf(C3), range: 30 })
    expect(hidden.reason).toBe('hidden')
    expect(hidden.channel.subscriberCount).toBeNull()
    expect(hidden.series.every((point) => point.subscribers === null)).toBe(true)
    expect(hidden.series.at(-1)?.views).toBe(700)
    expect(hidden.deltas[0]).toMatchObject({ subscribers: null, views: 49 })
  })

  it('answers the owner, a viewer of a group holding the entry, and the entry owner only', async () => {
    const c2 = entryOf(C2)
    const c1 = entryOf(C1)
    expect(await codeOf(growth.getChannelGrowth(db, vic, { entryId: c2, range: 7 }))).toBe('ok')
    expect(await codeOf(growth.getChannelGrowth(db, subViewer, { entryId: c2, range: 7 }))).toBe(
      'ok',
    )
    // c1 sits in Top only, above Sue's grant.
    expect(await codeOf(growth.getChannelGrowth(db, subViewer, { entryId: c1, range: 7 }))).toBe(
      'ENTRY_NOT_FOUND',
    )
    expect(await codeOf(growth.getChannelGrowth(db, stranger, { entryId: c2, range: 7 }))).toBe(
      'ENTRY_NOT_FOUND',
    )
    expect(await codeOf(growth.getChannelGrowth(db, vic, { entryId: vicEntry, range: 7 }))).toBe(
      'ok',
    )
    expect(await codeOf(growth.getChannelGrowth(db, alice, { entryId: vicEntry, range: 7 }))).toBe(
      'ENTRY_NOT_FOUND',
    )
  })

  it('says why a channel has no chart yet', async () => {
    withApiKey(undefined)
    const none = await growth.getChannelGrowth(db, vic, { entryId: vicEntry, range: 30 })
    expect(none).toMatchObject({ reason: 'noApiKey', series: [] })
    withApiKey('test-key')
    const later = await growth.getChannelGrowth(db, vic, { entryId: vicEntry, range: 30 })
    expect(later.reason).toBe('notYetSynced')
  })
})

describe('library reach', () => {
  it('sums the library once per channel, hidden counts left out, and lists the top channels', async () => {
    const result = await getLibraryReach(db, alice)
    expect(result.reach).toEqual({
      subscribers: 199 + 2990 + 919_000 + 1_230_000,
      approximate: true,
      hiddenCount: 1,
    })
    expect(result.topChannels.map((row) => [row.entryId, row.subscriberCount])).toEqual([
      [entryOf(C5), 1_230_000],
      [entryOf(C4), 919_000],
      [entryOf(C2), 2990],
      [entryOf(C1), 199],
    ])
    expect(result.topChannels.at(-1)?.approximate).toBe(false)
    const none = await getLibraryReach(db, stranger)
    expect(none.reach).toEqual({ subscribers: 0, approximate: false, hiddenCount: 0 })
    expect(none.topChannels).toEqual([])
  })
})

describe('demo histories', () => {
  it('draw the same curve every time, ending at the current figures, rounded like YouTube', async () => {
    const source = {
      id: 'UCgrowthdemo00000000001',
      subscriberCount: 1_234_567,
      viewCount: 99_000_000,
      videoCount: 300,
      hiddenSubscriberCount: false,
    }
    const rows = channelHistory(source, { days: 120, endDay: today })
    expect(channelHistory(source, { days: 120, endDay: today })).toEqual(rows)
    expect(rows).toHaveLength(120)
    expect(rows.at(-1)).toMatchObject({ day: today, subscriberCount: 1_230_000, videoCount: 300 })
    expect(rows[0]?.day).toBe(addDays(today, -119))
    for (const row of rows) {
      const subscribers = row.subscriberCount ?? 0
      expect(Number(subscribers.toPrecision(3))).toBe(subscribers)
    }
    await upsertCatalogue(db, { channels: [{ ...source, title: 'Demo' }] })
    await insertChannelHistories(db, [source], { days: 120, endDay: today })
    // A second seed of the same channel keeps what is there.
    await insertChannelHistories(db, [source], { days: 120, endDay: today })
    const hidden = channelHistory(
      { ...source, hiddenSubscriberCount: true },
      { days: 3, endDay: today },
    )
    expect(hidden.map((row) => row.subscriberCount)).toEqual([null, null, null])
  })
})
