import { describe, expect, it, vi } from 'vitest'
import type { GroupItem } from '~/features/groups/groups.schemas'
import { libraryEntryDto } from '../../../../tests/support/library-entry'
import {
  airingLine,
  buildSearchKeys,
  compactNumberFormat,
  dropAfterId,
  type EntryRow,
  filterRows,
  handleText,
  hasNewEpisode,
  pruneSelection,
  rowFromGroupItem,
  rowFromLibraryEntry,
  searchKey,
  selectRange,
  setAll,
  sortRows,
  stepAfterId,
  subscriberText,
  visibleCheckState,
} from './entry-list-model'

function row(overrides: Partial<EntryRow> & { id: string }): EntryRow {
  return {
    kind: 'channel',
    title: overrides.id,
    originalTitle: overrides.id,
    imageUrl: null,
    sourceId: `UC${overrides.id}`,
    handle: null,
    subscriberCount: null,
    hiddenSubscriberCount: false,
    tags: [],
    groupIds: [],
    addedAt: '2024-01-01T00:00:00.000Z',
    position: '',
    year: null,
    status: null,
    episodes: null,
    nextEpisode: null,
    nextAiringAt: null,
    latestEpisode: null,
    latestEpisodeAt: null,
    ...overrides,
  }
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

describe('searchKey', () => {
  it('lower-cases and strips diacritics', () => {
    expect(searchKey('Café CRÈME Ñandú')).toBe('cafe creme nandu')
  })

  it('folds compatibility forms', () => {
    expect(searchKey('ＴＥＣＨ')).toBe('tech')
  })

  it('keeps scripts without case as they are', () => {
    expect(searchKey('日本語チャンネル')).toContain('日本語')
  })
})

describe('filterRows', () => {
  const rows = [
    row({ id: 'a', title: 'Linus Tech Tips', handle: '@LinusTechTips', tags: ['hardware'] }),
    row({ id: 'b', title: 'Crème de la Crème', originalTitle: 'Creme Channel' }),
    row({ id: 'c', title: 'Marques Brownlee', handle: 'mkbhd', tags: ['phones', 'reviews'] }),
  ]
  const keys = buildSearchKeys(rows)
  const ids = (query: string) => filterRows(rows, keys, query).map((entry) => entry.id)

  it('returns every row for an empty or blank query', () => {
    expect(ids('')).toEqual(['a', 'b', 'c'])
    expect(ids('   ')).toEqual(['a', 'b', 'c'])
  })

  it('matches titles regardless of case and accents', () => {
    expect(ids('creme')).toEqual(['b'])
    expect(ids('CRÈME')).toEqual(['b'])
  })

  it('matches handles, tags and the original title', () => {
    expect(ids('mkbhd')).toEqual(['c'])
    expect(ids('@mkbhd')).toEqual(['c'])
    expect(ids('hardware')).toEqual(['a'])
    expect(ids('channel')).toEqual(['b'])
  })

  it('needs every word of the query, in any order', () => {
    expect(ids('tips linus')).toEqual(['a'])
    expect(ids('linus phones')).toEqual([])
  })

  it('filters 10,000 rows with one pass over the prebuilt keys', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      row({ id: `id${index}`, title: `Channel number ${index} Ünïcode`, tags: ['t'] }),
    )
    const manyKeys = buildSearchKeys(many)
    // The work a keystroke costs, counted: only the query is normalised, each key scanned once per word.
    const normalize = vi.spyOn(String.prototype, 'normalize')
    const includes = vi.spyOn(String.prototype, 'includes')
    let found: EntryRow[] = []
    let work = { normalized: 0, scanned: 0 }
    try {
      found = filterRows(many, manyKeys, 'unicode 9999')
      work = { normalized: normalize.mock.calls.length, scanned: includes.mock.calls.length }
    } finally {
      normalize.mockRestore()
      includes.mockRestore()
    }
    expect(found.map((entry) => entry.id)).toEqual(['id9999'])
    expect(work.normalized).toBe(1)
    expect(work.scanned).toBeLessThanOrEqual(2 * many.length)
  })
})

describe('sortRows', () => {
  const rows = [
    row({ id: '1', title: 'beta', position: 'a2', addedAt: '2024-03-01', subscriberCount: 10 }),
    row({ id: '2', title: 'Álpha', position: 'a0', addedAt: '2024-01-01', subscriberCount: null }),
    row({
      id: '3',
      title: 'gamma',
      position: 'a1',
      addedAt: '2024-02-01',
      subscriberCount: 5000,
      hiddenSubscriberCount: true,
    }),
    row({
      id: '4',
      title: 'Channel 10',
      position: 'Zz',
      addedAt: '2024-04-01',
      subscriberCount: 99,
    }),
    row({
      id: '5',
      title: 'Channel 9',
      position: 'a1V',
      addedAt: '2024-01-15',
      subscriberCount: 10,
    }),
  ]
  const order = (sort: Parameters<typeof sortRows>[1]) =>
    sortRows(rows, sort, collator).map((entry) => entry.id)

  it('manual follows positions in byte order (upper case before lower case)', () => {
    expect(order('manual')).toEqual(['4', '2', '3', '5', '1'])
  })

  it('name is alphabetical, accent-insensitive and numeric-aware', () => {
    expect(order('name')).toEqual(['2', '1', '5', '4', '3'])
  })

  it('added is newest first', () => {
    expect(order('added')).toEqual(['4', '1', '3', '5', '2'])
  })

  it('subscribers is largest first, ties by name, unknown and hidden last', () => {
    expect(order('subscribers')).toEqual(['4', '1', '5', '2', '3'])
  })

  it('does not mutate its input', () => {
    const copy = [...rows]
    sortRows(rows, 'name', collator)
    expect(rows).toEqual(copy)
  })
})

describe('selection', () => {
  const order = ['a', 'b', 'c', 'd', 'e']

  it('selects the range from the anchor to the target, both ways', () => {
    expect([...selectRange(order, new Set(['a']), 'b', 'd', true)].sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
    ])
    expect([...selectRange(order, new Set(), 'd', 'b', true)].sort()).toEqual(['b', 'c', 'd'])
  })

  it('clears a range when the target is being unchecked', () => {
    const next = selectRange(order, new Set(order), 'b', 'd', false)
    expect([...next].sort()).toEqual(['a', 'e'])
  })

  it('changes only the target when the anchor is not visible', () => {
    expect([...selectRange(order, new Set(), 'zz', 'c', true)]).toEqual(['c'])
    expect([...selectRange(order, new Set(), null, 'c', true)]).toEqual(['c'])
  })

  it('select all visible leaves hidden selected rows alone', () => {
    expect([...setAll(['a', 'b'], new Set(['z']), true)].sort()).toEqual(['a', 'b', 'z'])
    expect([...setAll(['a', 'b'], new Set(['a', 'z']), false)]).toEqual(['z'])
  })

  it('reports none, some or all of the visible rows', () => {
    expect(visibleCheckState(['a', 'b'], new Set())).toBe('none')
    expect(visibleCheckState(['a', 'b'], new Set(['z']))).toBe('none')
    expect(visibleCheckState(['a', 'b'], new Set(['a']))).toBe('some')
    expect(visibleCheckState(['a', 'b'], new Set(['a', 'b', 'z']))).toBe('all')
    expect(visibleCheckState([], new Set(['a']))).toBe('none')
  })

  it('prunes ids that disappeared, keeping the same set when nothing did', () => {
    const selected = new Set(['a', 'b'])
    expect(pruneSelection(selected, new Set(['a', 'b', 'c']))).toBe(selected)
    expect([...pruneSelection(selected, new Set(['b']))]).toEqual(['b'])
  })
})

describe('manual reorder', () => {
  const order = ['a', 'b', 'c', 'd']

  it('moves one step up or down', () => {
    expect(stepAfterId(order, 'c', -1)).toBe('a')
    expect(stepAfterId(order, 'b', -1)).toBeNull()
    expect(stepAfterId(order, 'b', 1)).toBe('c')
  })

  it('refuses to move past either end', () => {
    expect(stepAfterId(order, 'a', -1)).toBeUndefined()
    expect(stepAfterId(order, 'd', 1)).toBeUndefined()
    expect(stepAfterId(order, 'x', 1)).toBeUndefined()
  })

  it('drops before or after a target', () => {
    expect(dropAfterId(order, 'a', 'c', 'after')).toBe('c')
    expect(dropAfterId(order, 'd', 'a', 'before')).toBeNull()
    expect(dropAfterId(order, 'd', 'b', 'before')).toBe('a')
    expect(dropAfterId(order, 'a', 'd', 'before')).toBe('c')
  })

  it('ignores drops that change nothing', () => {
    expect(dropAfterId(order, 'b', 'b', 'after')).toBeUndefined()
    expect(dropAfterId(order, 'b', 'a', 'after')).toBeUndefined()
    expect(dropAfterId(order, 'b', 'c', 'before')).toBeUndefined()
  })
})

describe('display helpers', () => {
  it('shows subscriber counts compactly with at most three significant figures', () => {
    const compact = compactNumberFormat('en')
    const text = (subscriberCount: number | null, hidden = false) =>
      subscriberText({ subscriberCount, hiddenSubscriberCount: hidden }, compact, 'hidden')
    expect(text(1_234_567)).toBe('1.23M')
    expect(text(1_200_000)).toBe('1.2M')
    expect(text(999)).toBe('999')
    expect(text(45_600)).toBe('45.6K')
    expect(text(null)).toBeNull()
    expect(text(1000, true)).toBe('hidden')
  })

  it('uses the reader’s locale for compact numbers', () => {
    expect(compactNumberFormat('pt-BR').format(1_200_000)).toMatch(/1,2\s?mi/)
  })

  it('shows handles with one "@"', () => {
    expect(handleText('mkbhd')).toBe('@mkbhd')
    expect(handleText('@mkbhd')).toBe('@mkbhd')
  })
})

describe('anime airing', () => {
  const now = new Date('2026-11-22T12:00:00.000Z')
  const anime = (overrides: Partial<EntryRow>) => row({ id: 'x', kind: 'anime', ...overrides })
  const inThreeDays = '2026-11-25T12:00:00.000Z'

  it('gives a releasing anime its next episode and when', () => {
    expect(
      airingLine(
        anime({ status: 'RELEASING', nextEpisode: 8, nextAiringAt: inThreeDays, episodes: 12 }),
        now,
      ),
    ).toEqual({ kind: 'next', episode: 8, at: inThreeDays })
  })

  it('says only "airing" when the next airing is unknown or already past', () => {
    expect(airingLine(anime({ status: 'RELEASING' }), now)).toEqual({ kind: 'releasing' })
    expect(
      airingLine(
        anime({ status: 'RELEASING', nextEpisode: 8, nextAiringAt: '2026-11-22T11:59:00.000Z' }),
        now,
      ),
    ).toEqual({ kind: 'releasing' })
  })

  it('words the other statuses, with the episode count when finished', () => {
    expect(airingLine(anime({ status: 'FINISHED', episodes: 24 }), now)).toEqual({
      kind: 'finished',
      episodes: 24,
    })
    expect(airingLine(anime({ status: 'FINISHED' }), now)).toEqual({
      kind: 'finished',
      episodes: null,
    })
    // A premiere date does not turn "not yet aired" into an episode line.
    expect(
      airingLine(
        anime({ status: 'NOT_YET_RELEASED', nextEpisode: 1, nextAiringAt: inThreeDays }),
        now,
      ),
    ).toEqual({ kind: 'notYetAired' })
    expect(airingLine(anime({ status: 'HIATUS' }), now)).toEqual({ kind: 'hiatus' })
    expect(airingLine(anime({ status: 'CANCELLED' }), now)).toEqual({ kind: 'cancelled' })
  })

  it('says nothing for unknown statuses and channels', () => {
    expect(airingLine(anime({ status: null }), now)).toBeNull()
    expect(airingLine(anime({ status: 'SOMETHING_NEW' }), now)).toBeNull()
    expect(airingLine(row({ id: 'c', status: 'FINISHED', episodes: 3 }), now)).toBeNull()
  })

  it('marks an episode new for seven days after it aired', () => {
    const aired = (iso: string | null) => hasNewEpisode(anime({ latestEpisodeAt: iso }), now)
    expect(aired('2026-11-22T11:00:00.000Z')).toBe(true)
    expect(aired('2026-11-15T12:00:01.000Z')).toBe(true)
    expect(aired('2026-11-15T12:00:00.000Z')).toBe(false)
    expect(aired('2026-11-23T00:00:00.000Z')).toBe(false)
    expect(aired(null)).toBe(false)
    expect(hasNewEpisode(row({ id: 'c', latestEpisodeAt: '2026-11-22T11:00:00.000Z' }), now)).toBe(
      false,
    )
  })

  it('carries the airing facts from both DTOs into the row', () => {
    const airing = {
      status: 'RELEASING',
      episodes: 12,
      nextEpisode: 8,
      nextAiringAt: inThreeDays,
      latestEpisode: 7,
      latestEpisodeAt: '2026-11-18T12:00:00.000Z',
    }
    const entry = libraryEntryDto({
      ...airing,
      id: 'e',
      kind: 'anime',
      title: 'T',
      originalTitle: 'T',
      sourceId: 'G1',
      year: 2026,
      addedAt: '2026-01-01T00:00:00.000Z',
    })
    const item: GroupItem = {
      ...airing,
      entryId: 'e',
      kind: 'anime',
      position: 'a0',
      addedAt: '2026-01-01T00:00:00.000Z',
      title: 'T',
      originalTitle: 'T',
      imageUrl: null,
      sourceId: 'G1',
      handle: null,
      subscriberCount: null,
      hiddenSubscriberCount: false,
      tags: [],
    }
    expect(rowFromLibraryEntry(entry)).toMatchObject(airing)
    expect(rowFromGroupItem(item)).toMatchObject(airing)
  })
})
