import { describe, expect, it } from 'vitest'
import { inQuietRange, isQuiet, localMinuteOfDay } from './quiet-hours'

const at = (iso: string) => new Date(iso)
const NIGHT = { start: 22 * 60, end: 7 * 60 }

describe('quiet hours', () => {
  it('reads the wall clock of the zone', () => {
    expect(localMinuteOfDay(at('2026-11-27T12:30:00Z'), 'UTC')).toBe(12 * 60 + 30)
    // São Paulo is UTC−3 (no daylight saving since 2019).
    expect(localMinuteOfDay(at('2026-11-27T01:15:00Z'), 'America/Sao_Paulo')).toBe(22 * 60 + 15)
    // Kathmandu is UTC+5:45.
    expect(localMinuteOfDay(at('2026-11-27T00:00:00Z'), 'Asia/Kathmandu')).toBe(5 * 60 + 45)
  })

  it('a range within a day holds from start, not at end', () => {
    const lunch = { start: 12 * 60, end: 13 * 60 }
    expect(inQuietRange(12 * 60, lunch)).toBe(true)
    expect(inQuietRange(12 * 60 + 59, lunch)).toBe(true)
    expect(inQuietRange(13 * 60, lunch)).toBe(false)
    expect(inQuietRange(11 * 60 + 59, lunch)).toBe(false)
  })

  it('a range across midnight holds on both sides of it', () => {
    expect(inQuietRange(23 * 60, NIGHT)).toBe(true)
    expect(inQuietRange(0, NIGHT)).toBe(true)
    expect(inQuietRange(6 * 60 + 59, NIGHT)).toBe(true)
    expect(inQuietRange(7 * 60, NIGHT)).toBe(false)
    expect(inQuietRange(21 * 60 + 59, NIGHT)).toBe(false)
  })

  it('none, or an empty range, is never quiet', () => {
    expect(inQuietRange(3 * 60, { start: null, end: null })).toBe(false)
    expect(inQuietRange(3 * 60, { start: 180, end: 180 })).toBe(false)
  })

  it('the same instant is quiet in one zone and not in another', () => {
    const instant = at('2026-11-27T02:00:00Z')
    expect(isQuiet(instant, 'UTC', NIGHT)).toBe(true)
    expect(isQuiet(instant, 'Asia/Tokyo', NIGHT)).toBe(false) // 11:00 there
    expect(isQuiet(instant, 'America/Los_Angeles', NIGHT)).toBe(false) // 18:00 the day before
  })

  it('follows the zone across a daylight-saving change', () => {
    const lunch = { start: 12 * 60, end: 13 * 60 }
    // Berlin is UTC+1 in winter, UTC+2 in summer: 12:30 local is 11:30 UTC, then 10:30 UTC.
    expect(isQuiet(at('2026-01-15T11:30:00Z'), 'Europe/Berlin', lunch)).toBe(true)
    expect(isQuiet(at('2026-07-15T10:30:00Z'), 'Europe/Berlin', lunch)).toBe(true)
    expect(isQuiet(at('2026-07-15T11:30:00Z'), 'Europe/Berlin', lunch)).toBe(false)
  })
})
