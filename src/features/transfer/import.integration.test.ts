import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GROUP_DEPTH_MAX } from '~/config/product'
import type { Database } from '~/db/client.server'
import { DEMO_CHANNELS } from '~/db/factories/catalogue-fixtures'
import {
  addToLibrary,
  createTree,
  fakeChannelId,
  seededRandom,
  type TreeSpec,
  upsertCatalogue,
} from '~/db/factories/organiser.server'
import { createActor } from '~/db/factories/users.server'
import {
  anime,
  channel,
  dataImport,
  group,
  groupActivity,
  groupItem,
  job,
  libraryEntry,
} from '~/db/schema'
import { compareKeys } from '~/features/groups/positions'
import { AppError, type ErrorCode } from '~/lib/app-error'
import { type ChannelRef, refKey } from '~/lib/youtube-urls'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { createYoutubeClient, setYoutubeForTests } from '~/server/integrations/youtube.server'
import { runDueJobs } from '~/server/jobs/jobs.server'
import { startYoutubeFake, type YoutubeFake } from '../../../tests/fakes/youtube-fake'
import * as exporter from './export.server'
import * as imports from './import.server'
import type {
  EntryExtras,
  ImportChannel,
  ImportGroup,
  ImportItemRef,
  ImportModel,
  ImportOptions,
  ImportPreviewGroup,
  ImportStatus,
} from './transfer.schemas'

/*
 * Imports against a real database, the real job runner and a local fake of
 * YouTube (the real client pointed at it). Models are built by hand: the
 * parsers have their own tests; here it is what the server does with a model.
 */

const ENV_KEYS = ['YOUTUBE_API_BASE_URL', 'YOUTUBE_WEB_BASE_URL', 'YOUTUBE_API_KEY'] as const
const savedEnv = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]))

let youtube: YoutubeFake
let db: Database

beforeAll(async () => {
  youtube = await startYoutubeFake()
  process.env.YOUTUBE_API_BASE_URL = youtube.apiBaseUrl
  process.env.YOUTUBE_WEB_BASE_URL = youtube.webBaseUrl
  process.env.YOUTUBE_API_KEY = 'test-key'
  resetEnvCacheForTests()
  db = await getDb()
})

afterEach(() => {
  setYoutubeForTests(undefined)
  youtube.reset()
  youtube.setOptions({ failRate: 0 })
})

afterAll(async () => {
  await youtube.close()
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key]
    else process.env[key] = savedEnv[key]
  }
  resetEnvCacheForTests()
})

/* Helpers */

const MERGE: ImportOptions = { parentId: null, sameNames: 'merge' }

function demo(handle: string) {
  const found = DEMO_CHANNELS.find((row) => row.handle === handle)
  if (!found) throw new Error(`no demo channel @${handle}`)
  return found
}

function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`)
  return value
}

function byId(id: string, title: string | null = null, extras: EntryExtras | null = null) {
  const ref: ChannelRef = { kind: 'id', id }
  return { key: refKey(ref), ref, title, avatarUrl: null, extras } satisfies ImportChannel
}

function byHandle(handle: string): ImportChannel {
  const ref: ChannelRef = { kind: 'handle', handle }
  return { key: refKey(ref), ref, title: null, avatarUrl: null, extras: null }
}

function item(entry: ImportChannel): ImportItemRef {
  return { kind: 'channel', key: entry.key }
}

function folder(
  name: string,
  items: ImportChannel[] = [],
  groups: ImportGroup[] = [],
  look: Partial<Pick<ImportGroup, 'icon' | 'color' | 'description'>> = {},
): ImportGroup {
  return {
    name,
    description: look.description ?? '',
    icon: look.icon ?? null,
    color: look.color ?? null,
    groups,
    items: items.map(item),
  }
}

function model(parts: Partial<ImportModel> & Pick<ImportModel, 'channels'>): ImportModel {
  return {
    format: 'opml',
    groups: [],
    ungrouped: [],
    animes: [],
    problems: [],
    ...parts,
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

/** Alice's existing account: catalogue rows, entries and a tree (items by channel id). */
async function seedAccount(owner: Actor, channelIds: string[], tree: TreeSpec[]) {
  await upsertCatalogue(db, {
    channels: channelIds.map((id) => ({ id, title: `Seeded ${id.slice(-4)}` })),
  })
  const entries = await addToLibrary(db, owner.id, { channelIds })
  const groups = await createTree(db, owner.id, tree, entries)
  return { group: (path: string) => must(groups.get(path), `group ${path}`) }
}

function runJobs() {
  return runDueJobs(db, [imports.importJob])
}

/** Makes every queued import job due now (skips the retry backoff). */
async function dueNow() {
  await db
    .update(job)
    .set({ runAt: sql`now()` })
    .where(and(eq(job.name, imports.importJob.name), eq(job.state, 'queued')))
}

async function applyModel(
  actor: Actor,
  file: ImportModel,
  options: ImportOptions = MERGE,
): Promise<ImportStatus> {
  const preview = await imports.createImport(db, actor, { model: file, fileName: 'file.opml' })
  await imports.startImport(db, actor, { importId: preview.importId, options })
  await runJobs()
  return imports.getImportStatus(db, actor, { importId: preview.importId })
}

type Tree = {
  name: string
  icon: string | null
  color: string | null
  description: string
  items: string[]
  groups: Tree[]
}

/** One user's groups as a nested tree in position order; items as catalogue ids. */
async function treeOf(ownerId: string): Promise<Tree[]> {
  const groups = await db
    .select({
      id: group.id,
      parentId: group.parentId,
      name: group.name,
      icon: group.icon,
      color: group.color,
      description: group.description,
      position: group.position,
    })
    .from(group)
    .where(eq(group.ownerId, ownerId))
  const items = await db
    .select({
      groupId: groupItem.groupId,
      position: groupItem.position,
      ref: sql<string>`coalesce(${libraryEntry.channelId}, ${libraryEntry.animeId})`,
    })
    .from(groupItem)
    .innerJoin(libraryEntry, eq(libraryEntry.id, groupItem.entryId))
    .where(eq(libraryEntry.userId, ownerId))
  const build = (parentId: string | null): Tree[] =>
    groups
      .filter((row) => row.parentId === parentId)
      .sort((a, b) => compareKeys(a.position, b.position))
      .map((row) => ({
        name: row.name,
        icon: row.icon,
        color: row.color,
        description: row.description,
        items: items
          .filter((entry) => entry.groupId === row.id)
          .sort((a, b) => compareKeys(a.position, b.position))
          .map((entry) => entry.ref),
        groups: build(row.id),
      }))
  return build(null)
}

/** Names and items only, for comparing shapes. */
function shape(trees: Tree[]): unknown[] {
  return trees.map((tree) =>
    tree.groups.length === 0 && tree.items.length === 0
      ? tree.name
      : { [tree.name]: [...tree.items, ...shape(tree.groups)] },
  )
}

function previewShape(groups: ImportPreviewGroup[]): unknown[] {
  return groups.map((node) => ({
    name: node.name,
    exists: node.exists,
    items: node.itemCount,
    ...(node.groups.length > 0 && { groups: previewShape(node.groups) }),
  }))
}

async function libraryOf(userId: string) {
  return db
    .select({
      ref: sql<string>`coalesce(${libraryEntry.channelId}, ${libraryEntry.animeId})`,
      alias: libraryEntry.alias,
      notes: libraryEntry.notes,
      tags: libraryEntry.tags,
    })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, userId))
}

async function rowsOf(userId: string) {
  const [groups] = await db.select({ value: count() }).from(group).where(eq(group.ownerId, userId))
  const [entries] = await db
    .select({ value: count() })
    .from(libraryEntry)
    .where(eq(libraryEntry.userId, userId))
  const [activity] = await db
    .select({ value: count() })
    .from(groupActivity)
    .where(eq(groupActivity.ownerId, userId))
  return { groups: groups?.value, entries: entries?.value, activity: activity?.value }
}

/** Made-up, valid-looking channel ids YouTube does not know. */
function madeUpIds(count: number, seed: number): string[] {
  const random = seededRandom(seed)
  return Array.from({ length: count }, () => fakeChannelId(random))
}

/* Preview */

describe('preview', () => {
  it('shows the tree with same-named groups flagged and counts channels by what they need', async () => {
    const alice = await createActor(db, 'Alice')
    const [a, b, c, d] = [demo('mkbhd'), demo('Dave2D'), demo('ijustine'), demo('TheVerge')]
    await seedAccount(alice, [a.id], [{ name: 'music', children: [{ name: 'ROCK' }] }])
    const A = byId(a.id, 'A')
    const B = byId(b.id, 'B')
    const C = byId(c.id, 'C')
    const D = byId(d.id, 'D')
    const H = byHandle('Fireship')
    const file = model({
      groups: [
        folder('Music', [A, B], [folder('Rock', [C, C]), folder('Jazz')]),
        folder('Tech', [H]),
      ],
      ungrouped: [item(D)],
      channels: [A, B, C, D, H],
      problems: [{ line: 4, code: 'notChannel', input: 'https://youtu.be/x' }],
    })
    const before = await rowsOf(alice.id)

    const preview = await imports.createImport(db, alice, { model: file, fileName: 'subs.opml' })

    expect(preview).toMatchObject({
      format: 'opml',
      fileName: 'subs.opml',
      groupCount: 4,
      channels: { total: 5, new: 3, inLibrary: 1, toResolve: 1 },
      animes: { total: 0, new: 0, inLibrary: 0 },
      problems: [{ line: 4, code: 'notChannel', input: 'https://youtu.be/x' }],
      options: { parentId: null, sameNames: 'merge' },
    })
    expect(previewShape(preview.groups)).toEqual([
      {
        name: 'Music',
        exists: true,
        items: 2,
        groups: [
          { name: 'Rock', exists: true, items: 1 },
          { name: 'Jazz', exists: false, items: 0 },
        ],
      },
      { name: 'Tech', exists: false, items: 1 },
    ])

    const asNew = await imports.getImportPreview(db, alice, {
      importId: preview.importId,
      options: { parentId: null, sameNames: 'new' },
    })
    // A new "Music (2)" has no children yet: nothing under it clashes.
    expect(previewShape(asNew.groups)).toEqual([
      {
        name: 'Music',
        exists: true,
        items: 2,
        groups: [
          { name: 'Rock', exists: false, items: 1 },
          { name: 'Jazz', exists: false, items: 0 },
        ],
      },
      { name: 'Tech', exists: false, items: 1 },
    ])
    // Reading previews writes nothing of the user's.
    expect(await rowsOf(alice.id)).toEqual(before)
    expect(await imports.getImportStatus(db, alice, { importId: preview.importId })).toMatchObject({
      state: 'preview',
      done: 0,
      total: 0,
      result: null,
    })
  })

  it('compares names under the chosen destination group', async () => {
    const alice = await createActor(db, 'Alice')
    const seeded = await seedAccount(
      alice,
      [],
      [{ name: 'Inbox', children: [{ name: 'News' }] }, { name: 'Tech' }],
    )
    const X = byId(demo('TheVerge').id)
    const preview = await imports.createImport(db, alice, {
      model: model({ groups: [folder('news', [X]), folder('tech', [X])], channels: [X] }),
      fileName: null,
    })
    const under = await imports.getImportPreview(db, alice, {
      importId: preview.importId,
      options: { parentId: seeded.group('Inbox'), sameNames: 'merge' },
    })
    expect(previewShape(under.groups)).toEqual([
      { name: 'news', exists: true, items: 1 },
      { name: 'tech', exists: false, items: 1 },
    ])
    expect(previewShape(preview.groups)).toEqual([
      { name: 'news', exists: false, items: 1 },
      { name: 'tech', exists: true, items: 1 },
    ])
  })

  it('refuses empty and oversized models', async () => {
    const alice = await createActor(db, 'Ana')
    expect(
      await codeOf(
        imports.createImport(db, alice, { model: model({ channels: [] }), fileName: null }),
      ),
    ).toBe('IMPORT_EMPTY')
    const many = madeUpIds(20_001, 3).map((id) => byId(id))
    expect(
      await codeOf(
        imports.createImport(db, alice, { model: model({ channels: many }), fileName: null }),
      ),
    ).toBe('IMPORT_TOO_MANY')
  })
})

/* Applying */

describe('apply', () => {
  it('merges into same-named groups, appends in file order without duplicates', async () => {
    const alice = await createActor(db, 'Alice')
    const a = demo('unboxtherapy')
    const b = demo('JerryRigEverything')
    const c = demo('austinevans')
    const d = demo('Mrwhosetheboss')
    const e = demo('ThePrimeagen')
    const seeded = await seedAccount(
      alice,
      [a.id, b.id],
      [
        { name: 'Music', items: [a.id], children: [{ name: 'rock', items: [b.id] }] },
        { name: 'Zed' },
      ],
    )
    const A = byId(a.id, 'A title')
    const B = byId(b.id)
    const C = byId(c.id, 'C title')
    const D = byId(d.id, 'D title')
    const H = byHandle(e.handle)
    const file = model({
      groups: [
        folder('MUSIC', [C, A, C], [folder('Rock', [B, D]), folder('Jazz', [D])]),
        folder('Tech', [H, C], [], { icon: 'lucide:cpu', color: 'teal', description: 'Gadgets' }),
        folder('music', [D]),
      ],
      ungrouped: [item(byId(demo('TheCodingTrain').id))],
      channels: [A, B, C, D, H, byId(demo('TheCodingTrain').id)],
    })

    const status = await applyModel(alice, file)

    expect(status).toMatchObject({
      state: 'done',
      error: null,
      result: {
        groupsCreated: 2,
        groupsMerged: 2,
        channelsAdded: 4,
        animesAdded: 0,
        // Music +C +D, rock +D, Jazz D, Tech H C.
        itemsPlaced: 6,
        notFound: [],
      },
    })
    expect(shape(await treeOf(alice.id))).toEqual([
      { Music: [a.id, c.id, d.id, { rock: [b.id, d.id] }, { Jazz: [d.id] }] },
      'Zed',
      { Tech: [e.id, c.id] },
    ])
    const tech = (await treeOf(alice.id))[2]
    expect(tech).toMatchObject({ icon: 'lucide:cpu', color: 'teal', description: 'Gadgets' })
    // The merged group is the same row; the ungrouped channel is in the library only.
    const musics = await db
      .select({ id: group.id })
      .from(group)
      .where(and(eq(group.ownerId, alice.id), eq(group.name, 'Music')))
    expect(musics).toEqual([{ id: seeded.group('Music') }])
    const library = await libraryOf(alice.id)
    expect(library.map((row) => row.ref).sort()).toEqual(
      [a.id, b.id, c.id, d.id, e.id, demo('TheCodingTrain').id].sort(),
    )
    // The handle was resolved on YouTube: the catalogue has its real facts.
    const [resolved] = await db.select().from(channel).where(eq(channel.id, e.id))
    expect(resolved).toMatchObject({ title: e.title })
    const activity = await db
      .select({ action: groupActivity.action, details: groupActivity.details })
      .from(groupActivity)
      .where(eq(groupActivity.ownerId, alice.id))
    expect(activity).toEqual([
      { action: 'import.applied', details: { format: 'opml', groups: 4, channels: 6 } },
    ])
  })

  it('creates new groups under free names when asked not to merge', async () => {
    const alice = await createActor(db, 'Alice')
    const x = demo('TraversyMedia')
    const long = 'L'.repeat(60)
    await seedAccount(alice, [], [{ name: 'Music' }, { name: 'Music (2)' }, { name: long }])
    const X = byId(x.id, 'X')
    const status = await applyModel(
      alice,
      model({
        groups: [folder('music', [X], [folder('Rock', [X])]), folder('MUSIC', [X]), folder(long)],
        channels: [X],
      }),
      { parentId: null, sameNames: 'new' },
    )
    expect(status.result).toMatchObject({ groupsCreated: 4, groupsMerged: 0, itemsPlaced: 3 })
    expect(shape(await treeOf(alice.id))).toEqual([
      'Music',
      'Music (2)',
      long,
      { 'music (3)': [x.id, { Rock: [x.id] }] },
      { 'MUSIC (4)': [x.id] },
      `${'L'.repeat(56)} (2)`,
    ])
  })

  it('puts the tree and the ungrouped channels into the chosen group', async () => {
    const alice = await createActor(db, 'Alice')
    const [a, b] = [demo('freecodecamp'), demo('BenEater')]
    const seeded = await seedAccount(alice, [a.id], [{ name: 'Inbox', items: [a.id] }])
    const A = byId(a.id, 'A')
    const B = byId(b.id, 'B')
    const status = await applyModel(
      alice,
      model({ groups: [folder('Sub', [B])], ungrouped: [item(B), item(A)], channels: [A, B] }),
      { parentId: seeded.group('Inbox'), sameNames: 'merge' },
    )
    expect(status.result).toMatchObject({ groupsCreated: 1, channelsAdded: 1, itemsPlaced: 2 })
    expect(shape(await treeOf(alice.id))).toEqual([{ Inbox: [a.id, b.id, { Sub: [b.id] }] }])
    const [activity] = await db
      .select({ groupId: groupActivity.groupId })
      .from(groupActivity)
      .where(eq(groupActivity.ownerId, alice.id))
    expect(activity?.groupId).toBe(seeded.group('Inbox'))
  })

  it('folds levels deeper than the limit into the deepest allowed group', async () => {
    const alice = await createActor(db, 'Alice')
    // A chain of GROUP_DEPTH_MAX - 1 groups: the imported top level lands at the limit.
    let spec: TreeSpec = { name: `Level ${GROUP_DEPTH_MAX - 1}` }
    for (let level = GROUP_DEPTH_MAX - 2; level >= 1; level -= 1) {
      spec = { name: `Level ${level}`, children: [spec] }
    }
    const seeded = await seedAccount(alice, [], [spec])
    const path = Array.from({ length: GROUP_DEPTH_MAX - 1 }, (_, at) => `Level ${at + 1}`).join('/')
    const [a, b, c] = [demo('TwoMinutePapers'), demo('Computerphile'), demo('CodingTech')]
    const A = byId(a.id)
    const B = byId(b.id)
    const C = byId(c.id)
    const file = model({
      groups: [folder('Top', [A], [folder('Middle', [B, A], [folder('Bottom', [C])])])],
      channels: [A, B, C],
    })
    const options: ImportOptions = { parentId: seeded.group(path), sameNames: 'merge' }
    const preview = await imports.createImport(db, alice, { model: file, fileName: null })
    const under = await imports.getImportPreview(db, alice, {
      importId: preview.importId,
      options,
    })
    expect(previewShape(under.groups)).toEqual([{ name: 'Top', exists: false, items: 3 }])
    expect(under.problems).toEqual([
      { line: null, code: 'tooDeep', input: 'Top / Middle' },
      { line: null, code: 'tooDeep', input: 'Top / Middle / Bottom' },
    ])
    // At the top level the same file fits.
    expect(preview.problems).toEqual([])

    await imports.startImport(db, alice, { importId: preview.importId, options })
    await runJobs()
    let deepest = await treeOf(alice.id)
    for (let level = 1; level < GROUP_DEPTH_MAX; level += 1)
      deepest = must(deepest[0], 'level').groups
    expect(shape(deepest)).toEqual([{ Top: [a.id, b.id, c.id] }])
  })

  it('fills new entries with a backup’s alias, notes and tags, and only the empty fields of existing ones', async () => {
    const alice = await createActor(db, 'Alice')
    const [x, y] = [demo('Vsauce'), demo('smartereveryday')]
    await seedAccount(alice, [x.id], [])
    await db
      .update(libraryEntry)
      .set({ notes: 'mine' })
      .where(and(eq(libraryEntry.userId, alice.id), eq(libraryEntry.channelId, x.id)))
    const X = byId(x.id, 'X', { alias: 'Xa', notes: 'theirs', tags: ['t'] })
    const Y = byId(y.id, 'Y', { alias: 'Ya', notes: 'n', tags: ['a', 'b'] })
    const status = await applyModel(
      alice,
      model({
        format: 'tubefold',
        groups: [folder('Science', [X, Y])],
        ungrouped: [{ kind: 'anime', key: 'GTEST0001' }],
        channels: [X, Y],
        animes: [
          {
            key: 'GTEST0001',
            slug: 'test-series',
            title: 'Test Series',
            posterUrl: 'https://evil.example/pixel.gif',
            extras: { alias: null, notes: 'watch', tags: ['later'] },
          },
        ],
      }),
    )
    expect(status.result).toMatchObject({ channelsAdded: 1, animesAdded: 1, itemsPlaced: 2 })
    const library = Object.fromEntries((await libraryOf(alice.id)).map((row) => [row.ref, row]))
    expect(library[x.id]).toMatchObject({ alias: 'Xa', notes: 'mine', tags: ['t'] })
    expect(library[y.id]).toMatchObject({ alias: 'Ya', notes: 'n', tags: ['a', 'b'] })
    expect(library.GTEST0001).toMatchObject({ alias: null, notes: 'watch', tags: ['later'] })
    // A file cannot plant images from any host in the shared catalogue.
    const [series] = await db.select().from(anime).where(eq(anime.id, 'GTEST0001'))
    expect(series).toMatchObject({ title: 'Test Series', slug: 'test-series', posterUrl: null })
  })

  it('keeps the file’s titles when YouTube is down and reports the handles it could not look up', async () => {
    const alice = await createActor(db, 'Alice')
    const unknown = madeUpIds(2, 11)
    const known = demo('3blue1brown')
    const [u0, u1] = unknown.map((id, at) => byId(id, `File title ${at}`))
    const K = byHandle(known.handle)
    youtube.setOptions({ failRate: 1 })
    const status = await applyModel(
      alice,
      model({
        groups: [folder('G', [must(u0, 'u0'), K, must(u1, 'u1')])],
        channels: [must(u0, 'u0'), K, must(u1, 'u1')],
      }),
    )
    expect(status).toMatchObject({
      state: 'done',
      result: {
        channelsAdded: 2,
        itemsPlaced: 2,
        notFound: [{ line: null, code: 'notChannel', input: `@${known.handle}` }],
      },
    })
    const titles = await db
      .select({ id: channel.id, title: channel.title, lastSyncedAt: channel.lastSyncedAt })
      .from(channel)
      .where(inArray(channel.id, unknown))
    expect(titles.sort((p, q) => p.title.localeCompare(q.title))).toEqual([
      { id: unknown[0], title: 'File title 0', lastSyncedAt: null },
      { id: unknown[1], title: 'File title 1', lastSyncedAt: null },
    ])
    expect(shape(await treeOf(alice.id))).toEqual([{ G: unknown }])
  })
})

/* The job: restarts, failures, progress */

describe('the import job', () => {
  it('resumes resolving after a restart without asking YouTube again', async () => {
    const alice = await createActor(db, 'Alice')
    const handles = ['scottmanley', 'physicsgirl'].map(demo)
    const real = ['minutephysics', 'RealEngineering', 'Wendoverproductions'].map(demo)
    const fake = madeUpIds(120, 21)
    const channels = [
      ...handles.map((row) => byHandle(row.handle)),
      ...real.map((row) => byId(row.id, 'Wrong title')),
      ...fake.map((id, at) => byId(id, `Made up ${at}`)),
    ]
    const preview = await imports.createImport(db, alice, {
      model: model({ groups: [folder('All', channels)], channels }),
      fileName: null,
    })
    await imports.startImport(db, alice, { importId: preview.importId, options: MERGE })

    // The process stops after two batches: the handles, then the first 50 ids.
    const controller = new AbortController()
    let batches = 0
    const stopping = {
      signal: controller.signal,
      extendLease: async () => {
        batches += 1
        if (batches === 2) controller.abort()
      },
    }
    await expect(imports.runImport(db, preview.importId, stopping)).rejects.toThrow(/stopped/)
    const [midway] = await db
      .select({
        state: dataImport.state,
        done: dataImport.done,
        total: dataImport.total,
        resolved: dataImport.resolved,
      })
      .from(dataImport)
      .where(eq(dataImport.id, preview.importId))
    expect(midway).toMatchObject({ state: 'resolving', done: 52, total: 125 })
    expect(Object.keys(must(midway, 'row').resolved ?? {})).toHaveLength(52)
    expect(await imports.getImportStatus(db, alice, { importId: preview.importId })).toMatchObject({
      state: 'resolving',
      done: 52,
      total: 125,
    })
    expect((await rowsOf(alice.id)).groups).toBe(0)
    const firstRun = youtube.apiCalls().length

    // The job's next run (the runner's, as after a restart) carries on from there.
    await runJobs()

    const status = await imports.getImportStatus(db, alice, { importId: preview.importId })
    expect(status).toMatchObject({ state: 'done', done: 125, total: 125 })
    expect(status.result).toMatchObject({ channelsAdded: 125, itemsPlaced: 125, notFound: [] })
    const calls = youtube.apiCalls()
    expect(firstRun).toBe(3)
    expect(calls).toHaveLength(5)
    const asked = calls.flatMap((call) => (call.params.id ?? '').split(',').filter(Boolean))
    expect(new Set(asked).size).toBe(asked.length)
    expect(calls.filter((call) => call.params.forHandle !== undefined)).toHaveLength(2)
    // Ids YouTube knew carry its facts; the made-up ones the file's titles.
    const rows = await db
      .select({ id: channel.id, title: channel.title })
      .from(channel)
      .where(inArray(channel.id, [...real.map((row) => row.id), must(fake[0], 'fake')]))
    expect(Object.fromEntries(rows.map((row) => [row.id, row.title]))).toEqual({
      ...Object.fromEntries(real.map((row) => [row.id, row.title])),
      [must(fake[0], 'fake')]: 'Made up 0',
    })
    const [tree] = await treeOf(alice.id)
    expect(tree?.items).toEqual([
      ...handles.map((row) => row.id),
      ...real.map((row) => row.id),
      ...fake,
    ])
  })

  it('applies all or nothing: a failure half-way leaves nothing, and the retry or the last attempt end cleanly', async () => {
    const alice = await createActor(db, 'Alice')
    const ids = madeUpIds(30, 31)
    const channels = ids.map((id, at) => byId(id, `Half ${at}`))
    const file = model({ groups: [folder('Half', channels, [folder('Way')])], channels })
    setYoutubeForTests(
      createYoutubeClient({ apiBaseUrl: youtube.apiBaseUrl, webBaseUrl: youtube.webBaseUrl }),
    )
    // Items are written after the catalogue, the library and the groups.
    await db.execute(sql`create function fail_items() returns trigger language plpgsql as $$
      begin raise exception 'disk full (test)'; end $$`)
    await db.execute(
      sql`create trigger fail_items before insert on group_item for each statement execute function fail_items()`,
    )
    const before = await rowsOf(alice.id)
    try {
      const first = await imports.createImport(db, alice, { model: file, fileName: null })
      await imports.startImport(db, alice, { importId: first.importId, options: MERGE })
      expect(await runJobs()).toMatchObject({ ran: 1, retried: 1 })

      expect(await rowsOf(alice.id)).toEqual(before)
      expect(await db.select().from(channel).where(inArray(channel.id, ids))).toEqual([])
      expect(await imports.getImportStatus(db, alice, { importId: first.importId })).toMatchObject({
        state: 'applying',
        result: null,
        error: null,
      })

      // Still failing on every attempt: the last one fails the import for good.
      for (let attempt = 2; attempt <= imports.IMPORT_JOB_ATTEMPTS; attempt += 1) {
        await dueNow()
        await runJobs()
      }
      expect(await imports.getImportStatus(db, alice, { importId: first.importId })).toMatchObject({
        state: 'failed',
        error: 'errors.internal',
        result: null,
      })
      expect(await rowsOf(alice.id)).toEqual(before)

      // A second import fails once, then the retry (the fault gone) applies it once.
      const second = await imports.createImport(db, alice, { model: file, fileName: null })
      await imports.startImport(db, alice, { importId: second.importId, options: MERGE })
      expect(await runJobs()).toMatchObject({ retried: 1 })
      await db.execute(sql`drop trigger fail_items on group_item`)
      await dueNow()
      expect(await runJobs()).toMatchObject({ done: 1 })
      expect(await imports.getImportStatus(db, alice, { importId: second.importId })).toMatchObject(
        { state: 'done', result: { groupsCreated: 2, channelsAdded: 30, itemsPlaced: 30 } },
      )
      expect(shape(await treeOf(alice.id))).toEqual([{ Half: [...ids, 'Way'] }])
      const activity = await db
        .select({ action: groupActivity.action })
        .from(groupActivity)
        .where(eq(groupActivity.ownerId, alice.id))
      expect(activity).toEqual([{ action: 'import.applied' }])
    } finally {
      await db.execute(sql`drop trigger if exists fail_items on group_item`)
      await db.execute(sql`drop function if exists fail_items()`)
    }
  })

  it('runs once when the job is delivered twice, and fails when the destination is gone', async () => {
    const alice = await createActor(db, 'Alice')
    const seeded = await seedAccount(alice, [], [{ name: 'Doomed' }])
    const sciShow = demo('SciShow').id
    const X = byId(sciShow, 'X')
    const done = await applyModel(alice, model({ groups: [folder('Once', [X])], channels: [X] }))
    expect(done.state).toBe('done')
    // A second delivery (a lease that ran out after the commit) changes nothing.
    await imports.runImport(db, done.importId, {
      signal: new AbortController().signal,
      extendLease: async () => {},
    })
    expect(shape(await treeOf(alice.id))).toEqual(['Doomed', { Once: [sciShow] }])

    const preview = await imports.createImport(db, alice, {
      model: model({ groups: [folder('Late', [X])], channels: [X] }),
      fileName: null,
    })
    await imports.startImport(db, alice, {
      importId: preview.importId,
      options: { parentId: seeded.group('Doomed'), sameNames: 'merge' },
    })
    await db.delete(group).where(eq(group.id, seeded.group('Doomed')))
    expect(await runJobs()).toMatchObject({ failed: 1 })
    expect(await imports.getImportStatus(db, alice, { importId: preview.importId })).toMatchObject({
      state: 'failed',
      error: 'organiser.error.groupNotFound',
    })
  })

  it('lists, cancels and refuses to start twice', async () => {
    const alice = await createActor(db, 'Alice')
    const X = byId(demo('standupmaths').id, 'X')
    const file = model({ channels: [X], ungrouped: [item(X)] })
    const kept = await imports.createImport(db, alice, { model: file, fileName: 'a.txt' })
    const queued = await imports.createImport(db, alice, { model: file, fileName: 'b.txt' })
    const dropped = await imports.createImport(db, alice, { model: file, fileName: 'c.txt' })
    await imports.startImport(db, alice, { importId: queued.importId, options: MERGE })
    expect(
      await codeOf(imports.startImport(db, alice, { importId: queued.importId, options: MERGE })),
    ).toBe('IMPORT_ALREADY_STARTED')
    expect(await imports.cancelImport(db, alice, { importId: dropped.importId })).toMatchObject({
      state: 'cancelled',
    })
    expect(
      await codeOf(
        imports.getImportPreview(db, alice, { importId: dropped.importId, options: MERGE }),
      ),
    ).toBe('IMPORT_NOT_FOUND')
    expect((await imports.listImports(db, alice)).map((row) => row.fileName)).toEqual(['b.txt'])

    expect(await imports.cancelImport(db, alice, { importId: queued.importId })).toMatchObject({
      state: 'cancelled',
    })
    // Its job still runs, and does nothing.
    await runJobs()
    expect(await imports.getImportStatus(db, alice, { importId: queued.importId })).toMatchObject({
      state: 'cancelled',
    })
    expect((await rowsOf(alice.id)).entries).toBe(0)

    await imports.startImport(db, alice, { importId: kept.importId, options: MERGE })
    await runJobs()
    expect(await codeOf(imports.cancelImport(db, alice, { importId: kept.importId }))).toBe(
      'IMPORT_ALREADY_STARTED',
    )
    expect(await imports.listImports(db, alice)).toMatchObject([
      { fileName: 'a.txt', state: 'done', result: { channelsAdded: 1 } },
    ])
    // Finished more than an hour ago: no longer listed.
    await db
      .update(dataImport)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(dataImport.id, kept.importId))
    expect(await imports.listImports(db, alice)).toEqual([])
  })

  it('fails an import whose job is gone, and drops day-old previews', async () => {
    const alice = await createActor(db, 'Alice')
    const X = byId(demo('SteveMould').id, 'X')
    const file = model({ channels: [X] })
    const stuck = await imports.createImport(db, alice, { model: file, fileName: null })
    await imports.startImport(db, alice, { importId: stuck.importId, options: MERGE })
    // The worker died during its last attempt: the runner failed the job without the handler.
    await db.update(job).set({ state: 'failed' }).where(eq(job.singletonKey, stuck.importId))
    await db.update(dataImport).set({ state: 'applying' }).where(eq(dataImport.id, stuck.importId))
    expect(await imports.listImports(db, alice)).toMatchObject([
      { importId: stuck.importId, state: 'failed', error: 'errors.internal' },
    ])

    const old = await imports.createImport(db, alice, { model: file, fileName: null })
    await db
      .update(dataImport)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(dataImport.id, old.importId))
    await imports.createImport(db, alice, { model: file, fileName: null })
    expect(await codeOf(imports.getImportStatus(db, alice, { importId: old.importId }))).toBe(
      'IMPORT_NOT_FOUND',
    )
  })

  it('applies 20,000 channels: nested groups, and a flat half into the chosen group', async () => {
    const alice = await createActor(db, 'Alice')
    const seeded = await seedAccount(alice, [], [{ name: 'Inbox' }])
    // No API key: ids with titles need no lookups, so this measures the apply.
    setYoutubeForTests(
      createYoutubeClient({ apiBaseUrl: youtube.apiBaseUrl, webBaseUrl: youtube.webBaseUrl }),
    )
    const ids = madeUpIds(20_000, 99)
    const channels = ids.map((id, at) => byId(id, `Bulk ${at}`))
    const groups = Array.from({ length: 40 }, (_, at) =>
      folder(`Group ${at}`, channels.slice(at * 250, at * 250 + 125), [
        folder('Inner', channels.slice(at * 250 + 125, at * 250 + 250)),
      ]),
    )
    const ungrouped = channels.slice(10_000).map(item)
    const preview = await imports.createImport(db, alice, {
      model: model({ format: 'takeout-csv', groups, ungrouped, channels }),
      fileName: 'subscriptions.csv',
    })
    expect(preview.channels).toMatchObject({ total: 20_000, new: 20_000 })
    await imports.startImport(db, alice, {
      importId: preview.importId,
      options: { parentId: seeded.group('Inbox'), sameNames: 'merge' },
    })
    const started = performance.now()
    await imports.runImport(db, preview.importId, {
      signal: new AbortController().signal,
      extendLease: async () => {},
    })
    const ms = Math.round(performance.now() - started)
    process.stdout.write(`import: 20,000-channel run (lookups skipped + apply) took ${ms} ms\n`)
    await runJobs()

    const status = await imports.getImportStatus(db, alice, { importId: preview.importId })
    expect(status).toMatchObject({
      state: 'done',
      result: { groupsCreated: 80, channelsAdded: 20_000, itemsPlaced: 20_000 },
    })
    const [inbox] = await treeOf(alice.id)
    expect(inbox?.items).toEqual(ids.slice(10_000))
    expect(inbox?.groups).toHaveLength(40)
    expect(inbox?.groups[7]?.name).toBe('Group 7')
    expect(inbox?.groups[7]?.items).toEqual(ids.slice(1750, 1875))
    expect(inbox?.groups[39]?.groups[0]?.items).toEqual(ids.slice(9875, 10_000))
    const [catalogued] = await db
      .select({ value: count() })
      .from(channel)
      .where(sql`${channel.title} like 'Bulk %'`)
    expect(catalogued?.value).toBe(20_000)
  })
})

/* Authorization */

type FunctionKeys<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => unknown ? K : never
}[keyof T]

describe('authorization', () => {
  type World = {
    alice: Actor
    bob: Actor
    aliceImport: string
    aliceGroup: string
    bobImport: string
  }
  type Attempt =
    | { refused: ErrorCode; run: (w: World) => Promise<unknown> }
    | { scoped: (w: World) => Promise<unknown> }
  const X = byId(demo('NileRed').id, 'X')
  const file = model({ groups: [folder('Bob’s', [X])], channels: [X] })

  // One row per exported function: a new export without a row does not compile.
  const attempts: Record<FunctionKeys<typeof imports> | FunctionKeys<typeof exporter>, Attempt[]> =
    {
      createImport: [
        { scoped: (w) => imports.createImport(db, w.bob, { model: file, fileName: null }) },
      ],
      previewImportText: [
        {
          scoped: (w) =>
            imports.previewImportText(db, w.bob, {
              text: `https://www.youtube.com/channel/${demo('NileRed').id}`,
            }),
        },
      ],
      previewImportFile: [
        {
          scoped: (w) =>
            imports.previewImportFile(db, w.bob, {
              file: new File([`@${demo('NileRed').handle}\n`], 'list.txt'),
            }),
        },
      ],
      getImportPreview: [
        {
          refused: 'IMPORT_NOT_FOUND',
          run: (w) =>
            imports.getImportPreview(db, w.bob, { importId: w.aliceImport, options: MERGE }),
        },
        {
          refused: 'GROUP_NOT_FOUND',
          run: (w) =>
            imports.getImportPreview(db, w.bob, {
              importId: w.bobImport,
              options: { parentId: w.aliceGroup, sameNames: 'merge' },
            }),
        },
      ],
      startImport: [
        {
          refused: 'IMPORT_NOT_FOUND',
          run: (w) => imports.startImport(db, w.bob, { importId: w.aliceImport, options: MERGE }),
        },
        {
          refused: 'GROUP_NOT_FOUND',
          run: (w) =>
            imports.startImport(db, w.bob, {
              importId: w.bobImport,
              options: { parentId: w.aliceGroup, sameNames: 'new' },
            }),
        },
      ],
      getImportStatus: [
        {
          refused: 'IMPORT_NOT_FOUND',
          run: (w) => imports.getImportStatus(db, w.bob, { importId: w.aliceImport }),
        },
      ],
      listImports: [{ scoped: (w) => imports.listImports(db, w.bob) }],
      cancelImport: [
        {
          refused: 'IMPORT_NOT_FOUND',
          run: (w) => imports.cancelImport(db, w.bob, { importId: w.aliceImport }),
        },
      ],
      // The job acts for the import's owner: options aimed at someone else's group fail it.
      runImport: [
        {
          scoped: async (w) => {
            const preview = await imports.createImport(db, w.bob, { model: file, fileName: null })
            await db
              .update(dataImport)
              .set({ state: 'queued', options: { parentId: w.aliceGroup, sameNames: 'merge' } })
              .where(eq(dataImport.id, preview.importId))
            const code = await codeOf(
              imports.runImport(db, preview.importId, {
                signal: new AbortController().signal,
                extendLease: async () => {},
              }),
            )
            expect(code).toBe('GROUP_NOT_FOUND')
          },
        },
      ],
      loadExportModel: [
        {
          refused: 'GROUP_NOT_FOUND',
          run: (w) => exporter.loadExportModel(db, w.bob, { groupId: w.aliceGroup }),
        },
        { scoped: (w) => exporter.loadExportModel(db, w.bob, { groupId: null }) },
      ],
    }

  async function snapshot(alice: Actor, importId: string) {
    return {
      tree: await treeOf(alice.id),
      library: await libraryOf(alice.id),
      rows: await rowsOf(alice.id),
      status: await imports.getImportStatus(db, alice, { importId }),
    }
  }

  it('gives a second user "not found" for the first user’s imports and groups, function by function', async () => {
    const functions = (mod: object) =>
      Object.entries(mod)
        .filter(([, value]) => typeof value === 'function')
        .map(([key]) => key)
    expect(Object.keys(attempts).sort()).toEqual(
      [...functions(imports), ...functions(exporter)].sort(),
    )
    const alice = await createActor(db, 'Alice Secret')
    const bob = await createActor(db, 'Bob')
    const seeded = await seedAccount(
      alice,
      [demo('NileRed').id],
      [{ name: 'Secret group', items: [demo('NileRed').id] }],
    )
    const aliceImport = (
      await imports.createImport(db, alice, {
        model: model({ groups: [folder('Secret import', [X])], channels: [X] }),
        fileName: 'alice.opml',
      })
    ).importId
    const bobImport = (await imports.createImport(db, bob, { model: file, fileName: null }))
      .importId
    const world: World = {
      alice,
      bob,
      aliceImport,
      aliceGroup: seeded.group('Secret group'),
      bobImport,
    }
    const before = await snapshot(alice, aliceImport)

    for (const [name, list] of Object.entries(attempts)) {
      for (const attempt of list) {
        if ('refused' in attempt) {
          expect(`${name}: ${await codeOf(attempt.run(world))}`).toBe(`${name}: ${attempt.refused}`)
        } else {
          const answer = JSON.stringify((await attempt.scoped(world)) ?? null)
          expect(answer).not.toContain('Secret')
          expect(answer).not.toContain(aliceImport)
        }
      }
    }
    expect(await snapshot(alice, aliceImport)).toEqual(before)
    expect((await imports.listImports(db, bob)).every((row) => row.importId !== aliceImport)).toBe(
      true,
    )
  })
})
