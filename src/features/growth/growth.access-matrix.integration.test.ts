import { inArray } from 'drizzle-orm'
import { expect } from 'vitest'
import { channel, libraryEntry } from '~/db/schema'
import { everySignedIn, N, NF, Y } from '../../../tests/support/access-matrix/personas'
import {
  gated,
  matrixModule,
  type OpenCtx,
  overWire,
} from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import { db } from '../../../tests/support/database'
import * as wire from './growth.functions'
import * as growth from './growth.server'
import * as reach from './reach.server'

/*
 * The authorization matrix of the growth domain: a channel's and a group's
 * growth, and the library's reach. The table's columns, the world and the
 * checks are in tests/support/access-matrix. Rows calling `overWire` go
 * through the server function a page calls (session, validator, serialised
 * answer).
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

const ENTRY_GONE = everySignedIn('ENTRY_NOT_FOUND')

const SUBSCRIBERS = 1000
/** Every channel in the world's libraries gets the same known audience. */
async function knownAudiences(c: Omit<OpenCtx, 'prepared'>): Promise<string> {
  const inLibraries = db
    .select({ id: libraryEntry.channelId })
    .from(libraryEntry)
    .where(inArray(libraryEntry.userId, c.w.userIds))
  await db
    .update(channel)
    .set({ subscriberCount: SUBSCRIBERS, hiddenSubscriberCount: false })
    .where(inArray(channel.id, inLibraries))
  return ''
}

/** The reach and the top channels are the actor's own library's, and only theirs. */
function ownReach(c: OpenCtx, result: unknown) {
  const own =
    c.persona === 'owner'
      ? [c.w.entryA, c.w.entryA1, c.w.entryB, c.w.own.owner.entryId]
      : c.persona === 'anonymous'
        ? []
        : [c.w.own[c.persona].entryId]
  const top =
    result &&
    typeof result === 'object' &&
    'topChannels' in result &&
    Array.isArray(result.topChannels)
      ? result.topChannels.map((row: unknown) =>
          row && typeof row === 'object' && 'entryId' in row ? row.entryId : null,
        )
      : null
  expect(top?.sort()).toEqual(own.sort())
  expect(result).toMatchObject({ reach: { subscribers: own.length * SUBSCRIBERS, hiddenCount: 0 } })
}

const growthModule = matrixModule('src/features/growth/growth.server', growth, {
  getChannelGrowth: [
    // A channel page opens for the entry's owner and for anyone who may view a group holding it.
    gated(
      "the owner's entry in Client A",
      [N, N, Y, Y, Y, N, N, N],
      (c) => overWire(c.actor, wire.getChannelGrowth, { entryId: c.w.entryA, range: 30 }),
      {
        outsider: 'ENTRY_NOT_FOUND',
        check: (c, result) => {
          expect(result).toMatchObject({ entryId: c.w.entryA, range: 30 })
        },
      },
    ),
    gated(
      "the owner's entry in Client B",
      [N, N, N, N, Y, N, N, N],
      (c) => growth.getChannelGrowth(db, c.actor, { entryId: c.w.entryB, range: 30 }),
      { codes: ENTRY_GONE },
    ),
    gated(
      'own entry',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) =>
        growth.getChannelGrowth(db, c.actor, { entryId: c.w.own[c.persona].entryId, range: 7 }),
      { scoped: true },
    ),
  ],
  getGroupGrowth: [
    gated(
      'Client A',
      [N, N, Y, Y, Y, N, N, N],
      (c) => overWire(c.actor, wire.getGroupGrowth, { groupId: c.w.clientA, range: 30 }),
      {
        check: (c, result) => {
          expect(result).toMatchObject({ groupId: c.w.clientA, range: 30, channelCount: 2 })
        },
      },
    ),
    gated(
      'Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => growth.getGroupGrowth(db, c.actor, { groupId: c.w.clientB, range: 365 }),
      { member: NF },
    ),
  ],
})

const reachModule = matrixModule('src/features/growth/reach.server', reach, {
  getLibraryReach: [
    gated(
      "own library's reach and top channels",
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, wire.getLibraryReach, undefined),
      { scoped: true, prepare: knownAudiences, check: ownReach },
    ),
  ],
})

describeAccessMatrix('growth', {
  folder: 'src/features/growth',
  modules: [growthModule, reachModule],
  notHere: {
    'src/features/growth/channel-sync.server':
      'the channel sync job, its schedule and health figures; takes no actor',
  },
})
