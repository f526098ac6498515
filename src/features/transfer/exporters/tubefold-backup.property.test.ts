import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type BackupGroup, backupSchema } from '../formats/tubefold-backup.schemas'
import type { ExportGroup, ExportModel } from '../transfer.schemas'
import { chunked } from './export-helpers'
import { exportModelArbitrary } from './export-models.fixtures'
import { toTubefoldBackup } from './tubefold-backup'

/*
 * Any model, with any text in it (control characters, lone surrogates,
 * every script), written as a backup and read back through the published
 * schema, gives the same tree, items and extras.
 */

function treeOf(groups: readonly (ExportGroup | BackupGroup)[]): unknown[] {
  return groups.map((group) => ({
    name: group.name,
    description: group.description,
    icon: group.icon,
    color: group.color,
    groups: treeOf(group.groups),
    items: group.items.map((item) => `${item.kind}:${item.id}`),
  }))
}

function read(model: ExportModel) {
  return backupSchema.parse(JSON.parse([...toTubefoldBackup(model)].join('')))
}

describe('tubefold backup (property)', () => {
  it('parses with backupSchema and maps back to the model', () => {
    fc.assert(
      fc.property(exportModelArbitrary(), (model) => {
        const backup = read(model)
        expect(backup.format).toBe('tubefold-backup')
        expect(backup.version).toBe(1)
        expect(backup.exportedAt).toBe(model.exportedAt)
        expect(backup.scope).toBe(model.scope)
        expect(treeOf(backup.groups)).toEqual(treeOf(model.groups))
        expect(backup.ungrouped.map((item) => `${item.kind}:${item.id}`)).toEqual(
          model.ungrouped.map((item) => `${item.kind}:${item.id}`),
        )
        expect(backup.channels).toEqual(
          model.channels.map(({ extras, ...channel }) => ({ ...channel, ...extras })),
        )
        expect(backup.animes).toEqual(
          model.animes.map(({ extras, ...anime }) => ({ ...anime, ...extras })),
        )
      }),
      { numRuns: 300 },
    )
  })

  it('streams the same bytes whatever the chunk size', () => {
    fc.assert(
      fc.property(exportModelArbitrary(), fc.integer({ min: 1, max: 200 }), (model, size) => {
        const whole = [...toTubefoldBackup(model)].join('')
        expect([...chunked(toTubefoldBackup(model), size)].join('')).toBe(whole)
        expect(whole).toBe(`${JSON.stringify(JSON.parse(whole), null, 2)}\n`)
      }),
      { numRuns: 100 },
    )
  })
})
