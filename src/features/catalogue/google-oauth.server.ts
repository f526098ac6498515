import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { AppError } from '~/lib/app-error'
import { getEnv } from '~/server/env.server'
import { log } from '~/server/logger.server'
import { type FetchFn, fetchText, TransportError, withRetry } from './http.server'

/*
 * Google OAuth with PKCE (S256) and a state bound to the browser by a signed cookie. Tokens must never be
 * logged: failures are logged by status and Google's error code only.
 */

export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly'
export const GOOGLE_CALLBACK_PATH = '/api/youtube/callback'
const TIMEOUT_MS = 10_000

export type GoogleOAuthConfig = {
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  revokeUrl: string
  redirectUri: string
}

export function isGoogleConfigured(): boolean {
  const env = getEnv()
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
}

export function googleOAuthConfig(): GoogleOAuthConfig {
  const env = getEnv()
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET)
    throw new AppError('GOOGLE_NOT_CONFIGURED')
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authorizeUrl: env.GOOGLE_OAUTH_AUTHORIZE_URL,
    tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
    revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL,
    redirectUri: `${env.BASE_URL}${GOOGLE_CALLBACK_PATH}`,
  }
}

export type Pkce = { verifier: string; challenge: string }

/** RFC 7636: a 43-character verifier and its S256 challenge. */
export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: pkceChallenge(verifier) }
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

export function randomState(): string {
  return randomBytes(24).toString('base64url')
}

/** Incremental consent: only youtube.readonly, asked now, added to what was granted before. */
export function authorizeUrl(
  config: GoogleOAuthConfig,
  input: { state: string; codeChallenge: string },
): string {
  const url = new URL(config.authorizeUrl)
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: 'code',
    scope: YOUTUBE_READONLY_SCOPE,
    include_granted_scopes: 'true',
    access_type: 'offline',
    prompt: 'consent',
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
  }).toString()
  return url.href
}

export type OAuthFlow = {
  state: string
  verifier: string
  /** The user who started: another session cannot finish the flow. */
  userId: string
  parentId: string | null
  /** Epoch ms after which the flow is refused. */
  expiresAt: number
}

const flowSchema = z.object({
  state: z.string().min(1),
  verifier: z.string().min(43).max(128),
  userId: z.string().min(1),
  parentId: z.string().nullable(),
  expiresAt: z.number(),
})

function flowKey(): Buffer {
  return createHmac('sha256', getEnv().AUTH_SECRET).update('tubefold:oauth-flow-cookie').digest()
}

function mac(payload: string): Buffer {
  return createHmac('sha256', flowKey()).update(payload).digest()
}

export function signOAuthFlow(flow: OAuthFlow): string {
  const payload = Buffer.from(JSON.stringify(flow), 'utf8').toString('base64url')
  return `${payload}.${mac(payload).toString('base64url')}`
}

/** The flow a cookie holds, or null when it was altered, is malformed or has expired. */
export function verifyOAuthFlow(value: string | undefined, now = Date.now()): OAuthFlow | null {
  if (!value) return null
  const [payload, signature, ...rest] = value.split('.')
  if (!payload || !signature || rest.length > 0) return null
  const given = Buffer.from(signature, 'base64url')
  const expected = mac(payload)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const flow = flowSchema.safeParse(parsed)
  if (!flow.success || flow.data.expiresAt < now) return null
  return flow.data
}

/** Constant-time comparison of the state Google sent back with the cookie's. */
export function sameState(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}

export type TokenSet = {
  accessToken: string
  /** Only on the first consent (and with prompt=consent); a refresh keeps the old one. */
  refreshToken: string | null
  expiresAt: Date | null
  scope: string
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
})
const tokenErrorSchema = z.object({ error: z.string() })

/** Google refused a token request (e.g. invalid_grant: the refresh token was revoked). */
export class GoogleTokenError extends Error {
  override name = 'GoogleTokenError'
  readonly status: number
  readonly code: string
  constructor(status: number, code: string) {
    super(`Google token endpoint answered ${status} ${code}`)
    this.status = status
    this.code = code
  }
}

async function tokenRequest(
  config: GoogleOAuthConfig,
  form: Record<string, string>,
  fetchImpl: FetchFn,
  now: Date,
): Promise<TokenSet> {
  const body = new URLSearchParams({
    ...form,
    client_id: config.clientId,
    client_secret: config.clientSecret,
  }).toString()
  let result: Awaited<ReturnType<typeof fetchText>>
  try {
    result = await withRetry(() =>
      fetchText(
        fetchImpl,
        config.tokenUrl,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body,
        },
        TIMEOUT_MS,
      ),
    )
  } catch (error) {
    if (error instanceof TransportError) throw new GoogleTokenError(0, 'transport')
    throw error
  }
  let json: unknown = null
  try {
    json = JSON.parse(result.body)
  } catch {
    json = null
  }
  if (result.status !== 200) {
    const code = tokenErrorSchema.safeParse(json)
    throw new GoogleTokenError(result.status, code.success ? code.data.error : 'unknown')
  }
  const parsed = tokenResponseSchema.safeParse(json)
  if (!parsed.success) throw new GoogleTokenError(result.status, 'malformed')
  const token = parsed.data
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? null,
    expiresAt:
      token.expires_in === undefined ? null : new Date(now.getTime() + token.expires_in * 1000),
    scope: token.scope ?? '',
  }
}

export function exchangeCode(
  config: GoogleOAuthConfig,
  input: { code: string; verifier: string },
  fetchImpl: FetchFn = fetch,
  now: Date = new Date(),
): Promise<TokenSet> {
  return tokenRequest(
    config,
    {
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: config.redirectUri,
    },
    fetchImpl,
    now,
  )
}

export function refreshAccessToken(
  config: GoogleOAuthConfig,
  refreshToken: string,
  fetchImpl: FetchFn = fetch,
  now: Date = new Date(),
): Promise<TokenSet> {
  return tokenRequest(
    config,
    { grant_type: 'refresh_token', refresh_token: refreshToken },
    fetchImpl,
    now,
  )
}

/** A refresh token revokes the whole grant. Best effort: false when Google failed or refused. */
export async function revokeToken(
  config: GoogleOAuthConfig,
  token: string,
  fetchImpl: FetchFn = fetch,
): Promise<boolean> {
  try {
    const result = await fetchText(
      fetchImpl,
      config.revokeUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      },
      TIMEOUT_MS,
    )
    // 400 invalid_token: already revoked or expired, which is what we wanted.
    if (result.status === 200 || result.status === 400) return true
    log.warn('google.revoke_failed', { status: result.status })
    return false
  } catch (error) {
    log.warn('google.revoke_failed', {
      reason: error instanceof Error ? error.message : 'unknown',
    })
    return false
  }
}
