import { describe, expect, it } from 'vitest'
import { entryOption, groupOption } from './search-options'

describe('search options', () => {
  it('opens a group on its page, with its path as the detail', () => {
    expect(
      groupOption({
        id: 'g1',
        name: 'Rock',
        path: ['Music', 'Live'],
        icon: null,
        color: null,
        shared: true,
      }),
    ).toMatchObject({
      key: 'group:g1',
      href: '/dashboard/groups/g1/',
      detail: 'Music › Live',
      shared: true,
    })
  })

  it('opens a channel on its page, an own anime on its edit screen, a shared anime in its group', () => {
    const base = { entryId: 'e1', title: 'T', imageUrl: null }
    expect(entryOption({ ...base, kind: 'channel', sharedGroupId: null }).href).toBe(
      '/dashboard/channels/e1/',
    )
    expect(entryOption({ ...base, kind: 'channel', sharedGroupId: 'g' }).href).toBe(
      '/dashboard/channels/e1/',
    )
    expect(entryOption({ ...base, kind: 'anime', sharedGroupId: null }).href).toBe(
      '/dashboard/animes/edit/e1/',
    )
    expect(entryOption({ ...base, kind: 'anime', sharedGroupId: 'g' })).toMatchObject({
      href: '/dashboard/groups/g/',
      shared: true,
    })
  })
})
