import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dataImport, job } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import {
  byId,
  demo,
  item,
  MERGE,
  model,
  rowsOf,
  runJobs,
  setUpYoutubeFake,
} from '../../../tests/support/transfer-world'
import { createImport, getImportPreview } from './import-preview.server'
import { cancelImport, getImportStatus, listImports, startImport } from './imports.server'

/* An actor's imports after the preview: start, list, cancel, and the ones whose job is gone. */

setUpYoutubeFake()

describe('imports', () => {
  it('lists, cancels and refuses to start twice', async () => {
    const alice = await createActor(db, 'Alice')
    const X = byId(demo('standupmaths').id, 'X')
    const file = model({ channels: [X], ungrouped: [item(X)] })
    const kept = await createImport(db, alice, { model: file, fileName: 'a.txt' })
    const queued = await createImport(db, alice, { model: file, fileName: 'b.txt' })
    const dropped = await createImport(db, alice, { model: file, fileName: 'c.txt' })
    await startImport(db, alice, { importId: queued.importId, options: MERGE })
    expect(
      await codeOf(startImport(db, alice, { importId: queued.importId, options: MERGE })),
    ).toBe('IMPORT_ALREADY_STARTED')
    expect(await cancelImport(db, alice, { importId: dropped.importId })).toMatchObject({
      state: 'cancelled',
    })
    expect(
      await codeOf(getImportPreview(db, alice, { importId: dropped.importId, options: MERGE })),
    ).toBe('IMPORT_NOT_FOUND')
    expect((await listImports(db, alice)).map((row) => row.fileName)).toEqual(['b.txt'])

    expect(await cancelImport(db, alice, { importId: queued.importId })).toMatchObject({
      state: 'cancelled',
    })
    // Its job still runs, and does nothing.
    await runJobs()
    expect(await getImportStatus(db, alice, { importId: queued.importId })).toMatchObject({
      state: 'cancelled',
    })
    expect((await rowsOf(alice.id)).entries).toBe(0)

    await startImport(db, alice, { importId: kept.importId, options: MERGE })
    await runJobs()
    expect(await codeOf(cancelImport(db, alice, { importId: kept.importId }))).toBe(
      'IMPORT_ALREADY_STARTED',
    )
    expect(await listImports(db, alice)).toMatchObject([
      { fileName: 'a.txt', state: 'done', result: { channelsAdded: 1 } },
    ])
    // Finished more than an hour ago: no longer listed.
    await db
      .update(dataImport)
      .set({ updatedAt: sql`now() - interval '2 hours'` })
      .where(eq(dataImport.id, kept.importId))
    expect(await listImports(db, alice)).toEqual([])
  })

  it('fails an import whose job is gone, and drops day-old previews', async () => {
    const alice = await createActor(db, 'Alice')
    const X = byId(demo('SteveMould').id, 'X')
    const file = model({ channels: [X] })
    const stuck = await createImport(db, alice, { model: file, fileName: null })
    await startImport(db, alice, { importId: stuck.importId, options: MERGE })
    // The worker died during its last attempt: the runner failed the job without the handler.
    await db.update(job).set({ state: 'failed' }).where(eq(job.singletonKey, stuck.importId))
    await db.update(dataImport).set({ state: 'applying' }).where(eq(dataImport.id, stuck.importId))
    expect(await listImports(db, alice)).toMatchObject([
      { importId: stuck.importId, state: 'failed', error: 'errors.internal' },
    ])

    const old = await createImport(db, alice, { model: file, fileName: null })
    await db
      .update(dataImport)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(dataImport.id, old.importId))
    await createImport(db, alice, { model: file, fileName: null })
    expect(await codeOf(getImportStatus(db, alice, { importId: old.importId }))).toBe(
      'IMPORT_NOT_FOUND',
    )
  })
})
