import { describe, expect, it } from 'vitest'
import { addTags } from './tag-list'

describe('addTags', () => {
  it('adds trimmed, comma-separated tags in order', () => {
    expect(addTags(['a'], ' b , c,')).toEqual(['a', 'b', 'c'])
  })

  it('skips blanks and case-insensitive duplicates, keeping the first spelling', () => {
    expect(addTags(['Tech'], 'tech, TECH, , Phones, phones')).toEqual(['Tech', 'Phones'])
  })

  it('normalises to NFC so composed and decomposed accents are one tag', () => {
    expect(addTags(['café'], 'cafe\u0301')).toEqual(['café'])
  })
})
