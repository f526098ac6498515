import { describe, expect, it } from 'vitest'
import { safeRedirect } from '~/lib/safe-redirect'

describe('safeRedirect', () => {
  it.each([
    ['/dashboard/settings/account/', '/dashboard/settings/account/'],
    ['/dashboard/?origin=import#top', '/dashboard/?origin=import#top'],
    ['/share/group/abc/?permission=view', '/share/group/abc/?permission=view'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected)
  })

  it.each([
    ['an absolute URL', 'https://evil.example/'],
    ['a protocol-relative URL', '//evil.example/dashboard/'],
    ['a backslash trick', '/\\evil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without slash', 'dashboard'],
    ['an empty string', ''],
    ['a non-string', 42],
    ['undefined', undefined],
  ])('falls back to the dashboard for %s', (_label, input) => {
    expect(safeRedirect(input)).toBe('/dashboard/')
  })

  it('uses the given fallback', () => {
    expect(safeRedirect('https://evil.example/', '/')).toBe('/')
  })
})
