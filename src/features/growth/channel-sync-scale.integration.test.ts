import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { channel, channelStat, youtubeBatchEtag } from '~/db/schema'
import type { YoutubeChannel, YoutubeClient } from '~/features/catalogue/youtube.server'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import { countOf, MANY, trackNumbered } from '../../../tests/support/many-channels'
import { allSyncedSince, SYNC_BATCH, syncChannels, syncStatus } from './channel-sync.server'

/*
 * The daily sync past 65,535 tracked channels (2,000 batches of 50), with
 * an in-process Data API double: every batch is answered at once, so the
 * run is the database's work alone.
 */

/** Every 100th batch comes back changed (with statistics), the others 304. */
function dataApiDouble(): YoutubeClient & { batches: number } {
  const double = {
    usesApi: true,
    quotaUsed: 0,
    batches: 0,
    async resolve() {
      return new Map<string, YoutubeChannel | null>()
    },
    async channelsByIds() {
      return new Map<string, YoutubeChannel>()
    },
    async channelsBatch(ids: readonly string[]) {
      const at = double.batches
      double.batches += 1
      if (at % 100 !== 0) return { status: 'unchanged' as const }
      const channels = ids.map(
        (id, index): YoutubeChannel => ({
          id,
          title: `Synced ${id}`,
          handle: null,
          description: '',
          avatarUrl: null,
          subscriberCount: 1000 + index,
          viewCount: 5000 + index,
          videoCount: 10,
          hiddenSubscriberCount: false,
          country: null,
          etag: null,
        }),
      )
      return { status: 'changed' as const, etag: `"batch-${at}"`, channels }
    },
  }
  return double
}

beforeAll(async () => {
  const owner = await createActor(db, 'Collector')
  await trackNumbered(db, owner.id, 'syncscale', MANY)
  // An ETag of a batch that no longer exists: the run clears it.
  await db.insert(youtubeBatchEtag).values({ key: 'gone', etag: '"old"' })
}, 300_000)

describe('the channel sync at 100,000 channels', () => {
  it('syncs every tracked channel, snapshots the changed ones and keeps only current ETags', async () => {
    const now = new Date()
    const youtube = dataApiDouble()
    const result = await syncChannels(db, { now, youtube })
    const batches = MANY / SYNC_BATCH
    const changed = batches / 100
    expect(result).toEqual({
      status: 'done',
      usesApi: true,
      tracked: MANY,
      synced: MANY,
      changed,
      unchanged: batches - changed,
      snapshots: changed * SYNC_BATCH,
      resumeAt: null,
    })
    expect(youtube.batches).toBe(batches)
    expect(
      await countOf(
        db,
        sql`select count(*) as n from ${channel} where last_synced_at = ${now.toISOString()}::timestamptz`,
      ),
    ).toBe(MANY)
    expect(await countOf(db, sql`select count(*) as n from ${channelStat}`)).toBe(
      changed * SYNC_BATCH,
    )
    expect(await countOf(db, sql`select count(*) as n from ${youtubeBatchEtag}`)).toBe(changed)
    expect(await allSyncedSince(db, now)).toBe(true)
    expect(await syncStatus(db, now)).toMatchObject({
      trackedChannels: MANY,
      channelsSyncedLastRun: MANY,
      neverSynced: 0,
    })
  }, 600_000)
})
