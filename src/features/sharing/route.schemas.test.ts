import { describe, expect, it } from 'vitest'
import { isShareType, validateShareSearch } from './route.schemas'

describe('share route params', () => {
  it('needs a known permission', () => {
    expect(validateShareSearch({ permission: 'edit' })).toEqual({ permission: 'edit' })
    expect(() => validateShareSearch({})).toThrow()
    expect(() => validateShareSearch({ permission: 'admin' })).toThrow()
  })

  it('knows only groups as a shared type', () => {
    expect(isShareType('group')).toBe(true)
    expect(isShareType('channel')).toBe(false)
  })
})
