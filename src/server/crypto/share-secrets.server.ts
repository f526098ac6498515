import { createHash, hkdfSync } from 'node:crypto'
import { getEnv } from '~/server/env.server'
import { SealError, seal, unseal } from './sealed.server'

// The seal key is derived from AUTH_SECRET, which every instance has, so a database dump alone opens nothing.

/** Migration 0010 computes the same in SQL. */
export function hashUrlSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

function urlSecretKey(): Buffer {
  return Buffer.from(hkdfSync('sha256', getEnv().AUTH_SECRET, 'tubefold', 'url-secret-seal', 32))
}

/** Sealed for one row: copied onto another row it does not open. */
export function sealUrlSecret(secret: string, rowId: string): string {
  return seal(secret, urlSecretKey(), `url-secret:${rowId}`)
}

/** The secret, or null when it was sealed under another AUTH_SECRET (or never kept). */
export function openUrlSecret(sealed: string | null, rowId: string): string | null {
  if (sealed === null) return null
  try {
    return unseal(sealed, urlSecretKey(), `url-secret:${rowId}`)
  } catch (error) {
    if (error instanceof SealError) return null
    throw error
  }
}
