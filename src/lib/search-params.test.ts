import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { definedParams, isUuid, oneOf, optionalString, optionalText } from './search-params'

describe('search params', () => {
  it('keeps non-empty text, trimmed, and drops the rest', () => {
    expect(optionalText(' /dashboard/ ')).toBe('/dashboard/')
    expect(optionalText('   ')).toBeUndefined()
    expect(optionalText(42)).toBeUndefined()
    expect(optionalString('')).toBe('')
    expect(optionalString(false)).toBeUndefined()
  })

  it('keeps only listed values and uuids', () => {
    expect(oneOf(['a', 'b'] as const, 'b')).toBe('b')
    expect(oneOf([7, 30] as const, '7')).toBeUndefined()
    expect(isUuid('3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f')).toBe(true)
    expect(isUuid('group:nope')).toBe(false)
  })

  it('agrees with zod on what a uuid is', () => {
    const samples = [
      '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      '3F1C2D4E-5A6B-4C7D-8E9F-0A1B2C3D4E5F',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '3f1c2d4e-5a6b-0c7d-8e9f-0a1b2c3d4e5f',
      '3f1c2d4e-5a6b-4c7d-7e9f-0a1b2c3d4e5f',
      '3f1c2d4e5a6b4c7d8e9f0a1b2c3d4e5f',
      ' 3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      '',
    ]
    for (const sample of samples) expect(isUuid(sample)).toBe(z.uuid().safeParse(sample).success)
  })

  it('leaves absent params out instead of setting them to undefined', () => {
    const search = definedParams({ parentId: 'x', importId: undefined })
    expect(search).toEqual({ parentId: 'x' })
    expect('importId' in search).toBe(false)
  })
})
