import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '~/db/client.server'
import { DEMO_ANIMES, DEMO_CHANNELS } from '~/db/factories/catalogue-fixtures'
import {
  addToLibrary,
  createTree,
  fakeChannelId,
  generateLargeAccount,
  seededRandom,
  type TreeSpec,
  upsertCatalogue,
} from '~/db/factories/organiser.server'
import { createActor } from '~/db/factories/users.server'
import { anime, channel, groupActivity, groupItem, libraryEntry } from '~/db/schema'
import { readGroupItems } from '~/features/groups/items.server'
import { AppError, type ErrorCode } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { type AnilistFake, startAnilistFake } from '../../../tests/fakes/anilist-fake'
import { startYoutubeFake, type YoutubeFake } from '../../../tests/fakes/youtube-fake'
import { rowFromLibraryEntry, sortRows } from './components/entry-list-model'
import {
  LIBRARY_HEAD_SIZE,
  type LibraryEntry,
  PASTE_LINES_MAX,
  type ResolvedLine,
} from './library.schemas'
import * as library from './library.server'

/*
 * The library against a real database and local fakes of YouTube and
 * AniList (the real clients, pointed at them through the environment).
 */

const ENV_KEYS = [
  'YOUTUBE_API_BASE_URL',
  'YOUTUBE_WEB_BASE_URL',
  'YOUTUBE_API_KEY',
  'ANILIST_API_URL',
] as const
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]))

let youtube: YoutubeFake
let anilist: AnilistFake
let db: Database

beforeAll(async () => {
  youtube = await startYoutubeFake()
  anilist = await startAnilistFake()
  process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl
  process.env.YOUTUBE_WEB_BASE_URL = youtube.webBaseUrl
  process.env.YOUTUBE_API_KEY = 'test-key'
  process.env.ANILIST_API_URL = anilist.url
  resetEnvCacheForTests()
  db = await getDb()
})

afterAll(async () => {
  await Promise.all([youtube.close(), anilist.close()])
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key]
    else process.env[key] = savedEnv[key]
  }
  resetEnvCacheForTests()
})

/* Helpers */

function demoChannel(handle: string) {
  const found = DEMO_CHANNELS.find((row) => row.handle === handle)
  if (!found) throw new Error(`no demo channel @${handle}`)
  return found
}

function demoAnime(slug: string) {
  const found = DEMO_ANIMES.find((row) => row.slug === slug)
  if (!found) throw new Error(`no demo anime ${slug}`)
  return found
}

function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`)
  return value
}

/** Catalogue rows for demo channels, as a resolve would have written them. */
async function catalogue(...handles: string[]) {
  const rows = handles.map(demoChannel)
  await upsertCatalogue(db, {
    channels: rows.map((row) => ({ id: row.id, title: row.title, handle: row.handle })),
  })
  return rows
}

/** Library entries (and groups holding some of them) for one user; ids by catalogue id / path. */
async function seedLibrary(owner: Actor, handles: string[], tree: TreeSpec[] = []) {
  const rows = await catalogue(...handles)
  const entries = await addToLibrary(db, owner.id, { channelIds: rows.map((row) => row.id) })
  const groups = await createTree(db, owner.id, tree, entries)
  return {
    entry: (handle: string) => must(entries.get(demoChannel(handle).id), `entry @${handle}`),
    group: (path: string) => must(groups.get(path), `group ${path}`),
  }
}

async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | 'ok'> {
  try {
    await promise
    return 'ok'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

async function itemsOf(groupId: string) {
  return db
    .select({ entryId: groupItem.entryId, position: groupItem.position })
    .from(groupItem)
    .where(eq(groupItem.groupId, groupId))
    .orderBy(groupItem.position)
}

async function activityOf(ownerId: string) {
  return db
    .select({
      groupId: groupActivity.groupId,
      action: groupActivity.action,
      details: groupActivity.details,
      actorName: groupActivity.actorName,
    })
    .from(groupActivity)
    .where(eq(groupActivity.ownerId, ownerId))
}

async function libraryCount(userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, userId))
  return row?.value ?? 0
}

const byInput = (lines: ResolvedLine[]) =>
  Object.fromEntries(lines.map((line) => [line.input, line.status]))

/* Adding channels */

describe('resolveChannels', () => {
  it('says what each pasted line is before anything of the user is saved', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      ana,
      ['kurzgesagt', 'numberphile'],
      [{ name: 'Science', items: [demoChannel('numberphile').id] }],
    )
    const mkbhd = demoChannel('mkbhd')
    const text = [
      `https://www.youtube.com/channel/${mkbhd.id}`,
      '@veritasium',
      'https://www.youtube.com/c/LinusTechTips',
      'youtube.com/user/nprmusic',
      demoChannel('kurzgesagt').id,
      'https://www.youtube.com/@numberphile/videos',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      '@no-such-channel-anywhere',
      '@veritasium',
      // Another spelling of a channel already pasted above.
      'https://www.youtube.com/user/1veritasium',
      'https://example.com/nothing',
      '',
    ].join('\n')
    const entriesBefore = await libraryCount(ana.id)
    const itemsBefore = await itemsOf(seeded.group('Science'))

    const lines = await library.resolveChannels(db, ana, {
      text,
      groupId: seeded.group('Science'),
    })

    expect(lines.map((line) => line.status)).toEqual([
      'new',
      'new',
      'new',
      'new',
      'inLibrary',
      'inGroup',
      'notChannel',
      'notFound',
      'duplicate',
      'duplicate',
      'notChannel',
    ])
    expect(lines.map((line) => line.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(lines[0]?.channel).toMatchObject({
      id: mkbhd.id,
      title: mkbhd.title,
      handle: mkbhd.handle.toLowerCase(),
      subscriberCount: mkbhd.subscriberCount,
    })
    expect(lines[2]?.channel?.id).toBe(demoChannel('LinusTechTips').id)
    expect(lines[3]?.channel?.id).toBe(demoChannel('nprmusic').id)
    expect(lines[7]?.channel).toBeNull()

    // The shared catalogue now knows the found channels, so adding needs no second lookup.
    const known = await db
      .select({ id: channel.id, subscriberCount: channel.subscriberCount })
      .from(channel)
      .where(inArray(channel.id, [mkbhd.id, demoChannel('veritasium').id]))
    expect(known).toHaveLength(2)
    expect(known.find((row) => row.id === mkbhd.id)?.subscriberCount).toBe(mkbhd.subscriberCount)
    // …and nothing of the user's changed.
    expect(await libraryCount(ana.id)).toBe(entriesBefore)
    expect(await itemsOf(seeded.group('Science'))).toEqual(itemsBefore)

    youtube.reset()
    const added = await library.addChannels(db, ana, {
      channelIds: lines.flatMap((line) =>
        line.status === 'new' && line.channel ? [line.channel.id] : [],
      ),
      groupId: null,
    })
    expect(added).toEqual({ added: 4, alreadyThere: 0 })
    expect(youtube.calls).toHaveLength(0)
  })

  it('reading channel pages (no API key) keeps the statistics already known', async () => {
    const ana = await createActor(db, 'Ana')
    const veritasium = demoChannel('veritasium')
    await library.resolveChannels(db, ana, { text: '@veritasium', groupId: null })
    process.env.YOUTUBE_API_KEY = ''
    resetEnvCacheForTests()
    try {
      youtube.reset()
      const lines = await library.resolveChannels(db, ana, { text: '@veritasium', groupId: null })
      expect(lines[0]).toMatchObject({
        status: 'new',
        channel: { id: veritasium.id, title: veritasium.title },
      })
      expect(youtube.calls.length).toBeGreaterThan(0)
      expect(youtube.apiCalls()).toHaveLength(0)
    } finally {
      process.env.YOUTUBE_API_KEY = 'test-key'
      resetEnvCacheForTests()
    }
    const [row] = await db.select().from(channel).where(eq(channel.id, veritasium.id))
    expect(row).toMatchObject({
      subscriberCount: veritasium.subscriberCount,
      viewCount: veritasium.viewCount,
      videoCount: veritasium.videoCount,
      country: veritasium.country,
    })
  })

  it('without a group, an entry in some group is only "in the library"', async () => {
    const ana = await createActor(db, 'Ana')
    await seedLibrary(
      ana,
      ['numberphile'],
      [{ name: 'Maths', items: [demoChannel('numberphile').id] }],
    )
    const lines = await library.resolveChannels(db, ana, { text: '@numberphile', groupId: null })
    expect(byInput(lines)).toEqual({ '@numberphile': 'inLibrary' })
  })

  it('refuses a paste over the line limit and reports YouTube being down', async () => {
    const ana = await createActor(db, 'Ana')
    const tooMany = Array.from({ length: PASTE_LINES_MAX + 1 }, (_, i) => `@channel${i}`).join('\n')
    expect(await codeOf(library.resolveChannels(db, ana, { text: tooMany, groupId: null }))).toBe(
      'VALIDATION',
    )

    youtube.failNext(10, { status: 503 })
    expect(
      await codeOf(library.resolveChannels(db, ana, { text: '@tasty-unknown', groupId: null })),
    ).toBe('YOUTUBE_UNAVAILABLE')
    youtube.reset()
  })
})

describe('addChannels', () => {
  it('appends new and library entries at the end of a group, skipping those already there', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      ana,
      ['mkbhd', 'veritasium', 'numberphile'],
      [{ name: 'Mixed', items: [demoChannel('mkbhd').id, demoChannel('veritasium').id] }],
    )
    await catalogue('kurzgesagt', 'TomScottGo')
    const mixed = seeded.group('Mixed')
    const before = await itemsOf(mixed)

    const result = await library.addChannels(db, ana, {
      channelIds: [
        demoChannel('veritasium').id,
        demoChannel('numberphile').id,
        demoChannel('kurzgesagt').id,
        demoChannel('TomScottGo').id,
        demoChannel('TomScottGo').id,
      ],
      groupId: mixed,
    })

    expect(result).toEqual({ added: 3, alreadyThere: 1 })
    const after = await itemsOf(mixed)
    expect(after.slice(0, 2)).toEqual(before)
    const positions = after.map((item) => item.position)
    expect([...positions].sort()).toEqual(positions)
    expect(new Set(positions).size).toBe(positions.length)
    expect(after.slice(2).map((item) => item.entryId)).toContain(seeded.entry('numberphile'))
    expect(await libraryCount(ana.id)).toBe(5)

    const activity = await activityOf(ana.id)
    expect(activity).toEqual([
      {
        groupId: mixed,
        action: 'item.added',
        details: { name: 'Mixed', count: 3 },
        actorName: 'Ana',
      },
    ])
  })

  it('refuses ids that were never resolved into the catalogue', async () => {
    const ana = await createActor(db, 'Ana')
    expect(
      await codeOf(
        library.addChannels(db, ana, { channelIds: ['UC0000000000000000000000'], groupId: null }),
      ),
    ).toBe('VALIDATION')
    expect(await libraryCount(ana.id)).toBe(0)
  })
})

/* Memberships and edits */

describe('setEntryGroups', () => {
  it('puts one channel in two groups, then takes it out of one', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      ana,
      ['mkbhd', 'veritasium'],
      [
        { name: 'Tech', items: [demoChannel('veritasium').id] },
        { name: 'Favourites', children: [{ name: 'Daily' }] },
      ],
    )
    const mkbhd = seeded.entry('mkbhd')
    const tech = seeded.group('Tech')
    const daily = seeded.group('Favourites/Daily')

    expect(
      await library.setEntryGroups(db, ana, { id: mkbhd, groupIds: [tech, daily, tech] }),
    ).toEqual({ groupIds: [tech, daily] })
    const techItems = await itemsOf(tech)
    expect(techItems.map((item) => item.entryId)).toEqual([seeded.entry('veritasium'), mkbhd])
    expect((await itemsOf(daily)).map((item) => item.entryId)).toEqual([mkbhd])
    expect((await library.getEntry(db, ana, { id: mkbhd })).groupIds.sort()).toEqual(
      [tech, daily].sort(),
    )

    await library.setEntryGroups(db, ana, { id: mkbhd, groupIds: [daily] })
    expect((await itemsOf(tech)).map((item) => item.entryId)).toEqual([seeded.entry('veritasium')])
    expect((await itemsOf(daily)).map((item) => item.entryId)).toEqual([mkbhd])

    const activity = await activityOf(ana.id)
    expect(activity).toHaveLength(3)
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ groupId: tech, action: 'item.added' }),
        expect.objectContaining({ groupId: daily, action: 'item.added' }),
        expect.objectContaining({
          groupId: tech,
          action: 'item.removed',
          details: { name: 'Tech', count: 1, title: 'Marques Brownlee' },
        }),
      ]),
    )
  })

  it('gives concurrent appends to one group distinct positions', async () => {
    const ana = await createActor(db, 'Ana')
    const handles = ['mkbhd', 'veritasium', 'numberphile', 'kurzgesagt', 'TomScottGo', 'Vsauce']
    const seeded = await seedLibrary(ana, handles, [{ name: 'Busy' }])
    const busy = seeded.group('Busy')
    await Promise.all(
      handles.map((handle) =>
        library.setEntryGroups(db, ana, { id: seeded.entry(handle), groupIds: [busy] }),
      ),
    )
    const positions = (await itemsOf(busy)).map((item) => item.position)
    expect(positions).toHaveLength(handles.length)
    expect(new Set(positions).size).toBe(handles.length)
  })

  it('changes nothing when one of the groups is not the user’s', async () => {
    const ana = await createActor(db, 'Ana')
    const bea = await createActor(db, 'Bea')
    const seeded = await seedLibrary(ana, ['mkbhd'], [{ name: 'Tech' }])
    const beas = await seedLibrary(bea, [], [{ name: 'Private' }])
    expect(
      await codeOf(
        library.setEntryGroups(db, ana, {
          id: seeded.entry('mkbhd'),
          groupIds: [seeded.group('Tech'), beas.group('Private')],
        }),
      ),
    ).toBe('GROUP_NOT_FOUND')
    expect(await itemsOf(seeded.group('Tech'))).toEqual([])
    expect(await activityOf(ana.id)).toEqual([])
  })
})

describe('updateEntry', () => {
  it('saves alias, notes and tags and refuses an edit made from a stale version', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(ana, ['mkbhd'])
    const id = seeded.entry('mkbhd')

    const first = await library.updateEntry(db, ana, {
      id,
      version: 1,
      alias: 'MKBHD',
      notes: 'Phones',
      tags: ['tech', 'reviews'],
    })
    expect(first).toMatchObject({
      title: 'MKBHD',
      originalTitle: 'Marques Brownlee',
      alias: 'MKBHD',
      notes: 'Phones',
      tags: ['tech', 'reviews'],
      version: 2,
    })

    const stale = { id, version: 1, alias: 'Other tab', notes: '', tags: [] }
    expect(await codeOf(library.updateEntry(db, ana, stale))).toBe('STALE_VERSION')
    expect((await library.getEntry(db, ana, { id })).alias).toBe('MKBHD')

    const cleared = await library.updateEntry(db, ana, { ...stale, version: 2, alias: '' })
    expect(cleared).toMatchObject({ alias: null, title: 'Marques Brownlee', version: 3 })
  })
})

describe('removeEntries', () => {
  it('takes entries out of the library and every group, keeping the groups', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      ana,
      ['mkbhd', 'veritasium', 'numberphile'],
      [
        { name: 'Tech', items: [demoChannel('mkbhd').id, demoChannel('veritasium').id] },
        { name: 'Science', items: [demoChannel('veritasium').id, demoChannel('numberphile').id] },
      ],
    )
    const tech = seeded.group('Tech')
    const science = seeded.group('Science')

    expect(
      await library.removeEntries(db, ana, {
        ids: [seeded.entry('mkbhd'), seeded.entry('veritasium')],
      }),
    ).toEqual({ removed: 2 })

    const left = await library.listLibrary(db, ana, { kind: 'channel' })
    expect(left.entries.map((entry) => entry.id)).toEqual([seeded.entry('numberphile')])
    expect(await itemsOf(tech)).toEqual([])
    expect((await itemsOf(science)).map((item) => item.entryId)).toEqual([
      seeded.entry('numberphile'),
    ])
    // The catalogue is shared: its rows stay.
    expect(
      await db
        .select({ id: channel.id })
        .from(channel)
        .where(eq(channel.id, demoChannel('mkbhd').id)),
    ).toHaveLength(1)

    const activity = await activityOf(ana.id)
    expect(activity).toHaveLength(2)
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          groupId: tech,
          action: 'item.removed',
          details: { name: 'Tech', count: 2 },
        }),
        expect.objectContaining({
          groupId: science,
          action: 'item.removed',
          details: { name: 'Science', count: 1, title: 'Veritasium' },
        }),
      ]),
    )
  })
})

describe('listLibrary', () => {
  it('lists one kind with catalogue facts and the groups of each entry', async () => {
    const ana = await createActor(db, 'Ana')
    const seeded = await seedLibrary(
      ana,
      ['mkbhd', 'veritasium'],
      [
        { name: 'Tech', items: [demoChannel('mkbhd').id] },
        { name: 'Favourites', items: [demoChannel('mkbhd').id] },
      ],
    )
    await library.addAnime(db, ana, {
      url: `https://www.crunchyroll.com/series/${demoAnime('jujutsu-kaisen').id}/jujutsu-kaisen`,
      groupId: seeded.group('Favourites'),
    })

    const channels = await library.listLibrary(db, ana, { kind: 'channel' })
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
    expect(mkbhd?.addedAt).toBe(
      (await library.getEntry(db, ana, { id: seeded.entry('mkbhd') })).addedAt,
    )
    expect(mkbhd?.groupIds.sort()).toEqual(
      [seeded.group('Tech'), seeded.group('Favourites')].sort(),
    )
    expect(
      channels.entries.find((entry) => entry.id === seeded.entry('veritasium'))?.groupIds,
    ).toEqual([])

    const animes = await library.listLibrary(db, ana, { kind: 'anime' })
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

    const { entries } = await library.listLibrary(db, ana, { kind: 'channel' })

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
    await library.updateEntry(db, ana, {
      id: aliased,
      version: 1,
      alias: 'AAA first by alias',
      notes: '',
      tags: [],
    })

    const head = await library.listLibraryHead(db, ana, { kind: 'channel' })
    const whole = await library.listLibrary(db, ana, { kind: 'channel' })

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
    expect(await library.listLibraryHead(db, ana, { kind: 'anime' })).toEqual({
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
    await library.updateEntry(db, ana, {
      id: must(entries.get(kept.id), 'kept'),
      version: 1,
      alias: 'My alias',
      notes: '',
      tags: [],
    })
    await db.update(channel).set({ title: '!renamed' }).where(eq(channel.id, renamed.id))
    await db.update(channel).set({ title: '!under an alias' }).where(eq(channel.id, kept.id))

    const head = await library.listLibraryHead(db, ana, { kind: 'channel' })
    const whole = await library.listLibrary(db, ana, { kind: 'channel' })
    expect(head.entries.map((entry) => entry.id)).toEqual(
      browserOrder(whole.entries, 'en-US').slice(0, LIBRARY_HEAD_SIZE),
    )
    expect(head.entries.find((entry) => entry.sourceId === renamed.id)?.title).toBe('!renamed')
    const aliased = whole.entries.find((entry) => entry.sourceId === kept.id)
    expect(aliased).toMatchObject({ title: 'My alias', originalTitle: '!under an alias' })
  })
})

/* Animes */

describe('animes', () => {
  it('adds a series by URL, enriched from AniList, and refuses it twice', async () => {
    const ana = await createActor(db, 'Ana')
    const frieren = demoAnime('frieren-beyond-journeys-end')
    const url = `https://www.crunchyroll.com/pt-br/series/${frieren.id}/${frieren.slug}`

    const preview = await library.resolveAnime(db, ana, { url })
    expect(preview).toEqual({
      id: frieren.id,
      slug: frieren.slug,
      title: frieren.title,
      posterUrl: frieren.posterUrl,
      year: frieren.year,
      episodes: frieren.episodes,
      genres: frieren.genres,
      score: frieren.averageScore,
    })
    expect(await libraryCount(ana.id)).toBe(0)

    anilist.reset()
    const { entryId } = await library.addAnime(db, ana, { url, groupId: null })
    // Enriched once: the catalogue row is reused.
    expect(anilist.calls).toHaveLength(0)
    const detail = await library.getEntry(db, ana, { id: entryId })
    expect(detail).toMatchObject({ kind: 'anime', title: frieren.title, genres: frieren.genres })
    expect(detail.description).toContain('Frieren')

    expect(await codeOf(library.addAnime(db, ana, { url, groupId: null }))).toBe('ANIME_EXISTS')

    // With a group, an anime already in the library is placed there instead.
    const groups = await createTree(db, ana.id, [{ name: 'Watching' }], new Map())
    const watching = must(groups.get('Watching'), 'group')
    expect(await library.addAnime(db, ana, { url, groupId: watching })).toEqual({ entryId })
    expect((await itemsOf(watching)).map((item) => item.entryId)).toEqual([entryId])
    expect(await libraryCount(ana.id)).toBe(1)
  })

  it('gives every anime DTO its airing facts, the same in the list, the detail and a group', async () => {
    const ana = await createActor(db, 'Ana')
    const jjk = demoAnime('jujutsu-kaisen')
    const groups = await createTree(db, ana.id, [{ name: 'Airing' }], new Map())
    const airingGroup = must(groups.get('Airing'), 'group')
    const { entryId } = await library.addAnime(db, ana, {
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

    const { entries } = await library.listLibrary(db, ana, { kind: 'anime' })
    expect(entries).toEqual([expect.objectContaining({ id: entryId, ...airing })])
    expect(await library.getEntry(db, ana, { id: entryId })).toMatchObject(airing)
    expect(await readGroupItems(db, airingGroup)).toEqual([
      expect.objectContaining({ entryId, ...airing }),
    ])

    // A channel has none of them, in the JSON list as in a select.
    const seeded = await seedLibrary(ana, ['mkbhd'])
    const none = {
      status: null,
      nextEpisode: null,
      nextAiringAt: null,
      latestEpisode: null,
      latestEpisodeAt: null,
    }
    const channels = await library.listLibrary(db, ana, { kind: 'channel' })
    expect(channels.entries).toEqual([expect.objectContaining(none)])
    expect(await library.getEntry(db, ana, { id: seeded.entry('mkbhd') })).toMatchObject(none)
  })

  it('keeps the title from the slug when AniList is down', async () => {
    const ana = await createActor(db, 'Ana')
    const chainsaw = demoAnime('chainsaw-man')
    anilist.failNext(4, { status: 503 })
    const { entryId } = await library.addAnime(db, ana, {
      url: `crunchyroll.com/series/${chainsaw.id}/${chainsaw.slug}`,
      groupId: null,
    })
    anilist.reset()
    const detail = await library.getEntry(db, ana, { id: entryId })
    expect(detail).toMatchObject({ title: 'Chainsaw Man', imageUrl: null, year: null, genres: [] })
    const [row] = await db.select().from(anime).where(eq(anime.id, chainsaw.id))
    expect(row?.lastSyncedAt).toBeNull()

    // A later look, with AniList back, enriches the row.
    const preview = await library.resolveAnime(db, ana, {
      url: `https://www.crunchyroll.com/series/${chainsaw.id}/${chainsaw.slug}`,
    })
    expect(preview).toMatchObject({ year: chainsaw.year, posterUrl: chainsaw.posterUrl })
  })

  it('refuses what is not a Crunchyroll series link', async () => {
    const ana = await createActor(db, 'Ana')
    for (const url of ['https://www.youtube.com/@mkbhd', 'https://www.crunchyroll.com/videos']) {
      expect(await codeOf(library.resolveAnime(db, ana, { url }))).toBe('ANIME_URL_INVALID')
      expect(await codeOf(library.addAnime(db, ana, { url, groupId: null }))).toBe(
        'ANIME_URL_INVALID',
      )
    }
  })
})

/* Authorization */

describe('authorization', () => {
  it('gives another user "not found" for every function of the library, one by one', async () => {
    const owner = await createActor(db, 'Owner')
    const other = await createActor(db, 'Other')
    const seeded = await seedLibrary(
      owner,
      ['mkbhd'],
      [{ name: 'Tech', items: [demoChannel('mkbhd').id] }],
    )
    const ownEntry = seeded.entry('mkbhd')
    const ownGroup = seeded.group('Tech')
    const theirs = await seedLibrary(other, ['veritasium'], [{ name: 'Mine' }])
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
          run: () => library.setEntryGroups(db, other, { id: ownEntry, groupIds: [] }),
        },
        {
          expect: 'GROUP_NOT_FOUND',
          run: () =>
            library.setEntryGroups(db, other, {
              id: theirs.entry('veritasium'),
              groupIds: [ownGroup],
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
    expect(await itemsOf(ownGroup)).toHaveLength(1)
    expect(await activityOf(owner.id)).toEqual([])
    const otherEntries = await db
      .select({ id: libraryEntry.id })
      .from(libraryEntry)
      .where(and(eq(libraryEntry.userId, other.id), eq(libraryEntry.kind, 'anime')))
    expect(otherEntries).toEqual([])
  })
})
