import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetEnvCacheForTests } from '~/server/env.server'
import {
  createPkce,
  type OAuthFlow,
  pkceChallenge,
  sameState,
  signOAuthFlow,
  verifyOAuthFlow,
} from './google-oauth.server'

// Vitest puts Vite's own BASE_URL ('/') in process.env; ours must be absolute.
const KEYS = ['APP_ENV', 'DATA_DIR', 'AUTH_SECRET', 'BASE_URL'] as const
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]))
const dataDir = mkdtempSync(join(tmpdir(), 'tubefold-oauth-'))
beforeAll(() => {
  process.env.APP_ENV = 'test'
  process.env.DATA_DIR = dataDir
  process.env.AUTH_SECRET = 'unit-test-secret-of-at-least-32-characters'
  process.env.BASE_URL = 'http://localhost:3000'
  resetEnvCacheForTests()
})
afterAll(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetEnvCacheForTests()
  rmSync(dataDir, { recursive: true, force: true })
})

const flow: OAuthFlow = {
  state: 'state-123',
  verifier: createPkce().verifier,
  userId: 'user-1',
  parentId: null,
  expiresAt: 2_000_000,
}

describe('Google OAuth helpers', () => {
  it('derives the S256 challenge of RFC 7636', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
    const pkce = createPkce()
    expect(pkce.verifier).toMatch(/^[\w-]{43}$/)
    expect(pkce.challenge).toBe(pkceChallenge(pkce.verifier))
  })

  it('opens a signed flow cookie until it expires', () => {
    const cookie = signOAuthFlow(flow)
    expect(verifyOAuthFlow(cookie, 1_000_000)).toEqual(flow)
    expect(verifyOAuthFlow(cookie, 2_000_001)).toBeNull()
  })

  it('refuses an altered, re-signed or malformed cookie', () => {
    const cookie = signOAuthFlow(flow)
    const [payload = '', signature = ''] = cookie.split('.')
    const forged = Buffer.from(JSON.stringify({ ...flow, userId: 'user-2' })).toString('base64url')
    expect(verifyOAuthFlow(`${forged}.${signature}`, 1_000_000)).toBeNull()
    expect(verifyOAuthFlow(`${payload}.${signature.slice(0, -2)}AA`, 1_000_000)).toBeNull()
    expect(verifyOAuthFlow(`${payload}`, 1_000_000)).toBeNull()
    expect(verifyOAuthFlow(undefined, 1_000_000)).toBeNull()
    expect(verifyOAuthFlow(`${cookie}.x`, 1_000_000)).toBeNull()
  })

  it('compares states exactly', () => {
    expect(sameState('abc', 'abc')).toBe(true)
    expect(sameState('abc', 'abd')).toBe(false)
    expect(sameState('abc', 'abcd')).toBe(false)
  })
})
