import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { anime, channel, groupItem, libraryEntry } from '~/db/schema'
import { readGroupItems } from '~/features/groups/items.server'
import {
  addToLibrary,
  createTree,
  fakeChannelId,
  generateLargeAccount,
  seededRandom,
  upsertCatalogue,
} from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { runCatalogueFakes } from '../../../tests/support/catalogue-fakes'
import { db } from '../../../tests/support/database'
import { demoAnime, demoChannel, must, seedLibrary } from '../../../tests/support/library-world'
import { addAnime } from './add-anime.server'
import { rowFromLibraryEntry, sortRows } from './components/entry-list-model'
import { updateEntry } from './entries.server'
import { LIBRARY_HEAD_SIZE, type LibraryEntry } from './library.schemas'
import { getEntry, listLibrary, listLibraryHead } from './library.server'

/*
 * Reading the library against a real database (animes are added through a
 * local fake of AniList).
 */

runCatalogueFakes()

describe('listLibrary', () => {
  it('lists one kind with catalogue facts and the groups of each entry', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      db,
      ana,
      ['mkbhd', 'veritasium'],
      [
        { name: 'Tech', items: [demoChannel('mkbhd').id] },
        { name: 'Favourites', items: [demoChannel('mkbhd').id] },
      ],
    )
    await addAnime(db, ana, {
      url: `https://www.crunchyroll.com/series/${demoAnime('jujutsu-kaisen').id}/jujutsu-kaisen`,
      groupId: seeded.group('Favourites'),
    })

    const channels = await listLibrary(db, ana, { kind: 'channel' })
    expect(channels.entries).toHaveLength(2)
    const mkbhd = channels.entries.find((entry) => entry.id === seeded.entry('mkbhd'))
    expect(mkbhd).toMatchObject({
      kind: 'channel',
      title: 'Marques Brownlee',
      sourceId: demoChannel('mkbhd').id,
      handle: 'mkbhd',
      version: 1,
    })
    // Built by the database, yet the same ISO form as everywhere else.
    expect(mkbhd?.addedAt).toBe((await getEntry(db, ana, { id: seeded.entry('mkbhd') })).addedAt)
    expect(mkbhd?.groupIds.sort()).toEqual(
      [seeded.group('Tech'), seeded.group('Favourites')].sort(),
    )
    expect(
      channels.entries.find((entry) => entry.id === seeded.entry('veritasium'))?.groupIds,
    ).toEqual([])

    const animes = await listLibrary(db, ana, { kind: 'anime' })
    expect(animes.entries).toHaveLength(1)
    expect(animes.entries[0]).toMatchObject({
      kind: 'anime',
      sourceId: demoAnime('jujutsu-kaisen').id,
      year: 2020,
      episodes: 24,
      score: 85,
      groupIds: [seeded.group('Favourites')],
    })
  })

  it('returns a 10,000-channel library whole, each entry with its groups', async () => {
    const ana = await createActor(db, 'Ana')
    await generateLargeAccount(db, ana.id, { groups: 50, depth: 5, channels: 10_000, seed: 7 })
    const placed = await db
      .select({ entryId: groupItem.entryId, groupId: groupItem.groupId })
      .from(groupItem)
      .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
      .where(eq(libraryEntry.userId, ana.id))

    const { entries } = await listLibrary(db, ana, { kind: 'channel' })

    expect(entries).toHaveLength(10_000)
    const listed = entries.flatMap((entry) =>
      entry.groupIds.map((groupId) => `${entry.id}/${groupId}`),
    )
    expect(listed.sort()).toEqual(placed.map((row) => `${row.entryId}/${row.groupId}`).sort())
  }, 120_000)
})

describe('listLibraryHead', () => {
  // Case, accents, digits by value, punctuation, an alias, ties and other scripts.
  const TITLES = [
    'channel 10',
    'Channel 2',
    'channel 1',
    'Ábaco Studio',
    'abaco studio',
    'Zebra',
    'zeta',
    '_underscore',
    '(brackets)',
    'Émile',
    'emile',
    '東京チャンネル',
    'Ωmega',
    'ß-Sound',
    'ss sound',
    ...Array.from({ length: 50 }, (_, index) => `Filler ${index}`),
  ]

  async function seedTitles(owner: Actor) {
    const random = seededRandom(11)
    const rows = TITLES.map((title) => ({ id: fakeChannelId(random), title }))
    await upsertCatalogue(db, { channels: rows })
    const entries = await addToLibrary(db, owner.id, { channelIds: rows.map((row) => row.id) })
    return { rows, entries }
  }

  function browserOrder(entries: LibraryEntry[], tag: string) {
    const collator = new Intl.Collator(tag, { sensitivity: 'base', numeric: true })
    return sortRows(entries.map(rowFromLibraryEntry), 'name', collator).map((row) => row.id)
  }

  it('is the first screen in the order the browser sorts titles, with the count', async () => {
    const ana = await createActor(db, 'Ana')
    const { rows, entries } = await seedTitles(ana)
    const first = must(rows[0], 'a channel')
    const aliased = must(entries.get(first.id), 'an entry')
    const tree = await createTree(
      db,
      ana.id,
      [{ name: 'Tech', icon: 'lucide:cpu', color: 'blue', items: [first.id] }],
      entries,
    )
    await updateEntry(db, ana, {
      id: aliased,
      version: 1,
      alias: 'AAA first by alias',
      notes: '',
      tags: [],
    })

    const head = await listLibraryHead(db, ana, { kind: 'channel' })
    const whole = await listLibrary(db, ana, { kind: 'channel' })

    expect(head.total).toBe(TITLES.length)
    expect(head.entries).toHaveLength(LIBRARY_HEAD_SIZE)
    for (const tag of ['en-US', 'pt-BR']) {
      expect(head.entries.map((entry) => entry.id)).toEqual(
        browserOrder(whole.entries, tag).slice(0, LIBRARY_HEAD_SIZE),
      )
    }
    expect(head.entries.find((entry) => entry.id === aliased)?.title).toBe('AAA first by alias')
    // The same entries as the whole list gives, field for field.
    const byId = new Map(whole.entries.map((entry) => [entry.id, entry]))
    for (const entry of head.entries) expect(entry).toEqual(byId.get(entry.id))
    // The chips of the first screen name their groups before the tree loads.
    expect(head.groups).toEqual([
      { id: tree.get('Tech'), name: 'Tech', icon: 'lucide:cpu', color: 'blue' },
    ])
    expect(await listLibraryHead(db, ana, { kind: 'anime' })).toEqual({
      entries: [],
      total: 0,
      groups: [],
    })
  })

  it('follows a catalogue rename, except under an alias', async () => {
    const ana = await createActor(db, 'Ana')
    const { rows, entries } = await seedTitles(ana)
    const [renamed, kept] = rows
    if (!renamed || !kept) throw new Error('two channels')
    await updateEntry(db, ana, {
      id: must(entries.get(kept.id), 'kept'),
      version: 1,
      alias: 'My alias',
      notes: '',
      tags: [],
    })
    await db.update(channel).set({ title: '!renamed' }).where(eq(channel.id, renamed.id))
    await db.update(channel).set({ title: '!under an alias' }).where(eq(channel.id, kept.id))

    const head = await listLibraryHead(db, ana, { kind: 'channel' })
    const whole = await listLibrary(db, ana, { kind: 'channel' })
    expect(head.entries.map((entry) => entry.id)).toEqual(
      browserOrder(whole.entries, 'en-US').slice(0, LIBRARY_HEAD_SIZE),
    )
    expect(head.entries.find((entry) => entry.sourceId === renamed.id)?.title).toBe('!renamed')
    const aliased = whole.entries.find((entry) => entry.sourceId === kept.id)
    expect(aliased).toMatchObject({ title: 'My alias', originalTitle: '!under an alias' })
  })
})

describe('entry DTOs', () => {
  it('gives every anime DTO its airing facts, the same in the list, the detail and a group', async () => {
    const ana = await createActor(db, 'Ana')
    const jjk = demoAnime('jujutsu-kaisen')
    const groups = await createTree(db, ana.id, [{ name: 'Airing' }], new Map())
    const airingGroup = must(groups.get('Airing'), 'group')
    const { entryId } = await addAnime(db, ana, {
      url: `https://www.crunchyroll.com/series/${jjk.id}/${jjk.slug}`,
      groupId: airingGroup,
    })
    const nextAiringAt = new Date('2030-05-04T15:30:00.250Z')
    const latestEpisodeAt = new Date('2030-04-27T15:30:00.000Z')
    await db
      .update(anime)
      .set({ status: 'RELEASING', nextEpisode: 8, nextAiringAt, latestEpisode: 7, latestEpisodeAt })
      .where(eq(anime.id, jjk.id))
    const airing = {
      status: 'RELEASING',
      episodes: 24,
      nextEpisode: 8,
      nextAiringAt: nextAiringAt.toISOString(),
      latestEpisode: 7,
      latestEpisodeAt: latestEpisodeAt.toISOString(),
    }

    const { entries } = await listLibrary(db, ana, { kind: 'anime' })
    expect(entries).toEqual([expect.objectContaining({ id: entryId, ...airing })])
    expect(await getEntry(db, ana, { id: entryId })).toMatchObject(airing)
    expect(await readGroupItems(db, airingGroup, ana.id)).toEqual([
      expect.objectContaining({ entryId, ...airing }),
    ])

    // A channel has none of them, in the JSON list as in a select.
    const seeded = await seedLibrary(db, ana, ['mkbhd'])
    const none = {
      status: null,
      nextEpisode: null,
      nextAiringAt: null,
      latestEpisode: null,
      latestEpisodeAt: null,
    }
    const channels = await listLibrary(db, ana, { kind: 'channel' })
    expect(channels.entries).toEqual([expect.objectContaining(none)])
    expect(await getEntry(db, ana, { id: seeded.entry('mkbhd') })).toMatchObject(none)
  })
})
