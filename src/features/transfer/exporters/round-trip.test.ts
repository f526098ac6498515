import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ExportFormat } from '~/config/formats'
import { AppError } from '~/lib/app-error'
import { parseImport } from '../formats/parse-import'
import type {
  ExportGroup,
  ExportModel,
  ImportGroup,
  ImportItemRef,
  ImportModel,
} from '../transfer.schemas'
import { exportBytes, exportFileName } from './export-file'
import { channelIdsOf, joinPath, walkGroups } from './export-helpers'
import { exportModelArbitrary } from './export-models.fixtures'

/*
 * Export → import, through the real parsers and the file names users get:
 * the backup gives back the identical library; the other formats keep what
 * they can carry (every group by path, every channel in its groups).
 */

const RUNS = 150

async function reimport(format: ExportFormat, model: ExportModel): Promise<ImportModel> {
  const bytes = await exportBytes(format, model)
  const fileName = exportFileName(format, { scopeName: null, date: new Date(model.exportedAt) })
  return parseImport(bytes, fileName)
}

async function expectEmpty(format: ExportFormat, model: ExportModel): Promise<void> {
  const failure = await reimport(format, model).then(
    () => null,
    (error: unknown) => error,
  )
  expect(failure).toBeInstanceOf(AppError)
  expect(failure instanceof AppError ? failure.code : null).toBe('IMPORT_EMPTY')
}

/* Both sides as comparable values: channels by YouTube id, animes by series id. */

function importItems(model: ImportModel): (ref: ImportItemRef) => string {
  const ids = new Map(
    model.channels.map((channel) => [
      channel.key,
      channel.ref.kind === 'id' ? channel.ref.id : channel.key,
    ]),
  )
  return (ref) =>
    ref.kind === 'channel' ? `channel:${ids.get(ref.key) ?? ref.key}` : `anime:${ref.key}`
}

type Tree = {
  name: string
  description: string
  icon: string | null
  color: string | null
  groups: Tree[]
  items: string[]
}

function exportTree(groups: readonly ExportGroup[]): Tree[] {
  return groups.map((group) => ({
    name: group.name,
    description: group.description,
    icon: group.icon,
    color: group.color,
    groups: exportTree(group.groups),
    items: group.items.map((item) => `${item.kind}:${item.id}`),
  }))
}

function importTree(groups: readonly ImportGroup[], item: (ref: ImportItemRef) => string): Tree[] {
  return groups.map((group) => ({
    name: group.name,
    description: group.description,
    icon: group.icon,
    color: group.color,
    groups: importTree(group.groups, item),
    items: group.items.map(item),
  }))
}

/** Every group in tree order as its path, with the channels placed directly in it. */
type Placement = { path: string; channels: string[] }

function exportPlacements(model: ExportModel): Placement[] {
  return [...walkGroups(model.groups)].map(({ group, path }) => ({
    path: joinPath(path),
    channels: channelIdsOf(group),
  }))
}

function importPlacements(model: ImportModel): Placement[] {
  const item = importItems(model)
  const out: Placement[] = []
  const walk = (groups: readonly ImportGroup[], parent: string[]) => {
    for (const group of groups) {
      const path = [...parent, group.name]
      out.push({
        path: joinPath(path),
        channels: group.items
          .filter((ref) => ref.kind === 'channel')
          .map((ref) => item(ref).slice('channel:'.length)),
      })
      walk(group.groups, path)
    }
  }
  walk(model.groups, [])
  return out
}

const ungroupedChannels = (model: ExportModel) =>
  model.ungrouped.filter((ref) => ref.kind === 'channel').map((ref) => ref.id)
const importUngroupedChannels = (model: ImportModel) =>
  model.ungrouped
    .filter((ref) => ref.kind === 'channel')
    .map((ref) => importItems(model)(ref).slice('channel:'.length))
/** The placements of the groups that hold a channel, themselves or below. */
function placementsWithChannels(model: ExportModel): Placement[] {
  const holding = exportPlacements(model)
    .filter((placement) => placement.channels.length > 0)
    .map((placement) => placement.path)
  return exportPlacements(model).filter((placement) =>
    holding.some((path) => path === placement.path || path.startsWith(`${placement.path} / `)),
  )
}

const placesChannels = (model: ExportModel) =>
  exportPlacements(model).some((placement) => placement.channels.length > 0)

describe('round trip through the importers (property)', () => {
  it('tubefold backup: the identical library', async () => {
    await fc.assert(
      fc.asyncProperty(exportModelArbitrary({ product: true }), async (model) => {
        if (model.groups.length === 0 && model.channels.length === 0 && model.animes.length === 0) {
          await expectEmpty('tubefold', model)
          return
        }
        const imported = await reimport('tubefold', model)
        expect(imported.format).toBe('tubefold')
        expect(imported.problems).toEqual([])
        const item = importItems(imported)
        expect(importTree(imported.groups, item)).toEqual(exportTree(model.groups))
        expect(imported.ungrouped.map(item)).toEqual(
          model.ungrouped.map((ref) => `${ref.kind}:${ref.id}`),
        )
        expect(
          imported.channels.map((channel) => ({
            id: channel.ref.kind === 'id' ? channel.ref.id : channel.key,
            title: channel.title,
            avatarUrl: channel.avatarUrl,
            extras: channel.extras,
          })),
        ).toEqual(
          model.channels.map((channel) => ({
            id: channel.id,
            title: channel.title,
            avatarUrl: channel.avatarUrl,
            extras: channel.extras,
          })),
        )
        expect(
          imported.animes.map(({ key, slug, title, posterUrl, extras }) => ({
            id: key,
            slug,
            title,
            posterUrl,
            extras,
          })),
        ).toEqual(
          model.animes.map(({ id, slug, title, posterUrl, extras }) => ({
            id,
            slug,
            title,
            posterUrl,
            extras,
          })),
        )
      }),
      { numRuns: RUNS },
    )
  })

  it('opml: every group (nested, by path) and every channel in its place', async () => {
    await fc.assert(
      fc.asyncProperty(exportModelArbitrary({ product: true }), async (model) => {
        if (!placesChannels(model) && ungroupedChannels(model).length === 0) {
          await expectEmpty('opml', model)
          return
        }
        const imported = await reimport('opml', model)
        expect(imported.format).toBe('opml')
        expect(imported.problems).toEqual([])
        expect(importPlacements(imported)).toEqual(exportPlacements(model))
        expect(importUngroupedChannels(imported)).toEqual(ungroupedChannels(model))
        expect(imported.animes).toEqual([])
      }),
      { numRuns: RUNS },
    )
  })

  it('piped: every group (by path) and every grouped channel', async () => {
    await fc.assert(
      fc.asyncProperty(exportModelArbitrary({ product: true, noSlash: true }), async (model) => {
        if (!placesChannels(model)) {
          await expectEmpty('piped', model)
          return
        }
        const imported = await reimport('piped', model)
        expect(imported.format).toBe('piped')
        expect(imported.problems).toEqual([])
        // Groups that only hold groups are rebuilt from their children's paths, in place.
        expect(importPlacements(imported)).toEqual(exportPlacements(model))
        // Piped has no place for ungrouped channels.
        expect(imported.ungrouped).toEqual([])
      }),
      { numRuns: RUNS },
    )
  })

  it('freetube: every group holding channels (by path), each in its place, the rest ungrouped', async () => {
    await fc.assert(
      fc.asyncProperty(exportModelArbitrary({ product: true, noSlash: true }), async (model) => {
        if (model.channels.length === 0) {
          await expectEmpty('freetube', model)
          return
        }
        const imported = await reimport('freetube', model)
        expect(imported.format).toBe('freetube')
        expect(imported.problems).toEqual([])
        // No empty profiles: a group comes back when it or a descendant holds a channel.
        expect(importPlacements(imported)).toEqual(placementsWithChannels(model))
        expect(importUngroupedChannels(imported)).toEqual(ungroupedChannels(model))
      }),
      { numRuns: RUNS },
    )
  })

  it('csv: every placement (groups without channels cannot be written)', async () => {
    await fc.assert(
      fc.asyncProperty(exportModelArbitrary({ product: true, noSlash: true }), async (model) => {
        if (!placesChannels(model) && ungroupedChannels(model).length === 0) return
        const imported = await reimport('csv', model)
        expect(imported.format).toBe('takeout-csv')
        expect(imported.problems).toEqual([])
        // A group is written when it or a descendant holds a channel.
        expect(importPlacements(imported)).toEqual(placementsWithChannels(model))
        expect(importUngroupedChannels(imported)).toEqual(ungroupedChannels(model))
      }),
      { numRuns: RUNS },
    )
  })

  it('newpipe: every channel, once', async () => {
    await fc.assert(
      fc.asyncProperty(exportModelArbitrary({ product: true }), async (model) => {
        if (model.channels.length === 0) return
        const imported = await reimport('newpipe', model)
        expect(imported.format).toBe('newpipe-json')
        expect(imported.problems).toEqual([])
        expect(importUngroupedChannels(imported)).toEqual(
          model.channels.map((channel) => channel.id),
        )
      }),
      { numRuns: RUNS },
    )
  })

  // A SQLite database and a zip per run: fewer runs, a longer budget.
  it('newpipe database: every group (by path), every channel in its groups, the rest ungrouped', {
    timeout: 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(exportModelArbitrary({ product: true, noSlash: true }), async (model) => {
        if (model.channels.length === 0) {
          await expectEmpty('newpipe-zip', model)
          return
        }
        const imported = await reimport('newpipe-zip', model)
        expect(imported.format).toBe('newpipe-zip')
        expect(imported.problems).toEqual([])
        // NewPipe keeps no order inside a group: its members come back in library order.
        const rank = new Map(model.channels.map((channel, index) => [channel.id, index]))
        const inLibraryOrder = exportPlacements(model).map((placement) => ({
          path: placement.path,
          channels: placement.channels.toSorted((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0)),
        }))
        expect(importPlacements(imported)).toEqual(inLibraryOrder)
        expect(importUngroupedChannels(imported)).toEqual(ungroupedChannels(model))
        expect(
          imported.channels.map((channel) => [
            channel.ref.kind === 'id' && channel.ref.id,
            channel.title,
          ]),
        ).toEqual(model.channels.map((channel) => [channel.id, channel.title]))
      }),
      { numRuns: 50 },
    )
  })
})
