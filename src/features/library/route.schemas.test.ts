import { describe, expect, it } from 'vitest'
import { toLibraryFilter } from './route.schemas'

describe('toLibraryFilter', () => {
  it('keeps the filters the list knows', () => {
    expect(toLibraryFilter('ungrouped')).toBe('ungrouped')
    expect(toLibraryFilter('all')).toBe('all')
    const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
    expect(toLibraryFilter(`group:${id}`)).toBe(`group:${id}`)
  })

  it('falls back to every entry on anything else', () => {
    expect(toLibraryFilter(undefined)).toBe('all')
    expect(toLibraryFilter('group:nope')).toBe('all')
    expect(toLibraryFilter(42)).toBe('all')
  })
})
