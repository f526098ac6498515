import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { channel, libraryEntry } from '~/db/schema'
import { addToLibrary } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { db } from '../../../tests/support/database'
import { personas, world } from '../../../tests/support/sharing-world'
import {
  applyModel,
  byId,
  demo,
  folder,
  libraryOf,
  madeUpIds,
  model,
  must,
  setUpYoutubeFake,
} from '../../../tests/support/transfer-world'
import { loadExportModel } from './export.server'
import { createImport, getImportPreview } from './import-preview.server'

/*
 * Issue 21, items 5–8: a member of a shared group never reads nor writes the
 * owner's private fields (alias, notes, tags) nor learns what else is in the
 * owner's library, and a file's text never reaches the catalogue every user
 * sees nor stops YouTube being asked.
 */

const youtube = setUpYoutubeFake()

async function setPrivate(
  userId: string,
  channelId: string,
  fields: { notes: string; tags: string[] },
) {
  await db
    .update(libraryEntry)
    .set(fields)
    .where(and(eq(libraryEntry.userId, userId), eq(libraryEntry.channelId, channelId)))
}

describe('export by a member', () => {
  it('carries none of the owner’s alias, notes or tags, but the exporter’s own', async () => {
    const w = await world()
    const { viewer } = await personas(w)
    const { c1, c2 } = w.channels
    await setPrivate(w.alice.id, c1, { notes: 'owner secret', tags: ['owner-tag'] })
    // The viewer tracks c1 too, with notes of their own.
    await addToLibrary(db, viewer.id, { channelIds: [c1] })
    await setPrivate(viewer.id, c1, { notes: 'viewer note', tags: ['mine'] })

    const exported = await loadExportModel(db, viewer, { groupId: w.clientA })
    const extrasOf = (id: string) =>
      must(
        exported.channels.find((row) => row.id === id),
        id,
      ).extras
    expect(extrasOf(c1)).toEqual({ alias: null, notes: 'viewer note', tags: ['mine'] })
    expect(extrasOf(c2)).toEqual({ alias: null, notes: '', tags: [] })
    expect(JSON.stringify(exported)).not.toMatch(/owner secret|owner-tag|My favourite/)

    // The owner's own export still has everything.
    const own = await loadExportModel(db, w.alice, { groupId: w.clientA })
    expect(
      must(
        own.channels.find((row) => row.id === c2),
        'c2',
      ).extras.alias,
    ).toBe('My favourite')
    expect(
      must(
        own.channels.find((row) => row.id === c1),
        'c1',
      ).extras,
    ).toEqual({
      alias: null,
      notes: 'owner secret',
      tags: ['owner-tag'],
    })
  })
})

describe('import by an editor into a shared group', () => {
  it('writes no private field of the owner, inside or outside the shared subtree', async () => {
    const w = await world()
    const { editor } = await personas(w)
    const { c1, c2, c5 } = w.channels
    const before = await libraryOf(w.alice.id)
    const fresh = demo('veritasium')
    const extras = { alias: 'Planted', notes: 'planted note', tags: ['planted'] }
    // c1 and c2 sit in the share (Client A), c5 only in Client B.
    const channels = [c1, c2, c5, fresh.id].map((id) => byId(id, 'Some title', extras))
    const status = await applyModel(
      editor,
      model({ groups: [folder('From Eddie', channels)], channels }),
      {
        parentId: w.clientA,
        sameNames: 'merge',
      },
    )
    expect(status.state).toBe('done')

    const after = await libraryOf(w.alice.id)
    for (const row of before) expect(after).toContainEqual(row)
    expect(after.find((row) => row.ref === fresh.id)).toEqual({
      ref: fresh.id,
      alias: null,
      notes: '',
      tags: [],
    })
    expect(JSON.stringify(after)).not.toMatch(/Planted|planted/)
  })
})

describe('import preview by an editor', () => {
  it('counts "already in your library" against the editor’s library, not the owner’s', async () => {
    const w = await world()
    const { editor } = await personas(w)
    const { c1, c5 } = w.channels
    const [mine] = madeUpIds(1, 2101)
    const own = must(mine, 'id')
    await db.insert(channel).values({ id: own, title: 'Eddie’s own' })
    await addToLibrary(db, editor.id, { channelIds: [own] })
    // c5 is the owner's, outside the share; c1 inside it; `own` is only the editor's.
    const channels = [byId(c1), byId(c5), byId(own)]
    const created = await createImport(db, editor, {
      model: model({ groups: [folder('X', channels)], channels }),
      fileName: null,
    })
    const preview = await getImportPreview(db, editor, {
      importId: created.importId,
      options: { parentId: w.clientA, sameNames: 'merge' },
    })
    expect(preview.channels).toEqual({ total: 3, new: 2, inLibrary: 1, toResolve: 0 })
  })
})

describe('the shared catalogue and a file’s titles', () => {
  it('keeps a file’s title to the importer and still asks YouTube for that id later', async () => {
    const mallory = await createActor(db, 'Mallory')
    const bob = await createActor(db, 'Bob')
    const target = demo('kurzgesagt')
    const [unknownId] = madeUpIds(1, 2102)
    const unknown = must(unknownId, 'id')
    const avatar = 'https://yt3.ggpht.com/planted.jpg'
    const poisoned = [
      { ...byId(target.id, 'Buy cheap pills here'), avatarUrl: avatar },
      byId(unknown, 'Official support, call now'),
    ]
    // YouTube is down while Mallory imports: nothing confirms the file's titles.
    youtube().setOptions({ failRate: 1 })
    expect((await applyModel(mallory, model({ channels: poisoned }))).state).toBe('done')
    youtube().setOptions({ failRate: 0 })

    const rows = await db.select().from(channel).where(eq(channel.id, target.id))
    expect(rows[0]).toMatchObject({ title: target.id, avatarUrl: null, confirmed: false })
    const [unknownRow] = await db.select().from(channel).where(eq(channel.id, unknown))
    expect(unknownRow).toMatchObject({ title: unknown, confirmed: false })
    // Only Mallory sees her file's names, as her own aliases.
    const mine = await libraryOf(mallory.id)
    expect(mine.find((row) => row.ref === target.id)?.alias).toBe('Buy cheap pills here')
    expect(mine.find((row) => row.ref === unknown)?.alias).toBe('Official support, call now')

    // Bob's import of the same ids asks YouTube again and shows him nothing of Mallory's.
    youtube().reset()
    expect(
      (await applyModel(bob, model({ channels: [byId(target.id), byId(unknown)] }))).state,
    ).toBe('done')
    const asked = youtube()
      .apiCalls()
      .flatMap((call) => (call.params.id ?? '').split(','))
    expect(asked).toContain(target.id)
    const [confirmed] = await db.select().from(channel).where(eq(channel.id, target.id))
    expect(confirmed).toMatchObject({ title: target.title, confirmed: true })
    const bobs = await db
      .select({
        channelId: libraryEntry.channelId,
        title: libraryEntry.displayTitle,
        alias: libraryEntry.alias,
      })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, bob.id))
    expect(bobs).toHaveLength(2)
    expect(JSON.stringify(bobs)).not.toMatch(/pills|call now/)
    expect(bobs.find((row) => row.channelId === target.id)?.title).toBe(target.title)
  })
})
