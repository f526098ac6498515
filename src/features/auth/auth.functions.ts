import { createHash } from 'node:crypto'
import { createServerFn } from '@tanstack/react-start'
import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { APIError } from 'better-auth/api'
import { AppError } from '~/lib/app-error'
import { getPreferences } from '~/lib/preferences/appearance.functions'
import { safeRedirect } from '~/lib/safe-redirect'
import { emailTokenClaims, getAuth, withClientAddress } from '~/server/auth/auth.server'
import { confirmationCodes } from './auth.repository.server'
import { confirmCodeSchema, registerSchema } from './auth.schemas'

function requestHeaders(): Headers {
  return withClientAddress(getRequest().headers, getRequestIP())
}

/**
 * Sign-up: the full shared schema again (terms included), then Better Auth.
 * An address that already has an account gets the same answer here, and its
 * owner a "someone tried" mail (Better Auth's onExistingUserSignUp).
 */
export const register = createServerFn({ method: 'POST' })
  .validator(registerSchema)
  .handler(async ({ data }) => {
    const auth = await getAuth()
    try {
      await auth.api.signUpEmail({
        body: {
          name: data.name,
          email: data.email,
          password: data.password,
          locale: getPreferences().locale,
          // Better Auth puts it in the verification URL; the confirmation mail carries it on.
          ...(data.redirect ? { callbackURL: safeRedirect(data.redirect) } : {}),
        },
        headers: requestHeaders(),
      })
    } catch (error) {
      if (error instanceof APIError && error.status === 'TOO_MANY_REQUESTS') {
        throw new AppError('RATE_LIMITED', { seconds: 60 })
      }
      throw error
    }
    return { email: data.email }
  })

export type ConfirmResult = { status: 'confirmed' | 'used' | 'expired' | 'invalid' }

/**
 * `/subscriptions/confirm/{code}`: verifies the address once and signs the
 * user in. A spent code is remembered (by hash) so a second use is refused
 * even while Better Auth's signature would still accept it.
 */
export const confirmEmail = createServerFn({ method: 'POST' })
  .validator(confirmCodeSchema)
  .handler(async ({ data }): Promise<ConfirmResult> => {
    const claims = emailTokenClaims(data.code)
    if (typeof claims.email !== 'string' || typeof claims.requestType === 'string') {
      return { status: 'invalid' }
    }
    const hash = createHash('sha256').update(data.code).digest('hex')
    const claimed = await confirmationCodes.claim(hash, claims.email)
    if (claimed === 'unknown-user') return { status: 'invalid' }
    if (claimed === 'used') return { status: 'used' }
    const auth = await getAuth()
    try {
      await auth.api.verifyEmail({ query: { token: data.code }, headers: requestHeaders() })
      return { status: 'confirmed' }
    } catch (error) {
      await confirmationCodes.release(hash)
      if (error instanceof APIError && /expired/i.test(String(error.body?.code ?? error.message))) {
        return { status: 'expired' }
      }
      return { status: 'invalid' }
    }
  })
