import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { channel, dataImport, dataImportResolved } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import {
  applyModel,
  byHandle,
  byId,
  demo,
  folder,
  libraryOf,
  MERGE,
  madeUpIds,
  model,
  must,
  rowsOf,
  runJobs,
  setUpYoutubeFake,
  shape,
  treeOf,
} from '../../../tests/support/transfer-world'
import { runImport } from './import-apply.server'
import { createImport } from './import-preview.server'
import { getImportStatus, startImport } from './imports.server'

/*
 * The job's look-ups against the real client pointed at a local fake of
 * YouTube: batches saved as they go, a restart that carries on, and
 * YouTube being down.
 */

const youtube = setUpYoutubeFake()

/** An import's saved findings with the transaction that wrote each row (changes on any rewrite). */
async function resolvedRows(importId: string) {
  return db
    .select({ key: dataImportResolved.key, xmin: sql<string>`xmin::text` })
    .from(dataImportResolved)
    .where(eq(dataImportResolved.importId, importId))
    .orderBy(dataImportResolved.key)
}

describe('lookups', () => {
  it('keeps the file’s titles when YouTube is down and keeps the handles it could not look up as pending', async () => {
    const alice = await createActor(db, 'Alice')
    const unknown = madeUpIds(2, 11)
    const known = demo('3blue1brown')
    const [u0, u1] = unknown.map((id, at) => byId(id, `File title ${at}`))
    const K = byHandle(known.handle)
    youtube().setOptions({ failRate: 1 })
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
        // Could not reach YouTube is never "not found" (decision 0049).
        notFound: [],
        lookedUp: 0,
        pending: 3,
        pendingReason: 'backendError',
      },
      pendingLeft: 3,
    })
    // The file's titles stay Alice's own aliases; the shared catalogue holds none of them.
    const titles = await db
      .select({
        id: channel.id,
        title: channel.title,
        confirmed: channel.confirmed,
        lastSyncedAt: channel.lastSyncedAt,
      })
      .from(channel)
      .where(inArray(channel.id, unknown))
    expect(titles.sort((p, q) => p.id.localeCompare(q.id))).toEqual(
      [...unknown].sort().map((id) => ({ id, title: id, confirmed: false, lastSyncedAt: null })),
    )
    const aliases = Object.fromEntries(
      (await libraryOf(alice.id)).map((row) => [row.ref, row.alias]),
    )
    expect(aliases).toEqual({
      [must(unknown[0], 'u0')]: 'File title 0',
      [must(unknown[1], 'u1')]: 'File title 1',
    })
    expect(shape(await treeOf(alice.id))).toEqual([{ G: unknown }])
  })

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
    const preview = await createImport(db, alice, {
      model: model({ groups: [folder('All', channels)], channels }),
      fileName: null,
    })
    await startImport(db, alice, { importId: preview.importId, options: MERGE })

    // The process stops after two batches: the handles, then the first 50 ids.
    const controller = new AbortController()
    let batches = 0
    // Each batch's saved findings, by the row version each row was written in (xmin).
    const savedAfter: { key: string; xmin: string }[][] = []
    const stopping = {
      signal: controller.signal,
      extendLease: async () => {
        batches += 1
        savedAfter.push(await resolvedRows(preview.importId))
        if (batches === 2) controller.abort()
      },
    }
    await expect(runImport(db, preview.importId, stopping)).rejects.toThrow(/stopped/)
    const [midway] = await db
      .select({ state: dataImport.state, done: dataImport.done, total: dataImport.total })
      .from(dataImport)
      .where(eq(dataImport.id, preview.importId))
    expect(midway).toMatchObject({ state: 'resolving', done: 52, total: 125 })
    // A batch appends its own rows: the first batch's two stay as they were written.
    expect(savedAfter.map((rows) => rows.length)).toEqual([2, 52])
    const [first, second] = savedAfter
    expect(second?.filter((row) => first?.some((old) => old.key === row.key))).toEqual(first)
    expect(await resolvedRows(preview.importId)).toEqual(second)
    expect(await getImportStatus(db, alice, { importId: preview.importId })).toMatchObject({
      state: 'resolving',
      done: 52,
      total: 125,
    })
    expect((await rowsOf(alice.id)).groups).toBe(0)
    const firstRun = youtube().apiCalls().length

    // The job's next run (the runner's, as after a restart) carries on from there.
    await runJobs()

    const status = await getImportStatus(db, alice, { importId: preview.importId })
    expect(status).toMatchObject({ state: 'done', done: 125, total: 125 })
    // Done: the findings are dropped with the file.
    expect(await resolvedRows(preview.importId)).toEqual([])
    expect(status.result).toMatchObject({ channelsAdded: 125, itemsPlaced: 125, notFound: [] })
    const calls = youtube().apiCalls()
    expect(firstRun).toBe(3)
    expect(calls).toHaveLength(5)
    const asked = calls.flatMap((call) => (call.params.id ?? '').split(',').filter(Boolean))
    expect(new Set(asked).size).toBe(asked.length)
    expect(calls.filter((call) => call.params.forHandle !== undefined)).toHaveLength(2)
    // Ids YouTube knew carry its facts; the made-up ones their id, the file's title as an alias.
    const rows = await db
      .select({ id: channel.id, title: channel.title })
      .from(channel)
      .where(inArray(channel.id, [...real.map((row) => row.id), must(fake[0], 'fake')]))
    expect(Object.fromEntries(rows.map((row) => [row.id, row.title]))).toEqual({
      ...Object.fromEntries(real.map((row) => [row.id, row.title])),
      [must(fake[0], 'fake')]: fake[0],
    })
    const aliases = Object.fromEntries(
      (await libraryOf(alice.id)).map((row) => [row.ref, row.alias]),
    )
    expect(aliases[must(fake[0], 'fake')]).toBe('Made up 0')
    for (const row of real) expect(aliases[row.id]).toBeNull()
    const [tree] = await treeOf(alice.id)
    expect(tree?.items).toEqual([
      ...handles.map((row) => row.id),
      ...real.map((row) => row.id),
      ...fake,
    ])
  })
})
