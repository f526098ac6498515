import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { anime, groupVisit } from '~/db/schema'
import {
  addToLibrary,
  createTree,
  fakeChannelId,
  seededRandom,
  upsertCatalogue,
} from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { fakeVideoId, insertVideos, type VideoRow } from '~/seed/factories/videos.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { feedWorld } from '../../../tests/support/feed-world'
import type { FeedVideo, GroupFeedInput } from './feed.schemas'
import * as feed from './feed.server'

/*
 * feed.server.ts against a real migrated database: a group's feed gathers
 * its subgroups' channels once each, pages by keyset without gaps or
 * repeats, filters, keeps watched per user, and the tree's badges count
 * what is new since the reader's last visit.
 */

const random = seededRandom(66)
const HOUR = 60 * 60_000
/** The database methods that each send one statement. */
const STATEMENTS = new Set<PropertyKey>(['select', 'insert', 'update', 'delete', 'execute'])

function videosOf(channelId: string, count: number, options: { shortsEvery?: number } = {}) {
  return Array.from(
    { length: count },
    (_, at): VideoRow => ({
      id: fakeVideoId(random),
      channelId,
      title: `${channelId.slice(0, 6)} video ${at}`,
      isShort: options.shortsEvery ? at % options.shortsEvery === 0 : false,
      // One a day going back: the first is the newest.
      publishedAt: new Date(Date.now() - (at * 24 + 1) * HOUR),
    }),
  )
}

/**
 * Alice's tree: Root (ch1) > Sub (ch2 and ch1 again) > Deep (ch3), a
 * separate Other (ch4) and Anime (one series). Vera views Root; Bob is a
 * stranger.
 */
async function world() {
  const series = {
    id: `G${crypto.randomUUID().replaceAll('-', '').slice(0, 9).toUpperCase()}`,
    slug: 'feed-series',
    title: 'Feed series',
    latestEpisode: 3,
    latestEpisodeAt: new Date(Date.now() - 2 * HOUR),
  }
  const w = await feedWorld({
    random,
    people: [{ name: 'Vera', viewerOf: ['Root'] }, { name: 'Bob' }],
    channels: [1, 2, 3, 4].map((at) => `Feed channel ${at}`),
    animes: [series],
    tree: ([ch1 = '', ch2 = '', ch3 = '', ch4 = '']) => [
      {
        name: 'Root',
        items: [ch1],
        children: [{ name: 'Sub', items: [ch2, ch1], children: [{ name: 'Deep', items: [ch3] }] }],
      },
      { name: 'Other', items: [ch4] },
      { name: 'Anime', items: [series.id] },
    ],
  })
  const [ch1 = '', ch2 = '', ch3 = '', ch4 = ''] = w.channels
  const videos = {
    ch1: videosOf(ch1, 5),
    ch2: videosOf(ch2, 5, { shortsEvery: 2 }),
    ch3: videosOf(ch3, 3),
    ch4: videosOf(ch4, 2),
  }
  await insertVideos(db, [...videos.ch1, ...videos.ch2, ...videos.ch3, ...videos.ch4])
  return {
    alice: w.owner,
    vera: w.person('Vera'),
    bob: w.person('Bob'),
    ch: { ch1, ch2, ch3, ch4 },
    videos,
    series: series.id,
    root: w.group('Root'),
    sub: w.group('Root/Sub'),
    deep: w.group('Root/Sub/Deep'),
    other: w.group('Other'),
    animeGroup: w.group('Anime'),
  }
}

async function wholeFeed(actor: Actor, input: GroupFeedInput): Promise<FeedVideo[]> {
  const all: FeedVideo[] = []
  let cursor: string | null = null
  for (let guard = 0; guard < 100; guard += 1) {
    const page = await feed.getGroupFeed(db, actor, { ...input, cursor })
    all.push(...page.videos)
    cursor = page.nextCursor
    if (!cursor) return all
  }
  throw new Error('the feed never ended')
}

describe('getGroupFeed', () => {
  it('gathers the group and all its subgroups, each video once, newest first', async () => {
    const w = await world()
    const page = await feed.getGroupFeed(db, w.alice, { groupId: w.root, limit: 50 })
    const expected = [...w.videos.ch1, ...w.videos.ch2, ...w.videos.ch3]
    expect(page.videos.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort())
    const times = page.videos.map((row) => Date.parse(row.publishedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(page.videos.some((row) => row.channelId === w.ch.ch4)).toBe(false)
    expect(page.channels.map((row) => row.id).sort()).toEqual([w.ch.ch1, w.ch.ch2, w.ch.ch3].sort())
    expect(page.nextCursor).toBeNull()
    expect(page.newSince).toBeNull()
    expect(page.videos[0]).toMatchObject({
      channelTitle: expect.stringMatching(/^Feed channel/),
      watched: false,
    })
    // A subgroup's feed is its own subtree only.
    const deep = await feed.getGroupFeed(db, w.alice, { groupId: w.deep })
    expect(deep.videos.map((row) => row.channelId)).toEqual(w.videos.ch3.map(() => w.ch.ch3))
  })

  it('pages by keyset: no gaps or repeats, even when new videos arrive between pages', async () => {
    const w = await world()
    // Two uploads at the same instant: the id breaks the tie.
    const instant = new Date(Date.now() - 30 * HOUR)
    const twins = [w.ch.ch1, w.ch.ch2].map((channelId) => ({
      id: fakeVideoId(random),
      channelId,
      title: 'twin',
      publishedAt: instant,
    }))
    await insertVideos(db, twins)
    const full = await feed.getGroupFeed(db, w.alice, { groupId: w.root, limit: 50 })
    expect(full.videos).toHaveLength(15)

    const first = await feed.getGroupFeed(db, w.alice, { groupId: w.root, limit: 4 })
    expect(first.videos).toHaveLength(4)
    expect(first.nextCursor).not.toBeNull()
    await insertVideos(db, [
      { id: fakeVideoId(random), channelId: w.ch.ch3, title: 'brand new', publishedAt: new Date() },
    ])
    const rest: FeedVideo[] = []
    let cursor = first.nextCursor
    while (cursor) {
      const page = await feed.getGroupFeed(db, w.alice, { groupId: w.root, limit: 4, cursor })
      expect(page.channels).toEqual([])
      rest.push(...page.videos)
      cursor = page.nextCursor
    }
    expect([...first.videos, ...rest].map((row) => row.id)).toEqual(
      full.videos.map((row) => row.id),
    )
  })

  it('filters Shorts, watched videos and one channel', async () => {
    const w = await world()
    const shorts = w.videos.ch2.filter((row) => row.isShort)
    expect(shorts.length).toBeGreaterThan(0)
    const noShorts = await wholeFeed(w.alice, { groupId: w.root, hideShorts: true, limit: 3 })
    expect(noShorts).toHaveLength(13 - shorts.length)
    expect(noShorts.some((row) => row.isShort)).toBe(false)

    const watchedId = w.videos.ch1[0]?.id ?? ''
    await feed.markWatched(db, w.alice, { videoId: watchedId, watched: true })
    const unwatched = await wholeFeed(w.alice, { groupId: w.root, hideWatched: true })
    expect(unwatched.map((row) => row.id)).not.toContain(watchedId)
    expect(unwatched).toHaveLength(12)

    const one = await wholeFeed(w.alice, { groupId: w.root, channelId: w.ch.ch3 })
    expect(one.map((row) => row.id).sort()).toEqual(w.videos.ch3.map((row) => row.id).sort())
    // A channel outside the group shows nothing, not that channel's videos.
    expect(await wholeFeed(w.alice, { groupId: w.root, channelId: w.ch.ch4 })).toEqual([])
  })

  it('keeps watched per user: a viewer reads the feed and marks their own', async () => {
    const w = await world()
    const videoId = w.videos.ch3[0]?.id ?? ''
    await feed.markWatched(db, w.alice, { videoId, watched: true })
    const aliceFeed = await feed.getGroupFeed(db, w.alice, { groupId: w.root, limit: 50 })
    const veraFeed = await feed.getGroupFeed(db, w.vera, { groupId: w.root, limit: 50 })
    expect(aliceFeed.videos.find((row) => row.id === videoId)?.watched).toBe(true)
    expect(veraFeed.videos.find((row) => row.id === videoId)?.watched).toBe(false)
    expect(veraFeed.videos).toHaveLength(13)

    await feed.markWatched(db, w.vera, { videoId, watched: true })
    await feed.markWatched(db, w.alice, { videoId, watched: false })
    const after = await feed.getGroupFeed(db, w.vera, { groupId: w.deep })
    expect(after.videos.find((row) => row.id === videoId)?.watched).toBe(true)
    const aliceAfter = await feed.getGroupFeed(db, w.alice, { groupId: w.deep })
    expect(aliceAfter.videos.find((row) => row.id === videoId)?.watched).toBe(false)

    // Vera sees nothing outside Root: Other's video is not hers to mark.
    const otherVideo = w.videos.ch4[0]?.id ?? ''
    expect(await codeOf(feed.markWatched(db, w.vera, { videoId: otherVideo, watched: true }))).toBe(
      'VIDEO_NOT_FOUND',
    )
    expect(await codeOf(feed.getGroupFeed(db, w.vera, { groupId: w.other }))).toBe(
      'GROUP_NOT_FOUND',
    )
  })

  it('tells a stranger nothing', async () => {
    const w = await world()
    expect(await codeOf(feed.getGroupFeed(db, w.bob, { groupId: w.root }))).toBe('GROUP_NOT_FOUND')
    expect(await codeOf(feed.markGroupSeen(db, w.bob, { groupId: w.root }))).toBe('GROUP_NOT_FOUND')
    const videoId = w.videos.ch1[0]?.id ?? ''
    expect(await codeOf(feed.markWatched(db, w.bob, { videoId, watched: true }))).toBe(
      'VIDEO_NOT_FOUND',
    )
    expect(
      await codeOf(feed.markWatched(db, w.bob, { videoId: 'AAAAAAAAAAA', watched: true })),
    ).toBe('VIDEO_NOT_FOUND')
    const visits = await db.select().from(groupVisit).where(eq(groupVisit.userId, w.bob.id))
    expect(visits).toEqual([])
    expect(await feed.getFeedBadges(db, w.bob)).toEqual({})
  })
})

describe('getFeedBadges', () => {
  it('counts the last week before a first visit, drops after markGroupSeen, counts again after', async () => {
    const w = await world()
    // Videos are a day apart, 1 h old first: 7 of ch1, ch2, ch3 and ch4 fall in the last week.
    const lastWeek = (rows: VideoRow[]) =>
      rows.filter((row) => row.publishedAt.getTime() > Date.now() - 7 * 24 * HOUR).length
    const before = await feed.getFeedBadges(db, w.alice)
    const rootCount = lastWeek(w.videos.ch1) + lastWeek(w.videos.ch2) + lastWeek(w.videos.ch3)
    expect(before[w.root]).toEqual({ videos: rootCount, episodes: 0 })
    // Sub holds ch1 and ch2 itself and ch3 through Deep: the same videos as Root.
    expect(before[w.sub]).toEqual({ videos: rootCount, episodes: 0 })
    expect(before[w.deep]).toEqual({ videos: lastWeek(w.videos.ch3), episodes: 0 })
    expect(before[w.other]).toEqual({ videos: 2, episodes: 0 })
    expect(before[w.animeGroup]).toEqual({ videos: 0, episodes: 1 })

    const seen = await feed.markGroupSeen(db, w.alice, { groupId: w.root })
    expect(Date.parse(seen.seenAt)).toBeGreaterThan(Date.now() - 60_000)
    await feed.markGroupSeen(db, w.alice, { groupId: w.animeGroup })
    const after = await feed.getFeedBadges(db, w.alice)
    expect(after[w.root]).toBeUndefined()
    expect(after[w.animeGroup]).toBeUndefined()
    // Visiting Root is not visiting Sub: its own count stays.
    expect(after[w.sub]).toEqual(before[w.sub])

    // The feed of a visited group reports the previous visit.
    const page = await feed.getGroupFeed(db, w.alice, { groupId: w.root })
    expect(page.newSince).toBe(seen.seenAt)

    // A new upload in Deep and a new episode count again.
    await insertVideos(db, [
      {
        id: fakeVideoId(random),
        channelId: w.ch.ch3,
        title: 'just out',
        publishedAt: new Date(Date.now() + 1000),
      },
    ])
    await db
      .update(anime)
      .set({ latestEpisode: 4, latestEpisodeAt: new Date(Date.now() + 1000) })
      .where(eq(anime.id, w.series))
    const again = await feed.getFeedBadges(db, w.alice)
    expect(again[w.root]).toEqual({ videos: 1, episodes: 0 })
    expect(again[w.animeGroup]).toEqual({ videos: 0, episodes: 1 })
    expect(again[w.deep]?.videos).toBe(lastWeek(w.videos.ch3) + 1)
  })

  it("lists the shared groups' badges for a member, counted from the member's own visits", async () => {
    const w = await world()
    const vera = await feed.getFeedBadges(db, w.vera)
    expect(Object.keys(vera).sort()).toEqual([w.root, w.sub, w.deep].sort())
    await feed.markGroupSeen(db, w.vera, { groupId: w.root })
    const veraAfter = await feed.getFeedBadges(db, w.vera)
    expect(veraAfter[w.root]).toBeUndefined()
    // Alice's count is hers: Vera's visit does not touch it.
    expect((await feed.getFeedBadges(db, w.alice))[w.root]).toEqual(vera[w.root])
  })

  it('answers for 1,000 groups in one statement, quickly', async () => {
    const owner = await createActor(db, 'Many')
    const channels = Array.from({ length: 200 }, (_, at) => ({
      id: fakeChannelId(random),
      title: `Many ${at}`,
      handle: null,
    }))
    await upsertCatalogue(db, { channels })
    const entries = await addToLibrary(db, owner.id, { channelIds: channels.map((row) => row.id) })
    const specs = Array.from({ length: 100 }, (_, top) => ({
      name: `Top ${top}`,
      items: [channels[top % 200]?.id ?? ''],
      children: Array.from({ length: 9 }, (_, child) => ({
        name: `Child ${child}`,
        items: [channels[(top * 9 + child) % 200]?.id ?? ''],
      })),
    }))
    await createTree(db, owner.id, specs, entries)
    await insertVideos(
      db,
      channels.flatMap((row) => videosOf(row.id, 3)),
    )
    let statements = 0
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        if (STATEMENTS.has(key)) statements += 1
        return Reflect.get(target, key, receiver)
      },
    })
    const before = process.cpuUsage()
    const badges = await feed.getFeedBadges(counted, owner)
    const used = process.cpuUsage(before)
    const cpuMs = Math.round((used.user + used.system) / 1000)
    process.stdout.write(`feed badges for 1,000 groups: ${cpuMs} ms of CPU\n`)
    expect(Object.keys(badges)).toHaveLength(1000)
    expect(statements).toBe(1)
    // CPU time (PGlite runs the statement in this process), not wall time, which a busy machine
    // stretches; usually tens of ms, so only a blow-up reaches the bound.
    expect(cpuMs).toBeLessThan(2000)
  })
})
