import { describe, expect, it } from 'vitest'
import { pushEndpointAllowed } from './push-endpoint'

describe('push endpoints kept', () => {
  it('takes the push services browsers use', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGm',
    ])
      expect(pushEndpointAllowed(endpoint, 'production')).toBe(true)
  })

  it('refuses plain http, addresses, local names and credentials in production', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://127.0.0.1:8443/push',
      'https://localhost/push',
      'https://intranet/push',
      'https://db.localhost/push',
      'https://user:pass@fcm.googleapis.com/x',
      'not a url',
    ])
      expect(pushEndpointAllowed(endpoint, 'production'), endpoint).toBe(false)
  })

  it('lets the local fake in only outside production', () => {
    expect(pushEndpointAllowed('http://127.0.0.1:3433/push/a', 'test')).toBe(true)
    expect(pushEndpointAllowed('http://127.0.0.1:3433/push/a', 'development')).toBe(true)
    expect(pushEndpointAllowed('http://127.0.0.1:3433/push/a', 'production')).toBe(false)
  })
})
