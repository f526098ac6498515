import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelFeed, job } from '~/db/schema'
import {
  createFeedClient,
  type FeedClient,
  setFeedClientForTests,
} from '~/features/catalogue/youtube-rss.server'
import { createTree } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { enqueue, runDueJobs } from '~/server/jobs/jobs.server'
import { startYoutubeFake, type YoutubeFake } from '../../../tests/fakes/youtube-fake'
import { db } from '../../../tests/support/database'
import { countOf, MANY, trackNumbered } from '../../../tests/support/many-channels'
import { getGroupFeed } from './feed.server'
import { feedsRefreshJob, refreshFeeds, requestFeedRefresh } from './feed-refresh.server'

/*
 * Feeds past 65,535 tracked channels, the most values one statement may
 * bind: every statement that used to list the channels one parameter each
 * refused the run for good. 100,000 channels, on the real job runner.
 */

let owner: Actor
let ids: string[]
let fake: YoutubeFake

/** Answers 304 for every channel at once, so 100,000 fetches cost no sockets. */
function unchangedEverywhere(): FeedClient & { asked: Set<string> } {
  const asked = new Set<string>()
  return {
    asked,
    async fetchFeed(channelId) {
      asked.add(channelId)
      return { kind: 'not-modified', etag: `"${channelId}"`, lastModified: null }
    },
  }
}

beforeAll(async () => {
  fake = await startYoutubeFake()
  owner = await createActor(db, 'Hoarder')
  ids = await trackNumbered(db, owner.id, 'feedscale', MANY)
}, 120_000)

afterAll(async () => {
  setFeedClientForTests(undefined)
  await fake.close()
})

describe('feeds at 100,000 channels', () => {
  it('the schedule refreshes every due channel of every library in one run', async () => {
    const client = unchangedEverywhere()
    setFeedClientForTests(client)
    const id = await enqueue(db, feedsRefreshJob, { all: true })
    expect(await runDueJobs(db, [feedsRefreshJob])).toMatchObject({ ran: 1, done: 1, failed: 0 })
    const [row] = await db.select().from(job).where(sql`${job.id} = ${id}`)
    expect(row).toMatchObject({ state: 'done', lastError: null })
    expect(client.asked.size).toBe(MANY)
    expect(
      await countOf(
        db,
        sql`select count(*) as n from ${channelFeed} where checked_at is not null and etag is not null`,
      ),
    ).toBe(MANY)
    // Asked again with all 100,000: every one is fresh, nothing is queued.
    expect(await requestFeedRefresh(db, ids)).toBe(0)
    expect(await refreshFeeds(db, ids)).toEqual({
      fetched: 0,
      notModified: 0,
      failed: 0,
      skipped: MANY,
      newVideos: 0,
    })
  }, 300_000)

  it('a group of 100,000 channels shows its feed and fetches only the few that are due', async () => {
    const stale = [ids[7] ?? '', ids[MANY / 2] ?? '', ids[MANY - 1] ?? '']
    await db
      .update(channelFeed)
      .set({ checkedAt: null })
      .where(sql`${channelFeed.channelId} = any(${sql.param(stale)}::text[])`)
    fake.rss.addChannels(stale)
    setFeedClientForTests(createFeedClient({ baseUrl: fake.feedBaseUrl, timeoutMs: 5000 }))
    const groups = await createTree(db, owner.id, [{ name: 'Everything' }], new Map())
    const groupId = groups.get('Everything') ?? ''
    await db.execute(sql`insert into group_item (group_id, entry_id, position, added_by)
      select ${groupId}::uuid, le.id, 'a' || lpad(row_number() over (order by le.channel_id)::text, 7, '0'), ${owner.id}
      from library_entry le where le.user_id = ${owner.id}`)

    const first = await getGroupFeed(db, owner, { groupId })
    expect(first.channels).toHaveLength(MANY)
    expect(first.pending).toBe(stale.length)
    expect(first.videos).toEqual([])
    expect(await runDueJobs(db, [feedsRefreshJob])).toMatchObject({ ran: 1, done: 1 })

    const after = await getGroupFeed(db, owner, { groupId, limit: 50 })
    expect(after.pending).toBe(0)
    expect(new Set(after.videos.map((entry) => entry.channelId))).toEqual(new Set(stale))
  }, 300_000)
})
