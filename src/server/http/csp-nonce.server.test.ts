import { describe, expect, it } from 'vitest'
import { cspNonce } from './csp-nonce.server'

describe('cspNonce', () => {
  it('gives 128 bits in base64, never the same twice across batches', () => {
    const seen = new Set<string>()
    for (let at = 0; at < 2_000; at += 1) {
      const nonce = cspNonce()
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      seen.add(nonce)
    }
    expect(seen.size).toBe(2_000)
  })
})
