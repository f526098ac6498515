import { describe, expect, it } from 'vitest'
import { appendKeys, compareKeys, keyAfterSibling, keyBetween } from './positions'

const sorted = (keys: string[]) => [...keys].sort(compareKeys)

describe('positions', () => {
  it('makes keys strictly between neighbours, in byte order', () => {
    const first = keyBetween(null, null)
    const after = keyBetween(first, null)
    const before = keyBetween(null, first)
    const middle = keyBetween(first, after)
    expect(sorted([after, middle, first, before])).toEqual([before, first, middle, after])
    expect(new Set([before, first, middle, after]).size).toBe(4)
  })

  it('appends increasing keys after the last one', () => {
    const keys = appendKeys('a5', 3)
    expect(keys).toHaveLength(3)
    expect(sorted(['a5', ...keys])).toEqual(['a5', ...keys])
    expect(appendKeys(null, 0)).toEqual([])
  })

  it('places after a sibling, first, or last', () => {
    const siblings = [
      { id: 'x', position: 'a0' },
      { id: 'y', position: 'a1' },
    ]
    const afterX = keyAfterSibling(siblings, 'x')
    expect(afterX && afterX > 'a0' && afterX < 'a1').toBe(true)
    expect((keyAfterSibling(siblings, null) ?? 'z') < 'a0').toBe(true)
    expect((keyAfterSibling(siblings, undefined) ?? '') > 'a1').toBe(true)
    expect(keyAfterSibling(siblings, 'missing')).toBeNull()
    expect(keyAfterSibling([], undefined)).toBe(keyBetween(null, null))
  })

  it('survives many inserts at the same spot', () => {
    let low = keyBetween(null, null)
    const high = keyBetween(low, null)
    for (let at = 0; at < 200; at += 1) {
      const next = keyBetween(low, high)
      expect(compareKeys(low, next)).toBe(-1)
      expect(compareKeys(next, high)).toBe(-1)
      low = next
    }
  })
})
