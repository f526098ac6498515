import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { libraryEntry, video, videoWatch } from '~/db/schema'
import { everySignedIn, N, NF, Y } from '../../../tests/support/access-matrix/personas'
import {
  gated,
  matrixModule,
  type OpenCtx,
  overWire,
} from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import type { World } from '../../../tests/support/access-matrix/world'
import { db } from '../../../tests/support/database'
import * as wire from './feed.functions'
import * as feed from './feed.server'

/*
 * The authorization matrix of the feed domain: a group's feed, watched
 * marks, seen marks and badges. The table's columns, the world and the
 * checks are in tests/support/access-matrix. Rows calling `overWire` go
 * through the server function a page calls (session, validator, serialised
 * answer).
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

/** A fresh upload of the channel behind one of Alice's entries; returns its id. */
async function uploadTo(w: World, entryId: string, tag: string): Promise<string> {
  const [entry] = await db
    .select({ channelId: libraryEntry.channelId })
    .from(libraryEntry)
    .where(eq(libraryEntry.id, entryId))
  const channelId = entry?.channelId
  if (!channelId) throw new Error(`no channel behind ${entryId}`)
  const id = `${tag}${w.nonce}xxxxxxxxxxx`.replace(/[^A-Za-z0-9_-]/g, 'x').slice(0, 11)
  await db
    .insert(video)
    .values({ id, channelId, title: `Upload ${tag}`, publishedAt: new Date(Date.now() - 60_000) })
    .onConflictDoNothing()
  return id
}

const watchedBy = async (c: OpenCtx) => {
  const rows = await db
    .select({ videoId: videoWatch.videoId })
    .from(videoWatch)
    .where(and(eq(videoWatch.userId, c.actor?.id ?? ''), eq(videoWatch.videoId, c.prepared)))
  expect(rows).toHaveLength(1)
}

const feedChannels = (count: number) => (_c: OpenCtx, result: unknown) => {
  expect(result).toMatchObject({ channels: expect.any(Array) })
  const channels =
    result && typeof result === 'object' && 'channels' in result && Array.isArray(result.channels)
      ? result.channels
      : []
  expect(channels).toHaveLength(count)
}

const VIDEO_GONE = everySignedIn('VIDEO_NOT_FOUND')

const feedModule = matrixModule('src/features/feed/feed.server', feed, {
  getGroupFeed: [
    gated(
      'Client A (with A1 below)',
      [N, N, Y, Y, Y, N, N, N],
      (c) => overWire(c.actor, wire.getGroupFeed, { groupId: c.w.clientA }),
      { check: feedChannels(2) },
    ),
    gated(
      'A1',
      [N, N, Y, Y, Y, N, N, N],
      (c) => feed.getGroupFeed(db, c.actor, { groupId: c.w.a1 }),
      { check: feedChannels(1) },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => feed.getGroupFeed(db, c.actor, { groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
  markWatched: [
    gated(
      "an upload of Client A's channel",
      [N, N, Y, Y, Y, N, N, N],
      (c) => overWire(c.actor, wire.markWatched, { videoId: c.prepared, watched: true }),
      {
        prepare: (c) => uploadTo(c.w, c.w.entryA, 'a'),
        codes: VIDEO_GONE,
        // Watched is the actor's own, never anyone else's.
        check: async (c, result) => {
          expect(result).toEqual({ videoId: c.prepared, watched: true })
          await watchedBy(c)
        },
      },
    ),
    gated(
      "an upload of Client B's channel",
      [N, N, N, N, Y, N, N, N],
      (c) => feed.markWatched(db, c.actor, { videoId: c.prepared, watched: true }),
      { prepare: (c) => uploadTo(c.w, c.w.entryB, 'b'), codes: VIDEO_GONE, check: watchedBy },
    ),
  ],
  markGroupSeen: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => overWire(c.actor, wire.markGroupSeen, { groupId: c.w.clientA }),
      {
        check: (c, result) => {
          expect(result).toMatchObject({ groupId: c.w.clientA, seenAt: expect.any(String) })
        },
      },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => feed.markGroupSeen(db, c.actor, { groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
  getFeedBadges: [
    gated(
      'own tree and shared groups',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, wire.getFeedBadges, undefined),
      {
        prepare: async (c) => {
          await uploadTo(c.w, c.w.entryA, 'a')
          return uploadTo(c.w, c.w.entryB, 'b')
        },
        check: (c, result) => {
          const ids = result && typeof result === 'object' ? Object.keys(result).sort() : []
          const member = c.persona === 'viewer' || c.persona === 'editor'
          const expected =
            c.persona === 'owner'
              ? [c.w.clients, c.w.clientA, c.w.clientB]
              : member
                ? [c.w.clientA]
                : []
          expect(ids).toEqual(expected.sort())
        },
      },
    ),
  ],
})

describeAccessMatrix('feed', {
  folder: 'src/features/feed',
  modules: [feedModule],
  notHere: {
    'src/features/feed/feed-refresh.server': 'the RSS refresh job and its schedule; takes no actor',
  },
})
