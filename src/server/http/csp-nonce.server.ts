import { randomFillSync } from 'node:crypto'

const NONCE_BYTES = 16
/** 256 nonces per call into the system's random source instead of one (as Node's randomUUID does). */
const pool = Buffer.alloc(NONCE_BYTES * 256)
let next = pool.length

/**
 * A fresh CSP nonce for every request: 128 random bits, base64. Every page
 * and server-function request takes one, so they are drawn in batches.
 */
export function cspNonce(): string {
  if (next + NONCE_BYTES > pool.length) {
    randomFillSync(pool)
    next = 0
  }
  const nonce = pool.toString('base64', next, next + NONCE_BYTES)
  next += NONCE_BYTES
  return nonce
}
