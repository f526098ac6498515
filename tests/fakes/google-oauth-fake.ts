/*
 * A local stand-in for Google's OAuth 2.0 web-server flow and the YouTube
 * Data API calls made with a user's token, served by the YouTube fake:
 * the consent page (`GET /o/oauth2/v2/auth`, with "Allow" and "Deny"), the
 * token endpoint (`POST /token`: authorization_code with PKCE S256 and the
 * client secret checked, refresh_token), revocation (`POST /revoke`,
 * recorded), `subscriptions.list?mine=true` and `channels.list?mine=true`
 * with Bearer auth (401 otherwise). Deterministic: 120 subscriptions by
 * default, i.e. 3 pages of 50.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { type DemoChannel, initialsAvatar } from '../../src/seed/factories/catalogue-fixtures.ts'
import { type FakeCall, send } from './fake-server.ts'

export const FAKE_GOOGLE_CLIENT_ID = 'fake-client.apps.googleusercontent.test'
export const FAKE_GOOGLE_CLIENT_SECRET = 'fake-google-client-secret'
export const YOUTUBE_READONLY = 'https://www.googleapis.com/auth/youtube.readonly'
/** The connected account's own channel. */
export const FAKE_ACCOUNT_CHANNEL = { id: 'UCfakeTubefoldViewer0001', title: 'Fake Viewer' }
export const DEFAULT_SUBSCRIPTIONS = 120

export const OAUTH_PATHS = {
  authorize: '/o/oauth2/v2/auth',
  token: '/token',
  revoke: '/revoke',
} as const

const API_PREFIX = '/youtube/v3'
const MAX_RESULTS = 50

type Grant = { clientId: string; redirectUri: string; challenge: string; scope: string }
type AccessToken = { refreshToken: string | null; expiresAt: number; scope: string }

export type GoogleOAuthFakeOptions = {
  /** Access token lifetime (default 3600 s). */
  accessTokenTtlSeconds?: number
  subscriptionCount?: number
}

export type GoogleOAuthFake = {
  /** Answers the request when it is one of Google's; false leaves it to the YouTube fake. */
  handle(call: FakeCall, res: ServerResponse): boolean
  /** Tokens posted to /revoke, in order. */
  revocations: string[]
  /** Tokens the token endpoint issued (tests check none leaks into storage or logs). */
  issued(): { access: string[]; refresh: string[] }
  /** Every access token issued so far expires now (the next API call answers 401). */
  expireAccessTokens(): void
  setSubscriptionCount(count: number): void
  /** The consent page's "Allow" target for an authorize URL, as the browser would follow it. */
  approve(authorizeUrl: string): string
  reset(): void
}

function generatedChannel(index: number): { id: string; title: string; avatarUrl: string } {
  const id = `UCfakeSubscription${String(index).padStart(6, '0')}`
  const title = `Fake Subscription ${index}`
  return { id, title, avatarUrl: initialsAvatar(id, title) }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

function oauthError(res: ServerResponse, status: number, error: string, description: string) {
  send(res, status, JSON.stringify({ error, error_description: description }))
}

function apiError(
  res: ServerResponse,
  code: number,
  status: string,
  reason: string,
  message: string,
) {
  const domain = reason === 'quotaExceeded' ? 'youtube.quota' : 'global'
  send(
    res,
    code,
    JSON.stringify({ error: { code, message, errors: [{ message, domain, reason }], status } }),
  )
}

const pkce = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`

export function createGoogleOAuthFake(
  channels: () => readonly DemoChannel[],
  quotaExhausted: () => boolean,
  options: GoogleOAuthFakeOptions = {},
): GoogleOAuthFake {
  const ttl = options.accessTokenTtlSeconds ?? 3600
  let subscriptionCount = options.subscriptionCount ?? DEFAULT_SUBSCRIPTIONS
  const codes = new Map<string, Grant>()
  const accessTokens = new Map<string, AccessToken>()
  const refreshTokens = new Map<string, { clientId: string; scope: string }>()
  const issuedAccess: string[] = []
  const issuedRefresh: string[] = []
  const revocations: string[] = []

  function subscriptions(): { id: string; title: string; avatarUrl: string }[] {
    const known = channels().slice(0, subscriptionCount)
    const list = known.map((channel) => ({
      id: channel.id,
      title: channel.title,
      avatarUrl: channel.avatarUrl,
    }))
    for (let index = 1; list.length < subscriptionCount; index++) list.push(generatedChannel(index))
    return list
  }

  /** Checks the form's step of the authorize request; an error text or null. */
  function authorizeProblem(params: Record<string, string>): string | null {
    if (!params.client_id) return 'Missing required parameter: client_id'
    if (params.response_type !== 'code') return 'Unsupported response_type'
    if (!params.redirect_uri) return 'Missing required parameter: redirect_uri'
    if (!params.state) return 'Missing state'
    if (!params.code_challenge || params.code_challenge_method !== 'S256') {
      return 'PKCE with code_challenge_method=S256 is required'
    }
    if (!(params.scope ?? '').split(' ').includes(YOUTUBE_READONLY)) return 'Missing scope'
    return null
  }

  function consentLinks(params: Record<string, string>): { allow: string; deny: string } {
    const code = token('fake-code')
    codes.set(code, {
      clientId: params.client_id ?? '',
      redirectUri: params.redirect_uri ?? '',
      challenge: params.code_challenge ?? '',
      scope: params.scope ?? '',
    })
    const allow = new URL(params.redirect_uri ?? '')
    allow.search = new URLSearchParams({
      state: params.state ?? '',
      code,
      scope: params.scope ?? '',
    }).toString()
    const deny = new URL(params.redirect_uri ?? '')
    deny.search = new URLSearchParams({
      error: 'access_denied',
      state: params.state ?? '',
    }).toString()
    return { allow: allow.href, deny: deny.href }
  }

  function authorize(call: FakeCall, res: ServerResponse) {
    const problem = authorizeProblem(call.params)
    if (problem) {
      return send(
        res,
        400,
        `<!DOCTYPE html><html lang="en"><head><title>Error 400</title><link rel="icon" href="data:,"></head><body><h1>Access blocked</h1><p>${escapeHtml(problem)}</p></body></html>`,
        'text/html; charset=utf-8',
      )
    }
    const links = consentLinks(call.params)
    send(
      res,
      200,
      `<!DOCTYPE html><html lang="en"><head><title>Sign in - Google Accounts (fake)</title><link rel="icon" href="data:,"></head><body><main>
<h1>Tubefold wants to access your Google Account</h1>
<p>This will allow Tubefold to: View your YouTube account.</p>
<p><a id="allow" href="${escapeHtml(links.allow)}">Allow</a> <a id="deny" href="${escapeHtml(links.deny)}">Deny</a></p>
</main></body></html>`,
      'text/html; charset=utf-8',
    )
  }

  function issue(refreshToken: string | null, scope: string) {
    const access = token('fake-access')
    accessTokens.set(access, { refreshToken, expiresAt: Date.now() + ttl * 1000, scope })
    issuedAccess.push(access)
    return { access_token: access, expires_in: ttl, scope, token_type: 'Bearer' }
  }

  function tokenEndpoint(call: FakeCall, res: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(call.body))
    if (form.client_secret !== FAKE_GOOGLE_CLIENT_SECRET || !form.client_id) {
      return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.')
    }
    if (form.grant_type === 'authorization_code') {
      const grant = form.code ? codes.get(form.code) : undefined
      if (form.code) codes.delete(form.code)
      if (!grant || grant.clientId !== form.client_id) {
        return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.')
      }
      if (grant.redirectUri !== form.redirect_uri) {
        return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request')
      }
      if (!form.code_verifier || pkce(form.code_verifier) !== grant.challenge) {
        return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.')
      }
      const refresh = token('fake-refresh')
      refreshTokens.set(refresh, { clientId: grant.clientId, scope: grant.scope })
      issuedRefresh.push(refresh)
      return send(
        res,
        200,
        JSON.stringify({ ...issue(refresh, grant.scope), refresh_token: refresh }),
      )
    }
    if (form.grant_type === 'refresh_token') {
      const known = form.refresh_token ? refreshTokens.get(form.refresh_token) : undefined
      if (!known || known.clientId !== form.client_id || !form.refresh_token) {
        return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.')
      }
      return send(res, 200, JSON.stringify(issue(form.refresh_token, known.scope)))
    }
    return oauthError(res, 400, 'unsupported_grant_type', 'Invalid grant_type')
  }

  function revoke(call: FakeCall, res: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(call.body))
    const given = form.token ?? call.params.token ?? ''
    revocations.push(given)
    if (refreshTokens.delete(given)) {
      for (const [access, info] of accessTokens) {
        if (info.refreshToken === given) accessTokens.delete(access)
      }
      return send(res, 200, '{}')
    }
    if (accessTokens.delete(given)) return send(res, 200, '{}')
    return oauthError(res, 400, 'invalid_token', 'Token expired or revoked')
  }

  /** The bearer's token info, or an answered 401. */
  function bearer(call: FakeCall, res: ServerResponse): AccessToken | null {
    const header = call.headers.authorization ?? ''
    const match = /^Bearer (\S+)$/.exec(header)
    const info = match?.[1] ? accessTokens.get(match[1]) : undefined
    if (!info || info.expiresAt <= Date.now()) {
      apiError(
        res,
        401,
        'UNAUTHENTICATED',
        'authError',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      )
      return null
    }
    if (quotaExhausted()) {
      apiError(
        res,
        403,
        'PERMISSION_DENIED',
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your quota.',
      )
      return null
    }
    return info
  }

  function subscriptionsList(call: FakeCall, res: ServerResponse) {
    if (!bearer(call, res)) return
    if (call.params.mine !== 'true') {
      return apiError(
        res,
        400,
        'INVALID_ARGUMENT',
        'missingRequiredParameter',
        'No filter selected.',
      )
    }
    if (!(call.params.part ?? '').split(',').includes('snippet')) {
      return apiError(res, 400, 'INVALID_ARGUMENT', 'required', 'Required parameter: part')
    }
    const size = Math.min(MAX_RESULTS, Math.max(0, Number(call.params.maxResults ?? 5) || 5))
    const all = subscriptions()
    const offset = call.params.pageToken
      ? Number(Buffer.from(call.params.pageToken, 'base64url').toString('utf8').slice(5))
      : 0
    if (!Number.isInteger(offset) || offset < 0 || offset > all.length) {
      return apiError(res, 400, 'INVALID_ARGUMENT', 'invalidPageToken', 'Invalid page token.')
    }
    const page = all.slice(offset, offset + size)
    const pageToken = (at: number) => Buffer.from(`page-${at}`).toString('base64url')
    const items = page.map((channel, index) => ({
      kind: 'youtube#subscription',
      etag: createHash('sha1').update(channel.id).digest('base64url').slice(0, 27),
      id: `sub-${offset + index}`,
      snippet: {
        publishedAt: '2020-01-01T00:00:00Z',
        title: channel.title,
        description: '',
        resourceId: { kind: 'youtube#channel', channelId: channel.id },
        channelId: FAKE_ACCOUNT_CHANNEL.id,
        thumbnails: {
          default: { url: channel.avatarUrl },
          medium: { url: channel.avatarUrl },
          high: { url: channel.avatarUrl },
        },
      },
    }))
    send(
      res,
      200,
      JSON.stringify({
        kind: 'youtube#subscriptionListResponse',
        etag: createHash('sha1').update(`${offset}:${all.length}`).digest('base64url').slice(0, 27),
        ...(offset + size < all.length ? { nextPageToken: pageToken(offset + size) } : {}),
        ...(offset > 0 ? { prevPageToken: pageToken(Math.max(0, offset - size)) } : {}),
        pageInfo: { totalResults: all.length, resultsPerPage: size },
        items,
      }),
    )
  }

  function myChannel(call: FakeCall, res: ServerResponse) {
    if (!bearer(call, res)) return
    send(
      res,
      200,
      JSON.stringify({
        kind: 'youtube#channelListResponse',
        etag: 'fake-mine',
        pageInfo: { totalResults: 1, resultsPerPage: 5 },
        items: [
          {
            kind: 'youtube#channel',
            etag: 'fake-mine-item',
            id: FAKE_ACCOUNT_CHANNEL.id,
            snippet: {
              title: FAKE_ACCOUNT_CHANNEL.title,
              description: '',
              localized: { title: FAKE_ACCOUNT_CHANNEL.title, description: '' },
            },
          },
        ],
      }),
    )
  }

  return {
    handle(call, res) {
      if (call.method === 'GET' && call.path === OAUTH_PATHS.authorize) authorize(call, res)
      else if (call.method === 'POST' && call.path === OAUTH_PATHS.token) tokenEndpoint(call, res)
      else if (call.method === 'POST' && call.path === OAUTH_PATHS.revoke) revoke(call, res)
      else if (call.method === 'GET' && call.path === `${API_PREFIX}/subscriptions`) {
        subscriptionsList(call, res)
      } else if (
        call.method === 'GET' &&
        call.path === `${API_PREFIX}/channels` &&
        call.params.mine !== undefined
      ) {
        myChannel(call, res)
      } else return false
      return true
    },
    revocations,
    issued: () => ({ access: [...issuedAccess], refresh: [...issuedRefresh] }),
    expireAccessTokens() {
      for (const info of accessTokens.values()) info.expiresAt = 0
    },
    setSubscriptionCount(count) {
      subscriptionCount = count
    },
    approve(authorizeUrl) {
      const params = Object.fromEntries(new URL(authorizeUrl).searchParams)
      const problem = authorizeProblem(params)
      if (problem) throw new Error(`fake Google refused the authorize request: ${problem}`)
      return consentLinks(params).allow
    },
    reset() {
      codes.clear()
      accessTokens.clear()
      refreshTokens.clear()
      issuedAccess.length = 0
      issuedRefresh.length = 0
      revocations.length = 0
      subscriptionCount = options.subscriptionCount ?? DEFAULT_SUBSCRIPTIONS
    },
  }
}
