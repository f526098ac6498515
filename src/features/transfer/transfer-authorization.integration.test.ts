import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dataImport } from '~/db/schema'
import type { ErrorCode } from '~/lib/app-error'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import {
  byId,
  demo,
  folder,
  libraryOf,
  MERGE,
  model,
  noStop,
  rowsOf,
  seedAccount,
  setUpYoutubeFake,
  treeOf,
} from '../../../tests/support/transfer-world'
import * as exporter from './export.server'
import * as applying from './import-apply.server'
import * as previews from './import-preview.server'
import * as imports from './imports.server'

/*
 * Every exported function of the import and export modules, called by a
 * second user against the first user's imports and groups: "not found", or
 * an answer scoped to the caller, and the first user's data untouched.
 */

setUpYoutubeFake()

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
  const attempts: Record<
    | FunctionKeys<typeof previews>
    | FunctionKeys<typeof imports>
    | FunctionKeys<typeof applying>
    | FunctionKeys<typeof exporter>,
    Attempt[]
  > = {
    createImport: [
      { scoped: (w) => previews.createImport(db, w.bob, { model: file, fileName: null }) },
    ],
    previewImportText: [
      {
        scoped: (w) =>
          previews.previewImportText(db, w.bob, {
            text: `https://www.youtube.com/channel/${demo('NileRed').id}`,
          }),
      },
    ],
    previewImportFile: [
      {
        scoped: (w) =>
          previews.previewImportFile(db, w.bob, {
            file: new File([`@${demo('NileRed').handle}\n`], 'list.txt'),
          }),
      },
    ],
    getImportPreview: [
      {
        refused: 'IMPORT_NOT_FOUND',
        run: (w) =>
          previews.getImportPreview(db, w.bob, { importId: w.aliceImport, options: MERGE }),
      },
      {
        refused: 'GROUP_NOT_FOUND',
        run: (w) =>
          previews.getImportPreview(db, w.bob, {
            importId: w.bobImport,
            options: { parentId: w.aliceGroup, sameNames: 'merge' },
          }),
      },
    ],
    getImportContents: [
      {
        refused: 'IMPORT_NOT_FOUND',
        run: (w) => previews.getImportContents(db, w.bob, { importId: w.aliceImport }),
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
          const preview = await previews.createImport(db, w.bob, { model: file, fileName: null })
          await db
            .update(dataImport)
            .set({ state: 'queued', options: { parentId: w.aliceGroup, sameNames: 'merge' } })
            .where(eq(dataImport.id, preview.importId))
          const code = await codeOf(applying.runImport(db, preview.importId, noStop()))
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
      [
        ...functions(previews),
        ...functions(imports),
        ...functions(applying),
        ...functions(exporter),
      ].sort(),
    )
    const alice = await createActor(db, 'Alice Secret')
    const bob = await createActor(db, 'Bob')
    const seeded = await seedAccount(
      alice,
      [demo('NileRed').id],
      [{ name: 'Secret group', items: [demo('NileRed').id] }],
    )
    const aliceImport = (
      await previews.createImport(db, alice, {
        model: model({ groups: [folder('Secret import', [X])], channels: [X] }),
        fileName: 'alice.opml',
      })
    ).importId
    const bobImport = (await previews.createImport(db, bob, { model: file, fileName: null }))
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
