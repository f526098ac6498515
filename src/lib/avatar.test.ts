import { describe, expect, it } from 'vitest'
import { hueOf, initials } from './avatar'

describe('avatar', () => {
  it('builds initials from words or the first letters', () => {
    expect(initials('Linus Tech Tips')).toBe('LT')
    expect(initials('mkbhd')).toBe('MK')
    expect(initials('  —  ')).toBe('?')
    expect(initials('Ékran Ölçü')).toBe('ÉÖ')
  })

  it('gives the same hue to the same id and spreads different ids', () => {
    expect(hueOf('abc')).toBe(hueOf('abc'))
    const hues = new Set(['a1', 'b2', 'c3', 'd4', 'e5'].map(hueOf))
    expect(hues.size).toBeGreaterThan(1)
    expect(hueOf('anything')).toBeLessThan(360)
  })
})
