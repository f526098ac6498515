import { describe, expect, it } from 'vitest'
import { notificationPreferenceSchema, pushSubscriptionSchema } from './notifications.schemas'

const KEY = `B${'A'.repeat(86)}`
const AUTH = 'A'.repeat(22)

describe('notification schemas', () => {
  it('a push subscription needs a 65-byte key and a 16-byte secret', () => {
    const ok = { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: KEY, auth: AUTH } }
    expect(pushSubscriptionSchema.safeParse(ok).success).toBe(true)
    for (const keys of [
      { p256dh: KEY.slice(1), auth: AUTH },
      { p256dh: KEY, auth: `${AUTH}AA` },
      { p256dh: `${KEY.slice(1)}+`, auth: AUTH },
    ])
      expect(pushSubscriptionSchema.safeParse({ ...ok, keys }).success).toBe(false)
    expect(
      pushSubscriptionSchema.safeParse({ ...ok, endpoint: 'javascript:alert(1)' }).success,
    ).toBe(false)
  })

  it('quiet hours are both set and differ, or both empty; the zone must exist', () => {
    const base = { timeZone: 'Europe/Lisbon', mutedTeamEvents: [] }
    expect(
      notificationPreferenceSchema.safeParse({ ...base, quietStart: 1320, quietEnd: 420 }).success,
    ).toBe(true)
    expect(
      notificationPreferenceSchema.safeParse({ ...base, quietStart: null, quietEnd: null }).success,
    ).toBe(true)
    expect(
      notificationPreferenceSchema.safeParse({ ...base, quietStart: 1320, quietEnd: null }).success,
    ).toBe(false)
    expect(
      notificationPreferenceSchema.safeParse({ ...base, quietStart: 60, quietEnd: 60 }).success,
    ).toBe(false)
    expect(
      notificationPreferenceSchema.safeParse({
        ...base,
        timeZone: 'Mars/Olympus',
        quietStart: null,
        quietEnd: null,
      }).success,
    ).toBe(false)
    expect(
      notificationPreferenceSchema.safeParse({
        ...base,
        mutedTeamEvents: ['nonsense'],
        quietStart: null,
        quietEnd: null,
      }).success,
    ).toBe(false)
  })
})
