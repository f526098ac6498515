import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dataImport, job } from '~/db/schema'
import { ERROR_MESSAGES } from '~/lib/app-error'
import { messages as en } from '~/lib/i18n/messages/en'
import { messages as es } from '~/lib/i18n/messages/es'
import { messages as pt } from '~/lib/i18n/messages/pt'
import { createActor } from '~/seed/factories/users.server'
import { errorOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import {
  byHandle,
  byId,
  demo,
  folder,
  item,
  libraryOf,
  MERGE,
  model,
  rowsOf,
  runJobs,
  setUpYoutubeFake,
  shape,
  treeOf,
} from '../../../tests/support/transfer-world'
import { createImport, getImportContents } from './import-preview.server'
import { NO_EXCLUSIONS } from './import-selection'
import { getImportStatus, startImport } from './imports.server'
import { type ImportExclusions, startImportSchema } from './transfer.schemas'

/*
 * Confirming with some of the preview unticked (decision 0054): only the
 * ticked part is written, in the same one job, and exclusions that do not
 * belong to the stored preview are refused before anything is queued.
 */

setUpYoutubeFake()

const a = demo('unboxtherapy')
const b = demo('JerryRigEverything')
const c = demo('austinevans')
const d = demo('Mrwhosetheboss')
const e = demo('ThePrimeagen')
const A = byId(a.id, 'A title')
const B = byId(b.id, 'B title')
const C = byId(c.id, 'C title')
const D = byId(d.id, 'D title')
const H = byHandle(e.handle)
/* Pre-order: 0 Music, 1 Rock, 2 Jazz, 3 Tech. Channels: 0 A, 1 B, 2 C, 3 D, 4 H. */
const file = model({
  groups: [
    folder('Music', [A, B], [folder('Rock', [C]), folder('Jazz', [D])]),
    folder('Tech', [B, H]),
  ],
  ungrouped: [],
  channels: [A, B, C, D, H],
})
const exclude = (patch: Partial<ImportExclusions>): ImportExclusions => ({
  ...NO_EXCLUSIONS,
  ...patch,
})

describe('import with some of it unticked', () => {
  it('lists the preview once, as indexes', async () => {
    const alice = await createActor(db, 'Alice')
    const preview = await createImport(db, alice, { model: file, fileName: 'f.opml' })
    const contents = await getImportContents(db, alice, { importId: preview.importId })
    expect(contents.groups.map((group) => [group.parent, group.name, group.channels])).toEqual([
      [null, 'Music', [0, 1]],
      [0, 'Rock', [2]],
      [0, 'Jazz', [3]],
      [null, 'Tech', [1, 4]],
    ])
    expect(contents.channels.map((channel) => channel.title)).toEqual([
      'A title',
      'B title',
      'C title',
      'D title',
      null,
    ])
    // Someone else's import is not there for them.
    const bob = await createActor(db, 'Bob')
    expect((await errorOf(getImportContents(db, bob, preview))).code).toBe('IMPORT_NOT_FOUND')
  })

  it('writes only what is ticked: a channel of an unticked group lands in its other group only', async () => {
    const alice = await createActor(db, 'Alice')
    const preview = await createImport(db, alice, { model: file, fileName: 'f.opml' })
    // Music unticked (with Rock and Jazz); the handle unticked in Tech.
    const status = await startImport(db, alice, {
      importId: preview.importId,
      options: MERGE,
      exclusions: exclude({ groups: [0], channels: [4] }),
    })
    expect(status.state).toBe('queued')
    await runJobs()
    expect(await getImportStatus(db, alice, preview)).toMatchObject({
      state: 'done',
      result: { groupsCreated: 1, channelsAdded: 1, itemsPlaced: 1, notFound: [], pending: 0 },
    })
    expect(shape(await treeOf(alice.id))).toEqual([{ Tech: [b.id] }])
    expect((await libraryOf(alice.id)).map((row) => row.ref)).toEqual([b.id])
  })

  it('keeps a parent when only a subgroup is unticked, and leaves out single channels', async () => {
    const alice = await createActor(db, 'Alice')
    const preview = await createImport(db, alice, { model: file, fileName: 'f.opml' })
    await startImport(db, alice, {
      importId: preview.importId,
      options: MERGE,
      exclusions: exclude({ groups: [1], channels: [0] }),
    })
    await runJobs()
    expect(shape(await treeOf(alice.id))).toEqual([
      { Music: [b.id, { Jazz: [d.id] }] },
      { Tech: [b.id, e.id] },
    ])
    const library = (await libraryOf(alice.id)).map((row) => row.ref).sort()
    expect(library).toEqual([b.id, d.id, e.id].sort())
  })

  it('refuses exclusions that are not this preview’s, with a translated error, writing nothing', async () => {
    const alice = await createActor(db, 'Alice')
    const bigger = model({
      groups: [folder('One', [A]), folder('Two', [B]), folder('Three', [C]), folder('Four', [D])],
      channels: [A, B, C, D, H],
      ungrouped: [item(H)],
    })
    // Indexes that are real in another (bigger) preview of the same user…
    await createImport(db, alice, { model: bigger, fileName: 'other.opml' })
    const small = model({ groups: [folder('Only', [A])], channels: [A] })
    const preview = await createImport(db, alice, { model: small, fileName: 'f.opml' })
    for (const tampered of [
      exclude({ groups: [3] }),
      exclude({ channels: [4] }),
      exclude({ animes: [0] }),
      exclude({ channels: [1_000_000] }),
    ]) {
      const error = await errorOf(
        startImport(db, alice, {
          importId: preview.importId,
          options: MERGE,
          exclusions: tampered,
        }),
      )
      expect(error.code).toBe('IMPORT_SELECTION_INVALID')
    }
    const key = ERROR_MESSAGES.IMPORT_SELECTION_INVALID
    for (const messages of [en, pt, es]) expect(messages[key]).toBeTruthy()
    // Unticking everything is refused too.
    const nothing = await errorOf(
      startImport(db, alice, {
        importId: preview.importId,
        options: MERGE,
        exclusions: exclude({ groups: [0] }),
      }),
    )
    expect(nothing.code).toBe('IMPORT_NOTHING_SELECTED')
    for (const messages of [en, pt, es]) {
      expect(messages[ERROR_MESSAGES.IMPORT_NOTHING_SELECTED]).toBeTruthy()
    }
    // Nothing written, nothing queued; the preview can still be confirmed.
    const [row] = await db
      .select({ state: dataImport.state, options: dataImport.options })
      .from(dataImport)
      .where(eq(dataImport.id, preview.importId))
    expect(row).toEqual({ state: 'preview', options: null })
    const queued = await db
      .select({ id: job.id })
      .from(job)
      .where(and(eq(job.singletonKey, preview.importId)))
    expect(queued).toEqual([])
    expect(await rowsOf(alice.id)).toEqual({ groups: 0, entries: 0, activity: 0 })
    await startImport(db, alice, { importId: preview.importId, options: MERGE })
    await runJobs()
    expect(shape(await treeOf(alice.id))).toEqual([{ Only: [a.id] }])
  })

  it('validates the shape at the door: integers, not too many', () => {
    const base = { importId: crypto.randomUUID(), options: MERGE }
    const parse = (exclusions: unknown) => startImportSchema.safeParse({ ...base, exclusions })
    expect(parse(exclude({ channels: [0, 2] })).success).toBe(true)
    expect(parse(exclude({ channels: [0.5] })).success).toBe(false)
    expect(parse(exclude({ groups: [-1] })).success).toBe(false)
    expect(parse({ groups: [], channels: [] }).success).toBe(false)
    expect(
      parse(exclude({ channels: Array.from({ length: 20_001 }, (_, at) => at) })).success,
    ).toBe(false)
  })
})
