import { describe, expect, it } from 'vitest'
import { iconSchema } from '../groups.schemas'
import { iconLabel, prepareEmojis, searchEmojis, searchIconNames } from './icon-search'
import { LUCIDE_ICON_NAMES } from './lucide-icons'

describe('searchIconNames', () => {
  const names = ['alarm-clock', 'clock', 'clock-arrow-up', 'folder', 'folder-clock', 'gamepad-2']

  it('returns everything for an empty query', () => {
    expect(searchIconNames(names, '  ')).toEqual(names)
  })

  it('puts names starting with the query first', () => {
    expect(searchIconNames(names, 'clock')).toEqual([
      'clock',
      'clock-arrow-up',
      'alarm-clock',
      'folder-clock',
    ])
  })

  it('needs every word, in any order, spaces or hyphens', () => {
    expect(searchIconNames(names, 'up clock')).toEqual(['clock-arrow-up'])
    expect(searchIconNames(names, 'Folder-Clock')).toEqual(['folder-clock'])
    expect(searchIconNames(names, 'rocket')).toEqual([])
  })

  it('searches the real lucide catalogue, whose every name is a valid stored icon', () => {
    expect(LUCIDE_ICON_NAMES.length).toBeGreaterThan(1500)
    expect(searchIconNames(LUCIDE_ICON_NAMES, 'gamepad')).toContain('gamepad-2')
    const invalid = LUCIDE_ICON_NAMES.filter(
      (name) => !iconSchema.safeParse(`lucide:${name}`).success,
    )
    expect(invalid).toEqual([])
  })
})

describe('iconLabel', () => {
  it('reads a name as words', () => {
    expect(iconLabel('alarm-clock-check')).toBe('alarm clock check')
  })
})

describe('emoji search', () => {
  const items = prepareEmojis([
    { unicode: '🎮', label: 'video game', group: 6, order: 3, tags: ['controller', 'game'] },
    { unicode: '😀', label: 'grinning face', group: 0, order: 1, tags: ['smile', 'happy'] },
    { unicode: '🏻', label: 'light skin tone', group: 2, order: 2 },
    { unicode: '🇦', label: 'regional indicator A' },
  ])

  it('drops components and ungrouped symbols and keeps keyboard order', () => {
    expect(items.map((item) => item.unicode)).toEqual(['😀', '🎮'])
  })

  it('matches the start of words in the label or the tags', () => {
    expect(searchEmojis(items, 'game').map((item) => item.unicode)).toEqual(['🎮'])
    expect(searchEmojis(items, 'HAPP').map((item) => item.unicode)).toEqual(['😀'])
    expect(searchEmojis(items, 'ame')).toEqual([])
    expect(searchEmojis(items, '')).toHaveLength(2)
  })

  it('prepares every emoji of the real English data as a valid stored icon', async () => {
    const data = (await import('emojibase-data/en/compact.json')).default
    const prepared = prepareEmojis(data)
    expect(prepared.length).toBeGreaterThan(1500)
    const invalid = prepared.filter(
      (item) => !iconSchema.safeParse(`emoji:${item.unicode}`).success,
    )
    expect(invalid).toEqual([])
  })
})
