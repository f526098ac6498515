import { and, eq, or } from 'drizzle-orm'
import { expect } from 'vitest'
import { libraryEntry } from '~/db/schema'
import { everySignedIn, N, NF, Y } from '../../../tests/support/access-matrix/personas'
import { entryVersion, ownerEntriesOnly } from '../../../tests/support/access-matrix/reads'
import {
  gated,
  matrixModule,
  type OpenCtx,
  overWire,
} from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import { db } from '../../../tests/support/database'
import * as addAnime from './add-anime.server'
import * as addChannels from './add-channels.server'
import * as entries from './entries.server'
import * as functions from './library.functions'
import * as library from './library.server'

/*
 * The authorization matrix of the library domain: the list, one entry's
 * reads and edits, and both add flows. Every row calls the server function
 * the page calls (library.functions.ts) over the wire, as the cell's persona:
 * its session, gate, validator and serialised answer or AppError included.
 * The table's columns, the world and the checks are in
 * tests/support/access-matrix.
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

const ENTRY_GONE = everySignedIn('ENTRY_NOT_FOUND')

/** …and adding a channel or series to it creates no entry in the editor's own library. */
async function ownerEntryOnly(c: OpenCtx) {
  await ownerEntriesOnly(c)
  if (c.actor && c.persona !== 'owner') {
    const [stray] = await db
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(
        and(
          eq(libraryEntry.userId, c.actor.id),
          or(eq(libraryEntry.channelId, c.w.freshChannel), eq(libraryEntry.animeId, c.w.animeId)),
        ),
      )
    expect(stray).toBeUndefined()
  }
}

const libraryModule = matrixModule('src/features/library/library.server', library, {
  listLibrary: [
    gated(
      'own channels',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, functions.listLibrary, { kind: 'channel' }),
      { scoped: true },
    ),
  ],
  listLibraryHead: [
    gated(
      'first screen of own channels',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, functions.listLibraryHead, { kind: 'channel' }),
      { scoped: true },
    ),
  ],
  getEntry: [
    gated(
      "the owner's entry in Client A",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, functions.getEntry, { id: c.w.entryA }),
      { codes: ENTRY_GONE },
    ),
  ],
})

const entriesModule = matrixModule('src/features/library/entries.server', entries, {
  updateEntry: [
    gated(
      "the owner's entry in Client A",
      [N, N, N, N, Y, N, N, N],
      async (c) =>
        overWire(c.actor, functions.updateEntry, {
          id: c.w.entryA,
          version: await entryVersion(c.w.entryA),
          alias: `Alias by ${c.persona}`,
          notes: '',
          tags: [],
        }),
      { codes: ENTRY_GONE },
    ),
  ],
  removeEntries: [
    gated(
      "the owner's entry in Client A",
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, functions.removeEntries, { ids: [c.w.entryA] }),
      { codes: ENTRY_GONE },
    ),
  ],
  setEntryGroups: [
    gated(
      "the owner's entry → Client A and A1",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.setEntryGroups, {
          id: c.w.entryA,
          groupIds: [c.w.clientA, c.w.a1],
          readGroupIds: [c.w.clientA],
        }),
      { codes: ENTRY_GONE },
    ),
    gated(
      "the actor's own entry → Client A",
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.setEntryGroups, {
          id: c.w.own[c.persona].entryId,
          groupIds: [c.w.own[c.persona].groupId, c.w.clientA],
          readGroupIds: [c.w.own[c.persona].groupId],
        }),
      // An entry belongs to one library: an editor's own entry cannot enter the owner's group.
      { codes: { editor: NF } },
    ),
  ],
})

const addChannelsModule = matrixModule('src/features/library/add-channels.server', addChannels, {
  resolveChannels: [
    gated('a paste for Client A', [N, N, Y, Y, Y, N, N, N], (c) =>
      overWire(c.actor, functions.resolveChannels, {
        text: 'https://example.com/page',
        groupId: c.w.clientA,
      }),
    ),
    gated(
      'a paste for Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.resolveChannels, {
          text: 'https://example.com/page',
          groupId: c.w.clientB,
        }),
      { member: NF },
    ),
  ],
  addChannels: [
    gated(
      'a catalogued channel → Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.addChannels, {
          channelIds: [c.w.freshChannel],
          groupId: c.w.clientA,
        }),
      { check: ownerEntryOnly },
    ),
    gated(
      'a catalogued channel → Client B',
      [N, N, N, N, Y, N, N, N],
      (c) =>
        overWire(c.actor, functions.addChannels, {
          channelIds: [c.w.freshChannel],
          groupId: c.w.clientB,
        }),
      { member: NF },
    ),
  ],
})

const addAnimeModule = matrixModule('src/features/library/add-anime.server', addAnime, {
  resolveAnime: [
    gated(
      'a catalogued series',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, functions.resolveAnime, { url: c.w.animeUrl }),
      { scoped: true },
    ),
  ],
  addAnime: [
    gated(
      'a catalogued series → Client A',
      [N, N, N, Y, Y, N, N, N],
      (c) => overWire(c.actor, functions.addAnime, { url: c.w.animeUrl, groupId: c.w.clientA }),
      { check: ownerEntryOnly },
    ),
    gated(
      'a catalogued series → Client B',
      [N, N, N, N, Y, N, N, N],
      (c) => overWire(c.actor, functions.addAnime, { url: c.w.animeUrl, groupId: c.w.clientB }),
      { member: NF },
    ),
  ],
})

describeAccessMatrix('library', {
  folder: 'src/features/library',
  modules: [libraryModule, entriesModule, addChannelsModule, addAnimeModule],
  notHere: {
    'src/features/library/entry-rows.server':
      "an entry's columns and requireEntry, which the modules above call for the actor",
    'src/features/library/pending-lookups.server':
      'keeps and retries look-ups for the callers that authorized them (imports, add-by-paste); "look up again" acts on the signed-in payer only; takes no actor',
    'src/features/library/place-entries.server':
      'places entries in groups for the modules above, after they authorize',
  },
})
