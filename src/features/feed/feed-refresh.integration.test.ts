import { and, desc, eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { channel, channelFeed, job, libraryEntry, user, video } from '~/db/schema'
import { createFeedClient, setFeedClientForTests } from '~/features/catalogue/youtube-rss.server'
import { addToLibrary, upsertCatalogue } from '~/seed/factories/organiser.server'
import { startYoutubeFake, type YoutubeFake } from '../../../tests/fakes/youtube-fake'
import { db } from '../../../tests/support/database'
import {
  FEED_CONCURRENCY,
  FEED_FRESH_MS,
  feedsRefreshJob,
  refreshFeeds,
  requestFeedRefresh,
} from './feed-refresh.server'

const ANCHOR = new Date('2026-03-01T12:00:00Z')
const MINUTE = 60_000
/** Made-up channel ids the fake is told to feed. */
const ids = Array.from({ length: 6 }, (_, index) => `UCfeed${String(index).padStart(18, '0')}`)
const [first = '', second = '', third = ''] = ids

let fake: YoutubeFake
let now: Date

function feedCalls(): string[] {
  return fake.calls
    .filter((call) => call.path === '/feeds/videos.xml')
    .map((call) => call.params.channel_id ?? '')
}

async function storedVideos(channelId: string) {
  return db
    .select({ id: video.id, title: video.title, isShort: video.isShort })
    .from(video)
    .where(eq(video.channelId, channelId))
    .orderBy(desc(video.publishedAt))
}

async function feedState(channelId: string) {
  const [row] = await db.select().from(channelFeed).where(eq(channelFeed.channelId, channelId))
  return row
}

beforeAll(async () => {
  fake = await startYoutubeFake({ feeds: { anchor: ANCHOR } })
  await upsertCatalogue(db, {
    channels: ids.map((id, index) => ({ id, title: `Feed channel ${index}` })),
  })
})

beforeEach(async () => {
  fake.rss.addChannels(ids)
  setFeedClientForTests(
    createFeedClient({ baseUrl: fake.feedBaseUrl, timeoutMs: 1000, retryDelayMs: 5 }),
  )
  now = new Date()
})

afterEach(async () => {
  setFeedClientForTests(undefined)
  fake.reset()
  fake.setOptions({ latencyMs: 0, failRate: 0 })
  await db.delete(video)
  await db.delete(channelFeed)
  await db.delete(job)
})

afterAll(async () => {
  await fake.close()
})

describe('refreshFeeds', () => {
  it('stores the 15 newest uploads of every channel on a cold refresh, Shorts marked', async () => {
    const summary = await refreshFeeds(db, ids, { now })
    expect(summary).toEqual({
      fetched: ids.length,
      notModified: 0,
      failed: 0,
      skipped: 0,
      newVideos: ids.length * 15,
    })
    expect(feedCalls().sort()).toEqual([...ids].sort())

    const videos = await storedVideos(first)
    expect(videos.map((row) => row.id)).toEqual(fake.rss.entries(first)?.map((entry) => entry.id))
    expect(videos).toHaveLength(15)
    expect(videos.filter((row) => row.isShort).length).toBeGreaterThan(0)
    expect(videos.filter((row) => !row.isShort).length).toBeGreaterThan(0)

    const state = await feedState(first)
    expect(state).toMatchObject({
      failures: 0,
      lastError: null,
      retryAt: null,
      checkedAt: now,
      fetchedAt: now,
    })
    expect(state?.etag).toMatch(/^".+"$/)
    expect(state?.lastModified).toMatch(/GMT$/)
  })

  it('asks nothing again within 15 minutes; a forced or expired refresh gets 304s', async () => {
    await refreshFeeds(db, ids, { now })
    fake.reset()
    fake.rss.addChannels(ids)

    const soon = new Date(now.getTime() + 10 * MINUTE)
    expect(await requestFeedRefresh(db, ids, soon)).toBe(0)
    expect(await refreshFeeds(db, ids, { now: soon })).toEqual({
      fetched: 0,
      notModified: 0,
      failed: 0,
      skipped: ids.length,
      newVideos: 0,
    })
    expect(feedCalls()).toEqual([])
    expect(await db.select().from(job)).toEqual([])

    const forced = await refreshFeeds(db, ids, { now: soon, force: true })
    expect(forced).toEqual({
      fetched: 0,
      notModified: ids.length,
      failed: 0,
      skipped: 0,
      newVideos: 0,
    })
    expect(fake.calls.every((call) => call.headers['if-none-match'] !== undefined)).toBe(true)

    const later = new Date(soon.getTime() + FEED_FRESH_MS + MINUTE)
    expect(await refreshFeeds(db, ids, { now: later })).toMatchObject({ notModified: ids.length })
    const state = await feedState(first)
    expect(state?.checkedAt).toEqual(later)
    expect(state?.fetchedAt).toEqual(now)
    expect(await storedVideos(first)).toHaveLength(15)
  })

  it('keeps the last good videos of a failing channel, backs it off, and updates the others', async () => {
    await refreshFeeds(db, ids, { now })
    const before = await storedVideos(first)
    fake.calls.length = 0
    const publishedTo = [second, ids[3] ?? '', ids[4] ?? '', ids[5] ?? '']
    for (const id of [first, ...publishedTo])
      fake.rss.publish(id, { title: `Fresh upload of ${id}` })
    fake.rss.failFeed(first, 500)
    fake.rss.failFeed(second, 404)
    fake.rss.failFeed(third, 'hang')

    const later = new Date(now.getTime() + FEED_FRESH_MS + MINUTE)
    const summary = await refreshFeeds(db, ids, { now: later })
    expect(summary).toMatchObject({ fetched: 3, notModified: 0, failed: 3, skipped: 0 })

    expect(await storedVideos(first)).toEqual(before)
    expect((await storedVideos(second)).map((row) => row.title)).not.toContain(
      `Fresh upload of ${second}`,
    )
    expect(await storedVideos(third)).toHaveLength(15)
    for (const id of ids.slice(3)) {
      expect((await storedVideos(id))[0]?.title).toBe(`Fresh upload of ${id}`)
    }

    const failed500 = await feedState(first)
    expect(failed500).toMatchObject({
      failures: 1,
      lastError: 'HTTP 500',
      fetchedAt: now,
      checkedAt: now,
    })
    expect(failed500?.retryAt?.getTime()).toBeGreaterThan(later.getTime())
    expect((await feedState(second))?.lastError).toBe('HTTP 404')
    expect((await feedState(third))?.lastError).toMatch(/1000 ms/)
    // A 500 is retried once within the run; a 404 is an answer.
    expect(feedCalls().filter((id) => id === first)).toHaveLength(2)
    expect(feedCalls().filter((id) => id === second)).toHaveLength(1)

    // In backoff: neither requested nor fetched, even though stale.
    const soon = new Date(later.getTime() + 1000)
    expect(await requestFeedRefresh(db, [first, second, third], soon)).toBe(0)
    expect(await refreshFeeds(db, [first], { now: soon })).toMatchObject({ skipped: 1 })

    // The next failure waits longer; a success clears the backoff.
    const afterBackoff = new Date((failed500?.retryAt?.getTime() ?? 0) + 1000)
    await refreshFeeds(db, [first], { now: afterBackoff })
    const twice = await feedState(first)
    expect(twice?.failures).toBe(2)
    const firstWait = (failed500?.retryAt?.getTime() ?? 0) - later.getTime()
    expect((twice?.retryAt?.getTime() ?? 0) - afterBackoff.getTime()).toBeGreaterThan(firstWait)

    fake.rss.failFeed(first, null)
    const recovered = new Date((twice?.retryAt?.getTime() ?? 0) + 1000)
    expect(await refreshFeeds(db, [first], { now: recovered })).toMatchObject({ fetched: 1 })
    expect(await feedState(first)).toMatchObject({ failures: 0, lastError: null, retryAt: null })
    expect((await storedVideos(first))[0]?.title).toBe(`Fresh upload of ${first}`)
  })

  it('shows a new upload after the fake publishes it', async () => {
    await refreshFeeds(db, [first], { now })
    const upload = fake.rss.publish(first, { title: 'Just uploaded', short: true })
    const later = new Date(now.getTime() + FEED_FRESH_MS)
    expect(await refreshFeeds(db, [first], { now: later })).toMatchObject({ fetched: 1 })
    const videos = await storedVideos(first)
    expect(videos[0]).toEqual({ id: upload.id, title: 'Just uploaded', isShort: true })
    // The oldest upload left the feed but stays stored.
    expect(videos).toHaveLength(16)
  })

  it('keeps at most 16 requests in flight', async () => {
    const many = Array.from(
      { length: 40 },
      (_, index) => `UCmany${String(index).padStart(18, '0')}`,
    )
    await upsertCatalogue(db, { channels: many.map((id) => ({ id, title: id })) })
    fake.rss.addChannels(many)
    fake.rss.setFeedOptions({ feedDelayMs: 40 })
    const summary = await refreshFeeds(db, many, { now })
    expect(summary.fetched).toBe(40)
    expect(fake.rss.maxInFlight).toBe(FEED_CONCURRENCY)
    await db.delete(channel).where(inArray(channel.id, many))
  })

  it('skips ids that are not in the catalogue without asking YouTube', async () => {
    const unknown = 'UCunknown000000000000000'
    expect(await refreshFeeds(db, [unknown, first], { now })).toMatchObject({
      fetched: 1,
      notModified: 0,
      failed: 0,
      skipped: 1,
    })
    expect(feedCalls()).toEqual([first])
  })
})

describe('requestFeedRefresh', () => {
  it('enqueues one job for the stale channels and does not pile up', async () => {
    await refreshFeeds(db, [first], { now })
    expect(await requestFeedRefresh(db, ids, now)).toBe(ids.length - 1)
    expect(await requestFeedRefresh(db, [...ids].reverse(), now)).toBe(ids.length - 1)
    const jobs = await db.select().from(job).where(eq(job.name, feedsRefreshJob.name))
    expect(jobs).toHaveLength(1)
    expect(jobs[0]?.payload).toEqual({ channelIds: expect.arrayContaining(ids.slice(1)) })
    expect(feedCalls()).toEqual([first])

    // Another set of channels is another job.
    await requestFeedRefresh(db, [second], now)
    expect(
      await db
        .select()
        .from(job)
        .where(and(eq(job.name, feedsRefreshJob.name))),
    ).toHaveLength(2)
  })

  it('refreshes, on schedule, the due feeds of channels that are in some library only', async () => {
    const userId = 'feeds-schedule-user'
    await db
      .insert(user)
      .values({ id: userId, name: 'Schedule', email: 'schedule@tubefold.localhost' })
      .onConflictDoNothing()
    await addToLibrary(db, userId, { channelIds: [first, second] })
    await refreshFeeds(db, [second], { now: new Date() })
    fake.calls.length = 0
    await feedsRefreshJob.handler(
      { all: true },
      {
        jobId: 'scheduled',
        attempt: 1,
        signal: new AbortController().signal,
        extendLease: async () => {},
      },
    )
    expect(feedCalls()).toEqual([first])
    expect(await storedVideos(third)).toEqual([])
    await db.delete(libraryEntry).where(eq(libraryEntry.userId, userId))
  })

  it('runs the enqueued job to fill the cache', async () => {
    await requestFeedRefresh(db, [first, second])
    const [queued] = await db.select().from(job).where(eq(job.name, feedsRefreshJob.name))
    const payload = feedsRefreshJob.schema.parse(queued?.payload)
    await feedsRefreshJob.handler(payload, {
      jobId: queued?.id ?? '',
      attempt: 1,
      signal: new AbortController().signal,
      extendLease: async () => {},
    })
    expect(await storedVideos(first)).toHaveLength(15)
    expect(await storedVideos(second)).toHaveLength(15)
    expect(await requestFeedRefresh(db, [first, second])).toBe(0)
  })
})
