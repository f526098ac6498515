import { describe, expect, it } from 'vitest'
import { messages as en } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'
import { pluralCategory } from '~/lib/i18n/use-plural'
import { currentPeriod } from './digests.server'
import { digestNoticeText, teamEventText } from './notice-text'

/* Digest periods turn at 08:00 local; notices read well. */

describe('currentPeriod', () => {
  it('turns the day at 08:00 in the reader’s zone', () => {
    const at = new Date('2026-11-27T10:30:00Z')
    expect(currentPeriod('daily', at, 'UTC')).toBe('daily:2026-11-27')
    // 07:30 in New York: still yesterday's period.
    expect(currentPeriod('daily', new Date('2026-11-27T12:30:00Z'), 'America/New_York')).toBe(
      'daily:2026-11-26',
    )
    // 08:30 in Tokyo on the 28th.
    expect(currentPeriod('daily', new Date('2026-11-27T23:30:00Z'), 'Asia/Tokyo')).toBe(
      'daily:2026-11-28',
    )
    expect(currentPeriod('daily', at, 'Not/AZone')).toBe('daily:2026-11-27')
  })

  it('turns the ISO week on Monday at 08:00', () => {
    expect(currentPeriod('weekly', new Date('2026-11-30T07:59:00Z'), 'UTC')).toBe('weekly:2026-W48')
    expect(currentPeriod('weekly', new Date('2026-11-30T08:00:00Z'), 'UTC')).toBe('weekly:2026-W49')
    expect(currentPeriod('weekly', new Date('2027-01-04T09:00:00Z'), 'UTC')).toBe('weekly:2027-W01')
  })
})

describe('notice texts', () => {
  const t = createTranslator(en)
  const plural = (
    keys: { one: Parameters<typeof t>[0]; other: Parameters<typeof t>[0] },
    count: number,
    params: Record<string, string | number> = {},
  ) => t(keys[pluralCategory('en', count)], { ...params, count })

  it('sums a digest and names a team event', () => {
    expect(digestNoticeText(plural, { videos: 5, groups: 2, groupNames: ['A', 'B'] })).toBe(
      '5 new videos in 2 groups',
    )
    expect(digestNoticeText(plural, { videos: 1, groups: 1, groupNames: ['Cooking'] })).toBe(
      '1 new video in Cooking',
    )
    expect(
      teamEventText(t, {
        event: 'ownership_transferred',
        text: 'ownershipTransferred',
        actor: 'Ana',
        group: 'Cooking',
        groupId: null,
        from: 'Ana',
        to: 'Bo',
      }),
    ).toBe('Ana gave Cooking from Ana to Bo')
  })
})
