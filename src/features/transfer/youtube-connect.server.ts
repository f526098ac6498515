import { eq, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { youtubeConnection } from '~/db/schema'
import {
  endYoutubeConnection,
  openYoutubeTokens,
  youtubeTokenContext,
} from '~/features/catalogue/google-grants.server'
import {
  authorizeUrl,
  createPkce,
  exchangeCode,
  GoogleTokenError,
  googleOAuthConfig,
  isGoogleConfigured,
  randomState,
  refreshAccessToken,
  revokeToken,
  sameState,
  signOAuthFlow,
  type TokenSet,
  verifyOAuthFlow,
  YOUTUBE_READONLY_SCOPE,
} from '~/features/catalogue/google-oauth.server'
import { QuotaExhaustedError } from '~/features/catalogue/quota.server'
import {
  getMyChannel,
  listMySubscriptions,
  YoutubeAuthError,
} from '~/features/catalogue/youtube-subscriptions.server'
import { AppError } from '~/lib/app-error'
import { CHANNEL_ID_RE } from '~/lib/youtube-urls'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { seal, tokenSealKey } from '~/server/crypto/sealed.server'
import { getEnv } from '~/server/env.server'
import { log } from '~/server/logger.server'
import { ModelBuilder } from './formats/model-builder'
import { createImport } from './import-preview.server'
import type {
  ConnectError,
  YoutubeConnectionStatus,
  YoutubeImportStarted,
} from './youtube-connect.schemas'

/*
 * Connect YouTube: OAuth round trip, sealed tokens in `youtube_connection` (only ever read for `actor.id`),
 * subscriptions turned into an import preview. Tokens leave unsealed only towards Google; never logged.
 */

export const CONNECT_COOKIE = 'tubefold_yt_connect'
const FLOW_TTL_MS = 10 * 60_000
/** A token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000
const IMPORT_PATH = '/dashboard/import/'

export type ConnectRedirect = { location: string; setCookie: string | null }

/** Signed out: sign in first, then start again from the import screen (the login form navigates inside the app). */
export const SIGN_IN_FIRST: ConnectRedirect = {
  location: `/login/?redirect=${encodeURIComponent('/dashboard/import/')}`,
  setCookie: null,
}

/** The redirect both routes answer with: never cached, carrying the flow cookie when there is one. */
export function connectRedirectResponse(target: ConnectRedirect): Response {
  const headers = new Headers({ Location: target.location, 'Cache-Control': 'no-store' })
  if (target.setCookie) headers.append('Set-Cookie', target.setCookie)
  return new Response(null, { status: 302, headers })
}

function cookieAttributes(maxAge: number): string {
  const secure = getEnv().BASE_URL.startsWith('https:') ? '; Secure' : ''
  return `Path=/api/youtube; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

const clearedCookie = () => `${CONNECT_COOKIE}=; ${cookieAttributes(0)}`

function importLocation(params: {
  importId?: string
  connectError?: ConnectError
  parentId: string | null
}): string {
  const search = new URLSearchParams()
  if (params.importId) search.set('importId', params.importId)
  if (params.connectError) search.set('connectError', params.connectError)
  if (params.parentId) search.set('parentId', params.parentId)
  const query = search.toString()
  return query ? `${IMPORT_PATH}?${query}` : IMPORT_PATH
}

function sealedTokens(userId: string, tokens: TokenSet) {
  const key = tokenSealKey()
  return {
    accessToken: seal(tokens.accessToken, key, youtubeTokenContext(userId, 'access')),
    refreshToken:
      tokens.refreshToken === null
        ? null
        : seal(tokens.refreshToken, key, youtubeTokenContext(userId, 'refresh')),
  }
}

async function connectionRow(db: Database, userId: string) {
  const [row] = await db
    .select({
      accessToken: youtubeConnection.accessToken,
      refreshToken: youtubeConnection.refreshToken,
      expiresAt: youtubeConnection.expiresAt,
      scope: youtubeConnection.scope,
    })
    .from(youtubeConnection)
    .where(eq(youtubeConnection.userId, userId))
  return row ?? null
}

/** Upsert; a token answer without a refresh token keeps the one stored before. */
async function saveTokens(db: Database, userId: string, tokens: TokenSet): Promise<void> {
  const sealed = sealedTokens(userId, tokens)
  await db
    .insert(youtubeConnection)
    .values({
      userId,
      ...sealed,
      expiresAt: tokens.expiresAt,
      scope: tokens.scope || YOUTUBE_READONLY_SCOPE,
    })
    .onConflictDoUpdate({
      target: youtubeConnection.userId,
      set: {
        accessToken: sealed.accessToken,
        refreshToken: sql`coalesce(excluded.refresh_token, ${youtubeConnection.refreshToken})`,
        expiresAt: tokens.expiresAt,
        scope: tokens.scope || YOUTUBE_READONLY_SCOPE,
        updatedAt: sql`now()`,
      },
    })
}

/**
 * The stored token while fresh, else (or when YouTube refused it) a refreshed one, stored sealed. A
 * refresh token Google no longer accepts ends the connection.
 */
function accessTokenFor(db: Database, userId: string) {
  return async (forceRefresh: boolean): Promise<string> => {
    const row = await connectionRow(db, userId)
    const tokens = row ? openYoutubeTokens(userId, row) : null
    if (!row || !tokens) throw new AppError('YOUTUBE_NOT_CONNECTED')
    const expiring =
      row.expiresAt !== null && row.expiresAt.getTime() - Date.now() < EXPIRY_MARGIN_MS
    if (!forceRefresh && !expiring) return tokens.access
    if (tokens.refresh === null) throw new AppError('YOUTUBE_NOT_CONNECTED')
    let fresh: TokenSet
    try {
      fresh = await refreshAccessToken(googleOAuthConfig(), tokens.refresh)
    } catch (error) {
      if (error instanceof GoogleTokenError && error.code === 'invalid_grant') {
        log.warn('youtube.refresh_refused', { userId })
        await db.delete(youtubeConnection).where(eq(youtubeConnection.userId, userId))
        throw new AppError('YOUTUBE_NOT_CONNECTED')
      }
      throw error
    }
    await saveTokens(db, userId, { ...fresh, scope: fresh.scope || row.scope })
    return fresh.accessToken
  }
}

async function importSubscriptions(
  db: Database,
  actor: Actor,
  options: { readChannel: boolean },
): Promise<YoutubeImportStarted> {
  const accessToken = accessTokenFor(db, actor.id)
  const youtube = { accessToken, payer: actor.id }
  const channel = options.readChannel ? await getMyChannel(db, youtube) : null
  const subscriptions = await listMySubscriptions(db, youtube)
  const builder = new ModelBuilder('youtube')
  subscriptions.forEach((subscription, index) => {
    if (!CHANNEL_ID_RE.test(subscription.channelId)) {
      builder.problem(index + 1, 'invalid', subscription.channelId)
      return
    }
    const item = builder.channel(
      { kind: 'id', id: subscription.channelId },
      { title: subscription.title, avatarUrl: subscription.avatarUrl },
    )
    builder.place(null, item, index + 1, subscription.channelId)
  })
  const preview = await createImport(db, actor, {
    model: builder.build(),
    fileName: channel?.title ?? null,
  })
  await db
    .update(youtubeConnection)
    .set({
      lastImportAt: sql`now()`,
      ...(channel ? { channelId: channel.id, channelTitle: channel.title } : {}),
    })
    .where(eq(youtubeConnection.userId, actor.id))
  return { importId: preview.importId }
}

function connectErrorOf(error: unknown, userId: string): ConnectError {
  if (error instanceof QuotaExhaustedError) return 'quota'
  if (error instanceof AppError) {
    if (error.code === 'IMPORT_EMPTY') return 'empty'
    if (error.code === 'GOOGLE_NOT_CONFIGURED') return 'notConfigured'
    if (error.code === 'QUOTA_EXHAUSTED') return 'quota'
  }
  // Names and statuses only: messages could quote what Google sent.
  log.warn('youtube.connect_failed', {
    userId,
    error: error instanceof Error ? error.name : 'unknown',
    status: error instanceof GoogleTokenError ? error.status : undefined,
    code: error instanceof GoogleTokenError ? error.code : undefined,
  })
  return 'failed'
}

/** `GET /api/youtube/connect`: the flow cookie and Google's consent screen. */
export function startYoutubeConnect(
  actor: Actor,
  input: { parentId: string | null },
): ConnectRedirect {
  if (!isGoogleConfigured()) {
    return {
      location: importLocation({ connectError: 'notConfigured', parentId: input.parentId }),
      setCookie: null,
    }
  }
  const config = googleOAuthConfig()
  const pkce = createPkce()
  const state = randomState()
  const cookie = signOAuthFlow({
    state,
    verifier: pkce.verifier,
    userId: actor.id,
    parentId: input.parentId,
    expiresAt: Date.now() + FLOW_TTL_MS,
  })
  return {
    location: authorizeUrl(config, { state, codeChallenge: pkce.challenge }),
    setCookie: `${CONNECT_COOKIE}=${cookie}; ${cookieAttributes(FLOW_TTL_MS / 1000)}`,
  }
}

/**
 * Checks the state against the cookie (same user, not expired), exchanges the code and opens the import
 * preview. Any failure comes back to the import screen as `?connectError=`.
 */
export async function completeYoutubeConnect(
  db: Database,
  actor: Actor,
  input: { url: URL; cookieHeader: string | null },
): Promise<ConnectRedirect> {
  const flow = verifyOAuthFlow(readCookie(input.cookieHeader, CONNECT_COOKIE))
  const ours = flow !== null && flow.userId === actor.id ? flow : null
  const parentId = ours?.parentId ?? null
  const back = (connectError: ConnectError): ConnectRedirect => ({
    location: importLocation({ connectError, parentId }),
    setCookie: clearedCookie(),
  })
  const params = input.url.searchParams
  const state = params.get('state')
  if (!ours || !state || !sameState(state, ours.state)) return back('state')
  const denied = params.get('error')
  if (denied) return back(denied === 'access_denied' ? 'denied' : 'failed')
  const code = params.get('code')
  if (!code) return back('failed')
  if (!isGoogleConfigured()) return back('notConfigured')
  try {
    const tokens = await exchangeCode(googleOAuthConfig(), { code, verifier: ours.verifier })
    // Granular consent lets the user untick the scope: that is a refusal.
    if (tokens.scope !== '' && !tokens.scope.split(' ').includes(YOUTUBE_READONLY_SCOPE)) {
      await revokeToken(googleOAuthConfig(), tokens.accessToken)
      return back('denied')
    }
    await saveTokens(db, actor.id, tokens)
    const { importId } = await importSubscriptions(db, actor, { readChannel: true })
    log.info('youtube.connected', { userId: actor.id })
    return { location: importLocation({ importId, parentId }), setCookie: clearedCookie() }
  } catch (error) {
    return back(connectErrorOf(error, actor.id))
  }
}

/** The actor's own connection (never anyone else's), and whether Google is set up here. */
export async function getYoutubeConnection(
  db: Database,
  actor: Actor,
): Promise<YoutubeConnectionStatus> {
  const [row] = await db
    .select({
      channelId: youtubeConnection.channelId,
      channelTitle: youtubeConnection.channelTitle,
      createdAt: youtubeConnection.createdAt,
      lastImportAt: youtubeConnection.lastImportAt,
    })
    .from(youtubeConnection)
    .where(eq(youtubeConnection.userId, actor.id))
  return {
    configured: isGoogleConfigured(),
    connection: row
      ? {
          channelId: row.channelId,
          channelTitle: row.channelTitle,
          connectedAt: row.createdAt.toISOString(),
          lastImportAt: row.lastImportAt?.toISOString() ?? null,
        }
      : null,
  }
}

/** "Import subscriptions again" with the stored tokens: a new preview. */
export async function importYoutubeSubscriptions(
  db: Database,
  actor: Actor,
): Promise<YoutubeImportStarted> {
  const row = await connectionRow(db, actor.id)
  if (!row) throw new AppError('YOUTUBE_NOT_CONNECTED')
  if (!isGoogleConfigured()) throw new AppError('GOOGLE_NOT_CONFIGURED')
  try {
    return await importSubscriptions(db, actor, { readChannel: false })
  } catch (error) {
    if (error instanceof QuotaExhaustedError) {
      throw new AppError('QUOTA_EXHAUSTED', {
        time: `${error.resumeAt.toISOString().slice(11, 16)} UTC`,
      })
    }
    if (error instanceof AppError) throw error
    if (error instanceof YoutubeAuthError) throw new AppError('YOUTUBE_NOT_CONNECTED')
    connectErrorOf(error, actor.id)
    throw new AppError('YOUTUBE_CONNECT_FAILED')
  }
}

/** Revokes the grant at Google (best effort, logged) and deletes the tokens. Idempotent. */
export function disconnectYoutube(
  db: Database,
  actor: Actor,
): Promise<{ disconnected: boolean; revoked: boolean }> {
  return endYoutubeConnection(db, actor.id)
}
