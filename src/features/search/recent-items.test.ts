import { describe, expect, it } from 'vitest'
import { parseRecent, pushRecent, RECENT_MAX, type RecentItem } from './recent-items'

const item = (n: number): RecentItem => ({
  key: `group:${n}`,
  kind: 'group',
  label: `Group ${n}`,
  detail: '',
  href: `/dashboard/groups/${n}/`,
})

describe('recent items', () => {
  it('puts the opened item first without a duplicate, and keeps a few', () => {
    let list: RecentItem[] = []
    for (let n = 0; n < RECENT_MAX + 3; n += 1) list = pushRecent(list, item(n))
    expect(list).toHaveLength(RECENT_MAX)
    expect(list[0]).toEqual(item(RECENT_MAX + 2))
    list = pushRecent(list, item(RECENT_MAX))
    expect(list[0]).toEqual(item(RECENT_MAX))
    expect(list.filter((known) => known.key === item(RECENT_MAX).key)).toHaveLength(1)
  })

  it('reads back what it stored, and nothing from a broken or tampered store', () => {
    expect(parseRecent(JSON.stringify([item(1)]))).toEqual([item(1)])
    expect(parseRecent(null)).toEqual([])
    expect(parseRecent('{not json')).toEqual([])
    expect(parseRecent(JSON.stringify([{ ...item(1), href: 'https://evil.example/' }]))).toEqual([])
    expect(
      parseRecent(JSON.stringify([{ ...item(1), href: '//evil.example/dashboard/' }])),
    ).toEqual([])
  })
})
