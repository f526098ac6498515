import { describe, expect, it } from 'vitest'
import { daysLeft } from './trash.schemas'

describe('daysLeft', () => {
  const purgeAt = '2026-12-31T12:00:00.000Z'
  it('counts the day under way: 30 just after deleting, 1 on the last day, 0 after', () => {
    expect(daysLeft(purgeAt, new Date('2026-12-01T12:00:01.000Z'))).toBe(30)
    expect(daysLeft(purgeAt, new Date('2026-12-31T00:00:00.000Z'))).toBe(1)
    expect(daysLeft(purgeAt, new Date('2027-01-01T00:00:00.000Z'))).toBe(0)
  })
})
