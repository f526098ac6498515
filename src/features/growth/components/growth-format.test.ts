import { describe, expect, it } from 'vitest'
import { compactFormatter, dayFormatter, formatChange, formatFigure } from './growth-format'

const en = new Intl.NumberFormat('en-US')
const format = (value: number) => en.format(value)

describe('growth figures', () => {
  it('marks rounded figures with ≈ and never shows decimals', () => {
    expect(formatFigure(1_230_000, true, format)).toBe('≈ 1,230,000')
    // A sum of rounded counts keeps their 3 significant figures.
    expect(formatFigure(118_453_000, true, format)).toBe('≈ 118,000,000')
    expect(formatFigure(999.6, false, format)).toBe('1,000')
    expect(formatFigure(999, false, format)).toBe('999')
  })

  it('signs changes, approximate ones included', () => {
    expect(formatChange(7077, true, format)).toBe('≈ +7,080')
    expect(formatChange(-1_063_000, true, format)).toBe('≈ −1,060,000')
    expect(formatChange(-12, false, format)).toBe('−12')
    expect(formatChange(0, false, format)).toBe('±0')
  })

  it('writes axis ticks with at most 3 significant figures', () => {
    expect(compactFormatter('en-US')(1_234_567)).toBe('1.23M')
    expect(compactFormatter('en-US')(999)).toBe('999')
  })

  it('reads days in UTC', () => {
    expect(dayFormatter('en-US', 'short')('2026-01-01')).toBe('Jan 1')
    expect(dayFormatter('en-US', 'long')('2026-12-31')).toBe('Dec 31, 2026')
  })
})
