import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { getEnv } from '~/server/env.server'

// AES-256-GCM, `v1.<nonce>.<ciphertext>.<tag>`. The optional context (e.g. the owner's id) is
// authenticated but not stored, so a sealed value copied onto another row does not open.

const VERSION = 'v1'
const ALGORITHM = 'aes-256-gcm'
const KEY_BYTES = 32
const NONCE_BYTES = 12
const TAG_BYTES = 16

export class SealError extends Error {
  override name = 'SealError'
}

/** A 32-byte key written as 64 hex digits or base64/base64url; anything else is refused. */
export function parseSealKey(text: string): Buffer {
  const value = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : null
  if (!key || key.length !== KEY_BYTES) {
    throw new SealError('the key must be 32 bytes, as 64 hex digits or base64')
  }
  return key
}

export function generateSealKey(): string {
  return randomBytes(KEY_BYTES).toString('base64url')
}

/** The key from TOKEN_ENCRYPTION_KEY (generated and kept in DATA_DIR outside production). */
export function tokenSealKey(): Buffer {
  const text = getEnv().TOKEN_ENCRYPTION_KEY
  if (!text) throw new SealError('TOKEN_ENCRYPTION_KEY is not set')
  return parseSealKey(text)
}

export function seal(plaintext: string, key: Buffer, context = ''): string {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, nonce)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, nonce, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The plaintext, or a SealError for a value that was altered, sealed with another key or context. */
export function unseal(sealed: string, key: Buffer, context = ''): string {
  const [version, nonceText, bodyText, tagText, ...rest] = sealed.split('.')
  if (version !== VERSION || nonceText === undefined || bodyText === undefined || !tagText) {
    throw new SealError('not a sealed value')
  }
  if (rest.length > 0) throw new SealError('not a sealed value')
  const nonce = Buffer.from(nonceText, 'base64url')
  const tag = Buffer.from(tagText, 'base64url')
  if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) {
    throw new SealError('not a sealed value')
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES })
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(tag)
    const body = Buffer.from(bodyText, 'base64url')
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    throw new SealError('the sealed value does not open with this key')
  }
}
