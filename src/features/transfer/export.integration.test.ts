import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ExportFormat } from '~/config/formats'
import type { Database } from '~/db/client.server'
import { group, groupItem, libraryEntry } from '~/db/schema'
import { createYoutubeClient, setYoutubeForTests } from '~/features/catalogue/youtube.server'
import { DEMO_ANIMES } from '~/seed/factories/catalogue-fixtures'
import {
  addToLibrary,
  createTree,
  generateLargeAccount,
  upsertCatalogue,
} from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { demo, must, runJobs } from '../../../tests/support/transfer-world'
import * as exporter from './export.server'
import { exportBytes } from './exporters/export-file'
import { parseImport } from './formats/parse-import'
import { createImport } from './import-preview.server'
import { getImportStatus, startImport } from './imports.server'
import { loadSqlJs } from './sql-js'
import type { ExportModel } from './transfer.schemas'

/*
 * What an export reads, against a real database: order, scope, extras, a
 * constant number of queries, and files that import back into the same tree.
 */

const profileSchema = z.object({
  name: z.string(),
  subscriptions: z.array(z.object({ id: z.string(), thumbnail: z.string() })),
})

beforeAll(async () => {
  // Everything exported is already in the catalogue: no lookup may leave the machine.
  setYoutubeForTests(
    createYoutubeClient({ apiBaseUrl: 'http://127.0.0.1:9', webBaseUrl: 'http://127.0.0.1:9' }),
  )
})

afterAll(() => {
  setYoutubeForTests(undefined)
})

const [a, b, c, d, e] = ['mkbhd', 'Dave2D', 'ijustine', 'LofiGirl', 'RickBeato'].map((handle) =>
  demo(handle),
)
const series = must(DEMO_ANIMES[0], 'demo anime')

/** Alice: Tech (Phones inside) and Music, moved so positions, not insertion, give the order. */
async function seedAlice() {
  const alice = await createActor(db, 'Alice')
  const channels = [a, b, c, d, e].map((row) => must(row, 'demo channel'))
  await upsertCatalogue(db, {
    channels: channels.map((row) => ({
      id: row.id,
      title: row.title,
      handle: row.handle,
      avatarUrl: row.avatarUrl,
    })),
    animes: [
      { id: series.id, slug: series.slug, title: series.title, posterUrl: series.posterUrl },
    ],
  })
  const entries = await addToLibrary(db, alice.id, {
    channelIds: channels.map((row) => row.id),
    animeIds: [series.id],
  })
  const ids = (row: { id: string } | undefined) => must(row, 'channel').id
  const groups = await createTree(
    db,
    alice.id,
    [
      {
        name: 'Tech',
        icon: 'lucide:cpu',
        color: 'teal',
        description: 'Gadgets and code',
        items: [ids(a), ids(b)],
        children: [{ name: 'Phones', items: [ids(c), series.id] }],
      },
      { name: 'Music', icon: 'emoji:🎵', items: [ids(d), ids(a)] },
    ],
    entries,
  )
  const tech = must(groups.get('Tech'), 'Tech')
  await db
    .update(group)
    .set({ position: 'Zz' })
    .where(eq(group.id, must(groups.get('Music'), 'Music')))
  // b before a inside Tech.
  await db
    .update(groupItem)
    .set({ position: 'Zz' })
    .where(and(eq(groupItem.groupId, tech), eq(groupItem.entryId, must(entries.get(ids(b)), 'b'))))
  await db
    .update(libraryEntry)
    .set({ alias: 'Dave', notes: 'Best reviews', tags: ['tech', 'fav'] })
    .where(eq(libraryEntry.id, must(entries.get(ids(b)), 'b')))
  return { alice, tech }
}

/** A counter of statements built on the database: what "constant" is measured in. */
function counting(target: Database) {
  let calls = 0
  const watched = new Set(['execute', 'select', 'insert', 'update', 'delete', 'transaction'])
  const proxy = new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver)
      if (typeof value !== 'function' || !watched.has(String(property))) return value
      return (...args: unknown[]) => {
        calls += 1
        return Reflect.apply(value, object, args)
      }
    },
  })
  return { db: proxy, calls: () => calls }
}

function withoutDate(model: ExportModel) {
  const { exportedAt: _, ...rest } = model
  return rest
}

describe('loadExportModel', () => {
  it('exports the whole account in position order, ungrouped entries and extras included', async () => {
    const { alice } = await seedAlice()
    const model = await exporter.loadExportModel(db, alice, { groupId: null })
    const ch = (row: { id: string } | undefined) => ({ kind: 'channel', id: must(row, 'ch').id })
    expect(model.scope).toBe('account')
    expect(Number.isNaN(Date.parse(model.exportedAt))).toBe(false)
    expect(model.groups).toEqual([
      {
        name: 'Music',
        description: '',
        icon: 'emoji:🎵',
        color: null,
        groups: [],
        items: [ch(d), ch(a)],
      },
      {
        name: 'Tech',
        description: 'Gadgets and code',
        icon: 'lucide:cpu',
        color: 'teal',
        groups: [
          {
            name: 'Phones',
            description: '',
            icon: null,
            color: null,
            groups: [],
            items: [ch(c), { kind: 'anime', id: series.id }],
          },
        ],
        items: [ch(b), ch(a)],
      },
    ])
    expect(model.ungrouped).toEqual([ch(e)])
    // Seeded in one statement: same added time, so any order of the five is right.
    expect(model.channels.map((row) => row.id).sort()).toEqual(
      [a, b, c, d, e].map((row) => row?.id).sort(),
    )
    expect(model.channels.find((row) => row.id === b?.id)).toEqual({
      id: b?.id,
      title: b?.title,
      handle: b?.handle,
      avatarUrl: b?.avatarUrl,
      extras: { alias: 'Dave', notes: 'Best reviews', tags: ['tech', 'fav'] },
    })
    expect(model.animes).toEqual([
      {
        id: series.id,
        slug: series.slug,
        title: series.title,
        posterUrl: series.posterUrl,
        extras: { alias: null, notes: '', tags: [] },
      },
    ])
  })

  it('exports one group’s subtree with only the entries placed in it', async () => {
    const { alice, tech } = await seedAlice()
    const model = await exporter.loadExportModel(db, alice, { groupId: tech })
    expect(model.scope).toBe('group')
    expect(model.groups.map((node) => [node.name, node.groups.map((child) => child.name)])).toEqual(
      [['Tech', ['Phones']]],
    )
    expect(model.ungrouped).toEqual([])
    expect(model.channels.map((row) => row.id).sort()).toEqual(
      [a, b, c].map((row) => row?.id).sort(),
    )
    expect(model.animes.map((row) => row.id)).toEqual([series.id])
  })

  it('refuses someone else’s group and shows nothing of them in one’s own export', async () => {
    const { tech } = await seedAlice()
    const bob = await createActor(db, 'Bob')
    expect(await codeOf(exporter.loadExportModel(db, bob, { groupId: tech }))).toBe(
      'GROUP_NOT_FOUND',
    )
    expect(await codeOf(exporter.loadExportModel(db, bob, { groupId: randomUUID() }))).toBe(
      'GROUP_NOT_FOUND',
    )
    expect(withoutDate(await exporter.loadExportModel(db, bob, { groupId: null }))).toEqual({
      scope: 'account',
      groups: [],
      ungrouped: [],
      channels: [],
      animes: [],
    })
  })

  it('reads with the same number of statements whatever the size', async () => {
    const small = await createActor(db, 'Small')
    const large = await createActor(db, 'Large')
    await generateLargeAccount(db, small.id, { groups: 2, depth: 2, channels: 3, seed: 1 })
    const { groupIds } = await generateLargeAccount(db, large.id, {
      groups: 300,
      depth: 6,
      channels: 3000,
      seed: 2,
    })
    const counts: number[] = []
    for (const [actor, groupId] of [
      [small, null],
      [large, null],
      [large, must(groupIds[0], 'root group')],
    ] as const) {
      const counter = counting(db)
      const model = await exporter.loadExportModel(counter.db, actor, { groupId })
      expect(model.channels.length).toBeGreaterThan(0)
      counts.push(counter.calls())
    }
    const [smallAccount, largeAccount, subtree] = counts
    expect(largeAccount).toBe(smallAccount)
    expect(smallAccount).toBe(1)
    // The subtree adds the access check.
    expect(subtree).toBe(2)
    const model = await exporter.loadExportModel(db, large, { groupId: null })
    const placed = new Set<string>()
    const walk = (nodes: ExportModel['groups']): number =>
      nodes.reduce((sum, node) => {
        for (const item of node.items) placed.add(item.id)
        return sum + 1 + walk(node.groups)
      }, 0)
    expect(walk(model.groups)).toBe(300)
    expect(placed.size + model.ungrouped.length).toBe(3000)
  })
})

describe('round trip', () => {
  async function roundTrip(format: ExportFormat, source: ExportModel): Promise<ExportModel> {
    const carol = await createActor(db, 'Carol')
    const parsed = await parseImport(await exportBytes(format, source), `export.${format}`)
    const preview = await createImport(db, carol, { model: parsed, fileName: null })
    await startImport(db, carol, {
      importId: preview.importId,
      options: { parentId: null, sameNames: 'merge' },
    })
    await runJobs()
    expect(await getImportStatus(db, carol, { importId: preview.importId })).toMatchObject({
      state: 'done',
    })
    return exporter.loadExportModel(db, carol, { groupId: null })
  }

  it('imports a Tubefold backup into the identical account', async () => {
    const { alice } = await seedAlice()
    const source = await exporter.loadExportModel(db, alice, { groupId: null })
    expect(withoutDate(await roundTrip('tubefold', source))).toEqual(withoutDate(source))
  })

  it('keeps every group and channel through OPML', async () => {
    const { alice } = await seedAlice()
    const source = await exporter.loadExportModel(db, alice, { groupId: null })
    const back = await roundTrip('opml', source)
    type Shape = { name: string; channels: string[]; groups: Shape[] }
    const shape = (nodes: ExportModel['groups']): Shape[] =>
      nodes.map((node) => ({
        name: node.name,
        channels: node.items.filter((item) => item.kind === 'channel').map((item) => item.id),
        groups: shape(node.groups),
      }))
    expect(shape(back.groups)).toEqual(shape(source.groups))
    expect(back.channels.map((row) => row.id).sort()).toEqual(
      source.channels.map((row) => row.id).sort(),
    )
  })

  it("keeps every group and channel through NewPipe's database zip", async () => {
    const { alice } = await seedAlice()
    const source = await exporter.loadExportModel(db, alice, { groupId: null })
    const back = await roundTrip('newpipe-zip', source)
    // NewPipe keeps no order inside a group, and no animes.
    type Shape = { name: string; channels: string[]; groups: Shape[] }
    const shape = (nodes: ExportModel['groups']): Shape[] =>
      nodes.map((node) => ({
        name: node.name,
        channels: node.items
          .filter((item) => item.kind === 'channel')
          .map((item) => item.id)
          .sort(),
        groups: shape(node.groups),
      }))
    expect(shape(back.groups)).toEqual(shape(source.groups))
    expect(back.channels.map((row) => row.id).sort()).toEqual(
      source.channels.map((row) => row.id).sort(),
    )
  })
})

describe('avatars in peer files', () => {
  it('writes no data: address, only https ones or none (the demo catalogue draws avatars inline)', async () => {
    const { alice } = await seedAlice()
    const source = await exporter.loadExportModel(db, alice, { groupId: null })
    expect(source.channels.some((row) => row.avatarUrl?.startsWith('data:'))).toBe(true)

    const freetube = new TextDecoder().decode(await exportBytes('freetube', source))
    expect(freetube).not.toContain('data:')
    const profiles = freetube
      .trimEnd()
      .split('\n')
      .map((line) => profileSchema.parse(JSON.parse(line)))
    for (const profile of profiles) {
      expect(profile.subscriptions.length).toBeGreaterThan(0)
      for (const row of profile.subscriptions) expect(row.thumbnail).toMatch(/^(https:\/\/\S+)?$/)
    }
    // Music, Tech, Tech / Phones (one channel and an anime): no profile is empty.
    expect(profiles.map((profile) => profile.name)).toEqual([
      'All Channels',
      'Music',
      'Tech',
      'Tech / Phones',
    ])

    const zip = unzipSync(await exportBytes('newpipe-zip', source))
    const SQL = await loadSqlJs()
    const newpipe = new SQL.Database(zip['newpipe.db'])
    try {
      const avatars = (newpipe.exec('SELECT avatar_url FROM subscriptions')[0]?.values ?? []).map(
        ([value]) => value ?? null,
      )
      expect(avatars).toHaveLength(source.channels.length)
      for (const avatar of avatars) expect(String(avatar)).toMatch(/^(null|https:\/\/\S+)$/)
    } finally {
      newpipe.close()
    }
  })
})
