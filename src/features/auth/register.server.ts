import { APIError } from 'better-auth/api'
import type { z } from 'zod'
import { AppError } from '~/lib/app-error'
import type { Locale } from '~/lib/i18n/locales'
import { safeRedirect } from '~/lib/safe-redirect'
import { authLimitsOn, getAuth } from '~/server/auth/auth.server'
import { getDb } from '~/server/database.server'
import { getEnv } from '~/server/env.server'
import { createRateLimiter } from '~/server/rate-limit.server'
import type { registerSchema } from './auth.schemas'

const HOUR_MS = 60 * 60 * 1000
/** Sign-ups per client address and hour: a family or an office, not a script. */
const SIGN_UP_PER_IP = { bucket: 'sign-up-ip', limit: 10, windowMs: HOUR_MS }
const SIGN_UP_PER_ADDRESS = { bucket: 'sign-up-address', limit: 3, windowMs: HOUR_MS }

const perIp = createRateLimiter(SIGN_UP_PER_IP)
const perAddress = createRateLimiter(SIGN_UP_PER_ADDRESS)

/**
 * Calling Better Auth's API directly skips its own limiter, so the limits are here. An existing
 * address gets the same answer as a new one, and its owner a "someone tried" mail (once a day).
 */
export async function registerAccount(
  data: z.output<typeof registerSchema>,
  request: { headers: Headers; ip: string | undefined; locale: Locale },
): Promise<{ email: string }> {
  if (authLimitsOn(getEnv())) {
    const db = await getDb()
    await perIp.hit(db, request.ip ?? 'unknown')
    await perAddress.hit(db, data.email)
  }
  const auth = await getAuth()
  try {
    await auth.api.signUpEmail({
      body: {
        name: data.name,
        email: data.email,
        password: data.password,
        locale: request.locale,
        // Better Auth puts it in the verification URL; the confirmation mail carries it on.
        ...(data.redirect ? { callbackURL: safeRedirect(data.redirect) } : {}),
      },
      headers: request.headers,
    })
  } catch (error) {
    if (error instanceof APIError && error.status === 'TOO_MANY_REQUESTS') {
      throw new AppError('RATE_LIMITED', { seconds: 60 })
    }
    throw error
  }
  return { email: data.email }
}
