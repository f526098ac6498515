import { describe, expect, it } from 'vitest'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import {
  byHandle,
  byId,
  demo,
  folder,
  item,
  madeUpIds,
  model,
  previewShape,
  rowsOf,
  seedAccount,
} from '../../../tests/support/transfer-world'
import { createImport, getImportPreview } from './import-preview.server'
import { getImportStatus } from './imports.server'

/*
 * The preview against a real database: what the screen shows for a model
 * under each option, and that reading it writes nothing of the user's.
 * Models are built by hand: the parsers have their own tests.
 */

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

    const preview = await createImport(db, alice, { model: file, fileName: 'subs.opml' })

    expect(preview).toMatchObject({
      format: 'opml',
      fileName: 'subs.opml',
      groupCount: 4,
      // The handle and the three ids YouTube has not confirmed yet.
      channels: { total: 5, new: 3, inLibrary: 1, toResolve: 4 },
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

    const asNew = await getImportPreview(db, alice, {
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
    expect(await getImportStatus(db, alice, { importId: preview.importId })).toMatchObject({
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
    const preview = await createImport(db, alice, {
      model: model({ groups: [folder('news', [X]), folder('tech', [X])], channels: [X] }),
      fileName: null,
    })
    const under = await getImportPreview(db, alice, {
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
      await codeOf(createImport(db, alice, { model: model({ channels: [] }), fileName: null })),
    ).toBe('IMPORT_EMPTY')
    const many = madeUpIds(20_001, 3).map((id) => byId(id))
    expect(
      await codeOf(createImport(db, alice, { model: model({ channels: many }), fileName: null })),
    ).toBe('IMPORT_TOO_MANY')
  })
})
