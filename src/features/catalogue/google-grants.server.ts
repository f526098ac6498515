import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { youtubeConnection } from '~/db/schema'
import { SealError, tokenSealKey, unseal } from '~/server/crypto/sealed.server'
import { log } from '~/server/logger.server'
import { googleOAuthConfig, isGoogleConfigured, revokeToken } from './google-oauth.server'

/*
 * Every way out (disconnect, unlink Google, delete the account) comes here, so none leaves a refresh token
 * working at Google. Best effort: Google being unreachable must not keep anyone from leaving.
 */

export type YoutubeTokens = { access: string; refresh: string | null }

/** The seal context of a Connect YouTube token: it opens only on its own user's row. */
export function youtubeTokenContext(userId: string, kind: 'access' | 'refresh'): string {
  return `youtube_connection:${userId}:${kind}`
}

/** Null when the key changed since they were sealed: the connection is as good as gone. */
export function openYoutubeTokens(
  userId: string,
  row: { accessToken: string; refreshToken: string | null },
): YoutubeTokens | null {
  try {
    const key = tokenSealKey()
    return {
      access: unseal(row.accessToken, key, youtubeTokenContext(userId, 'access')),
      refresh:
        row.refreshToken === null
          ? null
          : unseal(row.refreshToken, key, youtubeTokenContext(userId, 'refresh')),
    }
  } catch (error) {
    if (!(error instanceof SealError)) throw error
    log.warn('youtube.tokens_unreadable', { userId })
    return null
  }
}

/** Revokes the Connect YouTube grant at Google and deletes its tokens. Idempotent. */
export async function endYoutubeConnection(
  db: Database,
  userId: string,
): Promise<{ disconnected: boolean; revoked: boolean }> {
  const [row] = await db
    .select({
      accessToken: youtubeConnection.accessToken,
      refreshToken: youtubeConnection.refreshToken,
    })
    .from(youtubeConnection)
    .where(eq(youtubeConnection.userId, userId))
  if (!row) return { disconnected: false, revoked: false }
  const tokens = openYoutubeTokens(userId, row)
  let revoked = false
  if (tokens && isGoogleConfigured()) {
    // Revoking the refresh token ends the whole grant, access tokens included.
    revoked = await revokeToken(googleOAuthConfig(), tokens.refresh ?? tokens.access)
  }
  await db.delete(youtubeConnection).where(eq(youtubeConnection.userId, userId))
  log.info('youtube.disconnected', { userId, revoked })
  return { disconnected: true, revoked }
}

/** A Better Auth account row, as its delete hook sees it. */
export type SignInAccount = {
  userId: string
  providerId: string
  accessToken?: string | null
  refreshToken?: string | null
}

/** Revokes the grant behind a "Sign in with Google" account that is being removed. */
export async function endGoogleSignIn(account: SignInAccount): Promise<boolean> {
  if (account.providerId !== 'google' || !isGoogleConfigured()) return false
  const token = account.refreshToken || account.accessToken
  if (!token) return false
  const revoked = await revokeToken(googleOAuthConfig(), token)
  log.info('google.sign_in_revoked', { userId: account.userId, revoked })
  return revoked
}
