import { describe, expect, it } from 'vitest'
import { chunks } from './chunks'
import { firstRow, integer, rowsOf, text, textOrNull, tuples } from './raw-rows.server'

describe('raw row readers', () => {
  it('reads counts as numbers whether the driver sends numbers or bigint strings', () => {
    expect(integer(42)).toBe(42)
    expect(integer('9000')).toBe(9000)
    for (const bad of ['4.5', 'abc', 4.5, null, undefined, true]) {
      expect(() => integer(bad)).toThrow('unexpected row shape')
    }
  })

  it('tells text from null and refuses anything else', () => {
    expect(text('a')).toBe('a')
    expect(textOrNull(null)).toBeNull()
    expect(textOrNull(undefined)).toBeNull()
    expect(() => text(1)).toThrow('unexpected row shape')
    expect(() => textOrNull(1)).toThrow('unexpected row shape')
  })

  it('reads rows and fixed-width tuples from an execute result', () => {
    const result = { rows: [{ id: 'a' }, { id: 'b' }] }
    expect(rowsOf(result)).toEqual([{ id: 'a' }, { id: 'b' }])
    expect(firstRow(result)).toEqual({ id: 'a' })
    expect(() => firstRow({ rows: [] })).toThrow('unexpected row shape')
    expect(() => rowsOf({ rows: [1] })).toThrow('unexpected row shape')
    expect(() => rowsOf([])).toThrow('unexpected row shape')
    expect(tuples([['x', 1]], 2)).toEqual([['x', 1]])
    expect(() => tuples([['x']], 2)).toThrow('unexpected row shape')
  })
})

describe('chunks', () => {
  it('splits into slices of at most the size, in order', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunks([], 2)).toEqual([])
    expect(chunks(Array.from({ length: 4001 }, (_, at) => at)).map((part) => part.length)).toEqual([
      4000, 1,
    ])
  })
})
