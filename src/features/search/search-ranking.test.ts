import { describe, expect, it } from 'vitest'
import { ancestorNames, foldForSearch, matchScore, rankMatches } from './search-ranking'

describe('foldForSearch', () => {
  it('folds case, accents, width and spaces', () => {
    expect(foldForSearch('  Música   AO Vivo ')).toBe('musica ao vivo')
    expect(foldForSearch('ＴＥＣＨ')).toBe('tech')
  })
})

describe('matchScore', () => {
  it('orders exact, prefix, word prefix, contains, then words across the path', () => {
    expect(matchScore('rock', 'Rock')).toBe(5)
    expect(matchScore('rock', 'Rockabilly')).toBe(4)
    expect(matchScore('rock', 'Hard Rock')).toBe(3)
    expect(matchScore('rock', 'Hardrock')).toBe(2)
    expect(matchScore('music rock', 'Hard Rock', ['Music'])).toBe(1)
    expect(matchScore('jazz', 'Hard Rock', ['Music'])).toBe(0)
  })

  it('ignores accents and case on both sides', () => {
    expect(matchScore('MUSICA', 'Música')).toBe(5)
    expect(matchScore('música', 'Musica ao vivo')).toBe(4)
  })

  it('matches nothing for a blank query', () => {
    expect(matchScore('   ', 'Anything')).toBe(0)
  })
})

describe('rankMatches', () => {
  const candidates = ['Tech reviews', 'Tech', 'Biotech', 'Music'].map((name) => ({
    item: name,
    name,
  }))

  it('keeps only matches, best first, cut to the limit', () => {
    expect(rankMatches('tech', candidates, 10)).toEqual(['Tech', 'Tech reviews', 'Biotech'])
    expect(rankMatches('tech', candidates, 2)).toEqual(['Tech', 'Tech reviews'])
  })

  it('breaks ties by the shorter name, then alphabetically', () => {
    const tied = ['Bb', 'Ab', 'A'].map((name) => ({ item: name, name: `x ${name}` }))
    expect(rankMatches('x', tied, 10)).toEqual(['A', 'Ab', 'Bb'])
  })
})

describe('ancestorNames', () => {
  it('gives each group the names above it, top first, stopping where the rows stop', () => {
    const paths = ancestorNames([
      { id: 'c', parentId: 'b', name: 'C' },
      { id: 'b', parentId: 'a', name: 'B' },
      { id: 'a', parentId: null, name: 'A' },
      // A shared group whose parent the reader does not see.
      { id: 's', parentId: 'hidden', name: 'S' },
      { id: 't', parentId: 's', name: 'T' },
    ])
    expect(paths.get('c')).toEqual(['A', 'B'])
    expect(paths.get('a')).toEqual([])
    expect(paths.get('s')).toEqual([])
    expect(paths.get('t')).toEqual(['S'])
  })

  it('never spins on a cycle', () => {
    const paths = ancestorNames([
      { id: 'a', parentId: 'b', name: 'A' },
      { id: 'b', parentId: 'a', name: 'B' },
    ])
    expect(paths.size).toBe(2)
  })
})
