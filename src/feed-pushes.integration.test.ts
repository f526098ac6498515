import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelFeed, groupNotification, job } from '~/db/schema'
import { createFeedClient, setFeedClientForTests } from '~/features/catalogue/youtube-rss.server'
import { feedsRefreshJob } from '~/features/feed/feed-refresh.server'
import { savePushSubscription } from '~/features/notifications/push-subscriptions.server'
import { queueUploadPushes, uploadPushesJob } from '~/features/notifications/upload-pushes.server'
import { enqueue, runDueJobs } from '~/server/jobs/jobs.server'
import { type PushFake, startPushFake } from '../tests/fakes/push-fake'
import { startYoutubeFake, type YoutubeFake } from '../tests/fakes/youtube-fake'
import { db } from '../tests/support/database'
import { feedWorld } from '../tests/support/feed-world'
// The composition root wires the feed refresh to the push job.
import './app-jobs.server'

/*
 * A new video pushes as soon as the feed refresh stores it: the refresh job
 * queues the push job (one at a time), not the 5-minute schedule.
 */

const CHANNEL = 'UCpush000000000000000000'
const DAY = 24 * 60 * 60_000
const JOBS = [feedsRefreshJob, uploadPushesJob]

let youtube: YoutubeFake
let push: PushFake

beforeAll(async () => {
  youtube = await startYoutubeFake({ feeds: { anchor: new Date(Date.now() - 60_000) } })
  push = await startPushFake()
  youtube.rss.addChannels([CHANNEL])
  setFeedClientForTests(
    createFeedClient({ baseUrl: youtube.feedBaseUrl, timeoutMs: 2000, retryDelayMs: 5 }),
  )
})

afterAll(async () => {
  setFeedClientForTests(undefined)
  await youtube.close()
  await push.close()
})

async function pushJobs() {
  return db.select({ state: job.state }).from(job).where(eq(job.name, uploadPushesJob.name))
}

/** The refresh job as the schedule or a request queues it, with the feed due again. */
async function refreshNow() {
  await db.update(channelFeed).set({ checkedAt: new Date(Date.now() - DAY) })
  await enqueue(db, feedsRefreshJob, { channelIds: [CHANNEL] })
  await runDueJobs(db, JOBS, { until: 'idle' })
}

describe('pushes after a feed refresh', () => {
  it('a refresh that stores a new video queues the push job, which pushes it', async () => {
    const w = await feedWorld({
      channels: [{ id: CHANNEL, title: 'Chef', handle: null }],
      tree: [{ name: 'Cooking', items: [CHANNEL] }],
      itemsAddedAt: new Date(Date.now() - 10 * DAY),
    })
    const [alice, cooking] = [w.owner, w.group('Cooking')]
    const browser = push.subscribe('alice-browser')
    await savePushSubscription(db, alice.id, { ...browser, userAgent: 'test' }, 'test')

    // The first refresh fills the cache: its videos predate Alice's choice of push.
    await refreshNow()
    expect(await pushJobs()).toHaveLength(1)
    await db.insert(groupNotification).values({
      userId: alice.id,
      groupId: cooking,
      uploads: 'push',
      updatedAt: new Date(Date.now() - 1000),
    })
    expect(push.messages).toHaveLength(0)

    youtube.rss.publish(CHANNEL, { title: 'Fresh pasta', publishedAt: new Date() })
    await refreshNow()
    expect(await pushJobs()).toHaveLength(2)
    expect(push.messages).toHaveLength(1)
    const [message] = push.messages
    expect(message?.problem).toBeNull()
    expect(JSON.parse(message?.payload ?? '{}')).toMatchObject({
      title: '1 new in Cooking',
      body: '• Fresh pasta',
    })

    // Nothing new (a 304): no push job is queued.
    await refreshNow()
    expect(await pushJobs()).toHaveLength(2)
    expect(push.messages).toHaveLength(1)
  })

  it('queues one push job however many refreshes ask while it waits', async () => {
    await db.delete(job)
    const first = await queueUploadPushes(db)
    expect(first).not.toBeNull()
    expect(await queueUploadPushes(db)).toBeNull()
    expect(
      await db
        .select()
        .from(job)
        .where(and(eq(job.name, uploadPushesJob.name), eq(job.state, 'queued'))),
    ).toHaveLength(1)
    await runDueJobs(db, JOBS, { until: 'idle' })
    // Done, the next refresh may queue a new one.
    expect(await queueUploadPushes(db)).not.toBeNull()
  })
})
