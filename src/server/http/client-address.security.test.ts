import { describe, expect, it } from 'vitest'
import { clientAddress } from './client-address.server'

const headers = (forwarded?: string) =>
  new Headers(forwarded === undefined ? {} : { 'x-forwarded-for': forwarded })

describe('the client address rate limits count', () => {
  it('is the socket’s without TRUST_PROXY, whatever X-Forwarded-For says', () => {
    expect(clientAddress(headers('198.51.100.1'), '203.0.113.5', false)).toBe('203.0.113.5')
    expect(clientAddress(headers(), '203.0.113.5', false)).toBe('203.0.113.5')
  })

  it('is the entry our proxy added with TRUST_PROXY, not one the client wrote before it', () => {
    expect(clientAddress(headers('198.51.100.1'), '10.0.0.2', true)).toBe('198.51.100.1')
    expect(clientAddress(headers('1.2.3.4, 198.51.100.1'), '10.0.0.2', true)).toBe('198.51.100.1')
    expect(clientAddress(headers('2001:db8::7'), '10.0.0.2', true)).toBe('2001:db8::7')
  })

  it('falls back to the socket with TRUST_PROXY when the header is missing or unusable', () => {
    // Without this every such request shared one bucket: one client could lock all out.
    expect(clientAddress(headers(), '203.0.113.5', true)).toBe('203.0.113.5')
    expect(clientAddress(headers(), '203.0.113.6', true)).toBe('203.0.113.6')
    expect(clientAddress(headers(''), '203.0.113.5', true)).toBe('203.0.113.5')
    expect(clientAddress(headers(' , '), '203.0.113.5', true)).toBe('203.0.113.5')
    expect(clientAddress(headers('not-an-ip'), '203.0.113.5', true)).toBe('203.0.113.5')
  })

  it('is unknown only when there is neither a usable header nor a socket address', () => {
    expect(clientAddress(headers(), undefined, true)).toBeUndefined()
    expect(clientAddress(headers(), '', false)).toBeUndefined()
  })
})
