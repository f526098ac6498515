import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { libraryEntry } from '~/db/schema'
import type { ErrorCode } from '~/lib/app-error'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { runCatalogueFakes } from '../../../tests/support/catalogue-fakes'
import { db } from '../../../tests/support/database'
import {
  activityOf,
  byInput,
  demoAnime,
  demoChannel,
  itemsOf,
  seedLibrary,
} from '../../../tests/support/library-world'
import * as addingAnimes from './add-anime.server'
import * as addingChannels from './add-channels.server'
import * as editing from './entries.server'
import * as reading from './library.server'

/* Every library server function (the exports of its four modules), called on another user's rows. */

runCatalogueFakes()

const library = { ...reading, ...editing, ...addingChannels, ...addingAnimes }

describe('authorization', () => {
  it('gives another user "not found" for every function of the library, one by one', async () => {
    const owner = await createActor(db, 'Owner')
    const other = await createActor(db, 'Other')
    const seeded = await seedLibrary(
      db,
      owner,
      ['mkbhd'],
      [{ name: 'Tech', items: [demoChannel('mkbhd').id] }],
    )
    const ownEntry = seeded.entry('mkbhd')
    const ownGroup = seeded.group('Tech')
    const theirs = await seedLibrary(db, other, ['veritasium'], [{ name: 'Mine' }])
    const jjk = demoAnime('jujutsu-kaisen')
    const animeUrl = `https://www.crunchyroll.com/series/${jjk.id}/${jjk.slug}`

    type Attempt = { expect: ErrorCode | 'ok'; run: () => Promise<unknown> }
    const attempts = {
      listLibrary: [
        {
          expect: 'ok',
          run: async () => {
            const { entries } = await library.listLibrary(db, other, { kind: 'channel' })
            expect(entries.map((entry) => entry.id)).toEqual([theirs.entry('veritasium')])
          },
        },
      ],
      listLibraryHead: [
        {
          expect: 'ok',
          run: async () => {
            const head = await library.listLibraryHead(db, other, { kind: 'channel' })
            expect(head.entries.map((entry) => entry.id)).toEqual([theirs.entry('veritasium')])
            expect(head.total).toBe(1)
          },
        },
      ],
      getEntry: [
        { expect: 'ENTRY_NOT_FOUND', run: () => library.getEntry(db, other, { id: ownEntry }) },
      ],
      updateEntry: [
        {
          expect: 'ENTRY_NOT_FOUND',
          run: () =>
            library.updateEntry(db, other, {
              id: ownEntry,
              version: 1,
              alias: 'mine now',
              notes: '',
              tags: [],
            }),
        },
      ],
      removeEntries: [
        {
          expect: 'ENTRY_NOT_FOUND',
          run: () => library.removeEntries(db, other, { ids: [ownEntry] }),
        },
        {
          expect: 'ENTRY_NOT_FOUND',
          run: () =>
            library.removeEntries(db, other, { ids: [theirs.entry('veritasium'), ownEntry] }),
        },
      ],
      setEntryGroups: [
        {
          expect: 'ENTRY_NOT_FOUND',
          run: () =>
            library.setEntryGroups(db, other, {
              id: ownEntry,
              groupIds: [],
              readGroupIds: [ownGroup],
            }),
        },
        {
          expect: 'GROUP_NOT_FOUND',
          run: () =>
            library.setEntryGroups(db, other, {
              id: theirs.entry('veritasium'),
              groupIds: [ownGroup],
              readGroupIds: [],
            }),
        },
      ],
      resolveChannels: [
        {
          expect: 'GROUP_NOT_FOUND',
          run: () => library.resolveChannels(db, other, { text: '@mkbhd', groupId: ownGroup }),
        },
        {
          expect: 'ok',
          run: async () => {
            const lines = await library.resolveChannels(db, other, {
              text: '@mkbhd',
              groupId: null,
            })
            expect(byInput(lines)).toEqual({ '@mkbhd': 'new' })
          },
        },
      ],
      addChannels: [
        {
          expect: 'GROUP_NOT_FOUND',
          run: () =>
            library.addChannels(db, other, {
              channelIds: [demoChannel('veritasium').id],
              groupId: ownGroup,
            }),
        },
      ],
      resolveAnime: [
        {
          // The catalogue is public; the preview carries nothing of anyone's library.
          expect: 'ok',
          run: async () => {
            const preview = await library.resolveAnime(db, other, { url: animeUrl })
            expect(Object.keys(preview).sort()).toEqual([
              'episodes',
              'genres',
              'id',
              'posterUrl',
              'score',
              'slug',
              'title',
              'year',
            ])
          },
        },
      ],
      addAnime: [
        {
          expect: 'GROUP_NOT_FOUND',
          run: () => library.addAnime(db, other, { url: animeUrl, groupId: ownGroup }),
        },
      ],
    } satisfies Record<keyof typeof library, Attempt[]>

    // A new export without a row here fails this test.
    expect(Object.keys(attempts).sort()).toEqual(Object.keys(library).sort())
    for (const [name, list] of Object.entries(attempts)) {
      for (const [index, attempt] of list.entries()) {
        expect({ name, index, code: await codeOf(attempt.run()) }).toEqual({
          name,
          index,
          code: attempt.expect,
        })
      }
    }

    // The owner's rows are as they were.
    const entry = await library.getEntry(db, owner, { id: ownEntry })
    expect(entry).toMatchObject({ alias: null, version: 1, groupIds: [ownGroup] })
    expect(await itemsOf(db, ownGroup)).toHaveLength(1)
    expect(await activityOf(db, owner.id)).toEqual([])
    const otherEntries = await db
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, other.id), eq(libraryEntry.kind, 'anime')))
    expect(otherEntries).toEqual([])
  })
})
