import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { generateSealKey, parseSealKey, SealError, seal, unseal } from './sealed.server'

const key = parseSealKey(generateSealKey())
const otherKey = parseSealKey(generateSealKey())

/** Flips one bit of the base64url part at `index` (nonce 1, ciphertext 2, tag 3). */
function tamper(sealed: string, index: number): string {
  const parts = sealed.split('.')
  const bytes = Buffer.from(parts[index] ?? '', 'base64url')
  bytes[0] = (bytes[0] ?? 0) ^ 1
  parts[index] = bytes.toString('base64url')
  return parts.join('.')
}

describe('sealed values', () => {
  it('opens what it sealed, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string(), (text, context) => {
        expect(unseal(seal(text, key, context), key, context)).toBe(text)
      }),
    )
  })

  it('never writes the plaintext and never seals the same way twice', () => {
    const token = 'ya29.a0-secret-access-token'
    const first = seal(token, key)
    const second = seal(token, key)
    expect(first).not.toContain(token)
    expect(first).not.toContain(Buffer.from(token).toString('base64url'))
    expect(first).not.toBe(second)
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
  })

  it('refuses a tampered nonce, ciphertext or tag', () => {
    const sealed = seal('refresh-token', key, 'user-1')
    for (const index of [1, 2, 3]) {
      expect(() => unseal(tamper(sealed, index), key, 'user-1')).toThrow(SealError)
    }
    expect(() => unseal(`${sealed}.extra`, key, 'user-1')).toThrow(SealError)
    expect(() => unseal('v2.a.b.c', key)).toThrow(SealError)
    expect(() => unseal('plain-token', key)).toThrow(SealError)
  })

  it('refuses the wrong key and the wrong context', () => {
    const sealed = seal('refresh-token', key, 'user-1')
    expect(() => unseal(sealed, otherKey, 'user-1')).toThrow(SealError)
    expect(() => unseal(sealed, key, 'user-2')).toThrow(SealError)
    expect(unseal(sealed, key, 'user-1')).toBe('refresh-token')
  })

  it('reads keys as hex or base64 and refuses other lengths', () => {
    const bytes = Buffer.alloc(32, 7)
    expect(parseSealKey(bytes.toString('hex')).equals(bytes)).toBe(true)
    expect(parseSealKey(bytes.toString('base64')).equals(bytes)).toBe(true)
    expect(parseSealKey(bytes.toString('base64url')).equals(bytes)).toBe(true)
    expect(() => parseSealKey(Buffer.alloc(16).toString('hex'))).toThrow(SealError)
    expect(() => parseSealKey('not a key')).toThrow(SealError)
  })
})
