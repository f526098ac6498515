import { APIError, betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createAuthMiddleware, isAPIError } from 'better-auth/api'
import { tanstackStartCookies } from 'better-auth/tanstack-start'
import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import * as schema from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { PASSWORD_MAX, PASSWORD_MIN } from '~/lib/validation'
import { react } from '~/reactions.server'
import { getDb } from '~/server/database.server'
import { type Env, getEnv } from '~/server/env.server'
import { clientAddress } from '~/server/http/client-address.server'
import { log } from '~/server/logger.server'
import { claimDailyNotice } from '~/server/mail/mail-notice.server'
import { createRateLimiter } from '~/server/rate-limit.server'
import { authMails } from './auth-mails.server'

export const CONFIRMATION_TTL_SECONDS = 24 * 60 * 60
export const RESET_TTL_SECONDS = 60 * 60
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60

/** Per-account sign-in budget; Better Auth's own limiter covers the per-IP side. */
export const ACCOUNT_SIGN_IN_LIMIT = {
  bucket: 'sign-in-account',
  limit: 10,
  windowMs: 15 * 60 * 1000,
}

/** The claims of a Better Auth email token (a signed JWT); the signature is checked by Better Auth. */
export function emailTokenClaims(token: string): Record<string, unknown> {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'))
    return payload && typeof payload === 'object' ? payload : {}
  } catch {
    return {}
  }
}

function hasPassword(body: unknown): boolean {
  if (!body || typeof body !== 'object' || !('password' in body)) return false
  return typeof body.password === 'string' && body.password !== ''
}

function readEmail(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('email' in body)) return null
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : null
}

/** Request limits on sign-in and sign-up: off under APP_ENV=test (e2e signs many up) unless AUTH_RATE_LIMIT=on. */
export function authLimitsOn(env: Env): boolean {
  return env.APP_ENV !== 'test' || process.env.AUTH_RATE_LIMIT === 'on'
}

export function createAuth(db: Database, env: Env) {
  const accountLimiter = createRateLimiter(ACCOUNT_SIGN_IN_LIMIT)
  return betterAuth({
    appName: 'Tubefold',
    baseURL: env.BASE_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    // Sign-up goes through our server function, which enforces the terms and the full schema.
    disabledPaths: ['/sign-up/email'],
    user: {
      additionalFields: {
        locale: { type: 'string', required: false, defaultValue: 'en', input: true },
      },
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        // Runs once the password is checked; what other domains do is in src/reactions.server.ts.
        beforeDelete: async (deleting) => {
          await react(db, 'account.deleting', { userId: deleting.id })
        },
        // Pending reset tokens and outbox mail also name the user, so they go too.
        afterDelete: async (deleted) => {
          await react(db, 'account.deleted', { userId: deleted.id })
          await db.delete(schema.verification).where(eq(schema.verification.value, deleted.id))
          await db.delete(schema.mailOutbox).where(eq(schema.mailOutbox.to, deleted.email))
          // Only a confirmed address hears of it: sign-up then delete with someone's address must not mail them.
          if (
            deleted.emailVerified &&
            (await claimDailyNotice(db, 'account-deleted', deleted.email))
          ) {
            await authMails.accountDeleted(deleted).catch(() => {
              log.warn('auth: account deletion mail not sent')
            })
          }
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: false,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await authMails.resetPassword(user, token)
      },
      onExistingUserSignUp: async ({ user }) => {
        // Anyone can type an address into the sign-up form: its owner hears about it once a day at most.
        if (await claimDailyNotice(db, 'existing-account', user.email)) {
          await authMails.existingAccount(user)
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url, token }) => {
        // A change of address is confirmed through Better Auth's link; a sign-up on our own page.
        if (typeof emailTokenClaims(token).requestType === 'string') {
          await authMails.changeEmail(user, url)
        } else {
          await authMails.confirmEmail(user, token, new URL(url).searchParams.get('callbackURL'))
        }
      },
    },
    socialProviders:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
        : {},
    account: {
      accountLinking: {
        enabled: true,
        // Else whoever registered the address first (unconfirmed) would share the account.
        requireLocalEmailVerified: true,
      },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await react(db, 'account.created', { userId: created.id })
          },
        },
      },
      account: {
        delete: {
          after: async (removed) => {
            await react(db, 'account.unlinked', { account: removed })
          },
        },
      },
    },
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: 24 * 60 * 60 },
    rateLimit: {
      enabled: authLimitsOn(env),
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        // A wrong password here must not be a looser oracle than sign-in.
        '/delete-user': { window: 60, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: env.BASE_URL.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      database: { joins: true },
    },
    logger: {
      level: 'warn',
      // Better Auth's extra arguments can hold tokens or addresses: only the message is kept.
      log: (level, message) => {
        if (level === 'error') log.error(`auth: ${message}`)
        else if (level === 'warn') log.warn(`auth: ${message}`)
      },
    },
    onAPIError: {
      // Without a handler Better Auth console.errors every hook error outside the JSON log.
      onError: (error) => {
        if (isAPIError(error) && error.status !== 'INTERNAL_SERVER_ERROR') return
        log.error('auth: request failed', {
          error: isAPIError(error) ? error.status : error instanceof Error ? error.name : 'unknown',
        })
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Better Auth deletes on a fresh session alone without a password: a borrowed session must not.
        if (ctx.path === '/delete-user' && !hasPassword(ctx.body)) {
          throw new APIError('BAD_REQUEST', {
            message: 'Password required',
            code: 'PASSWORD_REQUIRED',
          })
        }
        if (ctx.path !== '/sign-in/email') return
        const email = readEmail(ctx.body)
        if (!email) return
        try {
          await accountLimiter.hit(db, email)
        } catch (error) {
          if (error instanceof AppError && error.code === 'RATE_LIMITED') {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { message: 'Too many attempts', code: 'RATE_LIMITED' },
              { 'X-Retry-After': String(error.params.seconds) },
            )
          }
          throw error
        }
      }),
    },
    plugins: [tanstackStartCookies()],
  })
}

export type Auth = ReturnType<typeof createAuth>

let auth: Promise<Auth> | undefined

export function getAuth(): Promise<Auth> {
  auth ??= getDb().then((db) => createAuth(db, getEnv()))
  return auth
}

export function resetAuthForTests() {
  auth = undefined
}

/**
 * X-Forwarded-For is replaced by the one address our limits count: a forged, missing or
 * multi-entry header would put requests in one shared bucket.
 */
export function withClientAddress(headers: Headers, socketAddress: string | undefined): Headers {
  const result = new Headers(headers)
  const address = clientAddress(headers, socketAddress, getEnv().TRUST_PROXY)
  if (address) result.set('x-forwarded-for', address)
  else result.delete('x-forwarded-for')
  return result
}
