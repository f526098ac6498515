import { describe, expect, it } from 'vitest'
import { librarySearchSchema } from './route.schemas'

describe('librarySearchSchema', () => {
  it('keeps the filters the list knows', () => {
    expect(librarySearchSchema.parse({ filter: 'ungrouped' })).toEqual({ filter: 'ungrouped' })
    const id = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
    expect(librarySearchSchema.parse({ filter: `group:${id}` })).toEqual({ filter: `group:${id}` })
  })

  it('falls back to every entry on anything else', () => {
    expect(librarySearchSchema.parse({})).toEqual({ filter: 'all' })
    expect(librarySearchSchema.parse({ filter: 'group:nope' })).toEqual({ filter: 'all' })
    expect(librarySearchSchema.parse({ filter: 42 })).toEqual({ filter: 'all' })
  })
})
