import { describe, expect, it } from 'vitest'
import { pluralCategory } from './use-plural'

describe('pluralCategory', () => {
  it('uses the singular for one in English and Spanish', () => {
    expect(pluralCategory('en', 1)).toBe('one')
    expect(pluralCategory('en', 0)).toBe('other')
    expect(pluralCategory('en', 2)).toBe('other')
    expect(pluralCategory('es', 1)).toBe('one')
    expect(pluralCategory('es', 1_000_000)).toBe('other')
  })

  it('uses the singular for zero and one in Brazilian Portuguese', () => {
    expect(pluralCategory('pt-BR', 0)).toBe('one')
    expect(pluralCategory('pt-BR', 1)).toBe('one')
    expect(pluralCategory('pt-BR', 2)).toBe('other')
  })
})
