import { describe, expect, it } from 'vitest'
import {
  contentRows,
  indexContents,
  rowTick,
  sortedExclusions,
  toggleRow,
} from './components/import-contents-model'
import { importModelViolations } from './formats/model-invariants'
import {
  contentsOf,
  exclusionsSchemaFor,
  NO_EXCLUSIONS,
  selection,
  selectModel,
} from './import-selection'
import type {
  ImportChannel,
  ImportExclusions,
  ImportGroup,
  ImportItemRef,
  ImportModel,
} from './transfer.schemas'

const ids = ['UCa', 'UCb', 'UCc', 'UCd', 'UCe'].map((id) => id.padEnd(24, 'x'))
const channel = (id: string, title: string): ImportChannel => ({
  key: `id:${id}`,
  ref: { kind: 'id', id },
  title,
  avatarUrl: null,
  extras: null,
})
const item = (index: number): ImportItemRef => ({ kind: 'channel', key: `id:${ids[index]}` })
const group = (name: string, items: ImportItemRef[], groups: ImportGroup[] = []): ImportGroup => ({
  name,
  description: '',
  icon: null,
  color: null,
  items,
  groups,
})

/*
 * Music (A, B) › Jazz (C) › Bebop (D); Science (B, E); in no group: the anime.
 * Pre-order: 0 Music, 1 Jazz, 2 Bebop, 3 Science.
 */
const model: ImportModel = {
  format: 'tubefold',
  groups: [
    group('Music', [item(0), item(1)], [group('Jazz', [item(2)], [group('Bebop', [item(3)])])]),
    group('Science', [item(1), item(4)]),
  ],
  ungrouped: [{ kind: 'anime', key: 'GRDV0019R' }],
  channels: [
    channel(ids[0] ?? '', 'Ärzte Radio'),
    channel(ids[1] ?? '', 'Both'),
    channel(ids[2] ?? '', 'Coltrane'),
    channel(ids[3] ?? '', 'Parker'),
    channel(ids[4] ?? '', 'Veritasium'),
  ],
  animes: [
    {
      key: 'GRDV0019R',
      slug: 'jujutsu-kaisen',
      title: 'Jujutsu Kaisen',
      posterUrl: null,
      extras: null,
    },
  ],
  problems: [],
}
const contents = contentsOf(model)
const exclude = (patch: Partial<ImportExclusions>): ImportExclusions => ({
  ...NO_EXCLUSIONS,
  ...patch,
})
const keys = (selected: ImportModel) => selected.channels.map((entry) => entry.title)
const names = (groups: ImportGroup[]): string[] =>
  groups.flatMap((entry) => [
    entry.name,
    ...names(entry.groups).map((name) => `${entry.name}/${name}`),
  ])

describe('the import selection', () => {
  it('lists the file compactly: groups in pre-order with their parent, items as indexes', () => {
    expect(contents.groups).toEqual([
      { parent: null, name: 'Music', channels: [0, 1], animes: [] },
      { parent: 0, name: 'Jazz', channels: [2], animes: [] },
      { parent: 1, name: 'Bebop', channels: [3], animes: [] },
      { parent: null, name: 'Science', channels: [1, 4], animes: [] },
    ])
    expect(contents.ungrouped).toEqual({ channels: [], animes: [0] })
    expect(contents.channels[0]).toEqual({ title: 'Ärzte Radio', ref: ids[0] })
  })

  it('keeps everything when nothing is unticked (the same model)', () => {
    expect(selectModel(model, NO_EXCLUSIONS)).toBe(model)
    expect(selection(contents, NO_EXCLUSIONS)).toMatchObject({ groups: 4, channels: 5, animes: 1 })
  })

  it('unticking a group unticks its subtree; its channels still come with another ticked group', () => {
    const selected = selectModel(model, exclude({ groups: [0] }))
    expect(names(selected.groups)).toEqual(['Science'])
    // B is in Science too; A, C and D were only in the Music subtree.
    expect(keys(selected)).toEqual(['Both', 'Veritasium'])
    expect(importModelViolations(selected)).toEqual([])
    expect(selection(contents, exclude({ groups: [0] }))).toMatchObject({
      groups: 1,
      channels: 2,
      animes: 1,
    })
  })

  it('unticking a nested group leaves its parent and keeps indexes in step after it', () => {
    const selected = selectModel(model, exclude({ groups: [1], channels: [4] }))
    expect(names(selected.groups)).toEqual(['Music', 'Science'])
    expect(selected.groups[1]?.items).toEqual([item(1)])
    expect(keys(selected)).toEqual(['Ärzte Radio', 'Both'])
    expect(importModelViolations(selected)).toEqual([])
  })

  it('an unticked channel comes from nowhere; unticked ungrouped items stay out', () => {
    const selected = selectModel(model, exclude({ channels: [1], ungrouped: true }))
    expect(keys(selected)).toEqual(['Ärzte Radio', 'Coltrane', 'Parker', 'Veritasium'])
    expect(selected.groups.flatMap((entry) => entry.items)).not.toContainEqual(item(1))
    expect(selected.animes).toEqual([])
    expect(selected.ungrouped).toEqual([])
    expect(importModelViolations(selected)).toEqual([])
  })

  it('refuses indexes the preview does not have', () => {
    const schema = exclusionsSchemaFor(contents)
    expect(schema.safeParse(exclude({ groups: [3], channels: [4], animes: [0] })).success).toBe(
      true,
    )
    for (const bad of [
      exclude({ groups: [4] }),
      exclude({ channels: [5] }),
      exclude({ animes: [1] }),
      exclude({ channels: [-1] }),
      exclude({ channels: [1.5] }),
    ]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})

describe('the preview list', () => {
  const index = indexContents(contents)
  const label = (row: ReturnType<typeof contentRows>[number]) =>
    row.kind === 'group'
      ? `# ${index.paths[row.group]}`
      : row.kind === 'ungrouped'
        ? '# —'
        : row.kind === 'channel'
          ? contents.channels[row.index]?.title
          : contents.animes[row.index]?.title

  it('shows each group by its path, then its items, then the items in no group', () => {
    expect(contentRows(index, '').map(label)).toEqual([
      '# Music',
      'Ärzte Radio',
      'Both',
      '# Music / Jazz',
      'Coltrane',
      '# Music / Jazz / Bebop',
      'Parker',
      '# Science',
      'Both',
      'Veritasium',
      '# —',
      'Jujutsu Kaisen',
    ])
  })

  it('searches titles and addresses case- and accent-insensitively, and group paths whole', () => {
    expect(contentRows(index, 'arzte').map(label)).toEqual(['# Music', 'Ärzte Radio'])
    expect(contentRows(index, 'both').map(label)).toEqual(['# Music', 'Both', '# Science', 'Both'])
    expect(contentRows(index, ids[4] ?? '').map(label)).toEqual(['# Science', 'Veritasium'])
    // A matching path shows all of the group; its children match by their path too.
    expect(contentRows(index, 'jazz').map(label)).toEqual([
      '# Music / Jazz',
      'Coltrane',
      '# Music / Jazz / Bebop',
      'Parker',
    ])
    expect(contentRows(index, 'jujutsu').map(label)).toEqual(['# —', 'Jujutsu Kaisen'])
    expect(contentRows(index, 'nothing like it')).toEqual([])
  })

  it('ticks follow the selection: under an unticked group everything is unticked and locked', () => {
    let exclusions = toggleRow({ kind: 'group', group: 0, depth: 1 }, NO_EXCLUSIONS)
    exclusions = toggleRow({ kind: 'channel', index: 4, group: 3 }, exclusions)
    const kept = selection(contents, exclusions)
    const tick = (row: ReturnType<typeof contentRows>[number]) =>
      rowTick(row, contents, exclusions, kept)
    expect(tick({ kind: 'group', group: 0, depth: 1 })).toEqual({ checked: false, disabled: false })
    expect(tick({ kind: 'group', group: 2, depth: 3 })).toEqual({ checked: false, disabled: true })
    expect(tick({ kind: 'channel', index: 1, group: 0 })).toEqual({
      checked: false,
      disabled: true,
    })
    expect(tick({ kind: 'channel', index: 1, group: 3 })).toEqual({
      checked: true,
      disabled: false,
    })
    expect(tick({ kind: 'channel', index: 4, group: 3 })).toEqual({
      checked: false,
      disabled: false,
    })
    expect(kept).toMatchObject({ groups: 1, channels: 1, animes: 1 })
    // Ticking again undoes it.
    const back = toggleRow({ kind: 'group', group: 0, depth: 1 }, exclusions)
    expect(sortedExclusions(back)).toEqual(exclude({ channels: [4] }))
  })

  it('lists and searches 20,000 channels quickly enough for a keystroke', () => {
    const many = Array.from({ length: 20_000 }, (_, at) =>
      channel(`UC${String(at).padStart(22, '0')}`, `Channel ${at}`),
    )
    const big = contentsOf({
      ...model,
      groups: [],
      animes: [],
      channels: many,
      ungrouped: many.map((entry) => ({ kind: 'channel' as const, key: entry.key })),
    })
    const bigIndex = indexContents(big)
    expect(contentRows(bigIndex, '')).toHaveLength(20_001)
    expect(contentRows(bigIndex, 'channel 1999')).toHaveLength(1 + 11)
    const out = Array.from({ length: 5000 }, (_, at) => at * 4)
    expect(selection(big, exclude({ channels: out })).channels).toBe(15_000)
  })
})
