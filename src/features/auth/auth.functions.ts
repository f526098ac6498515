import { createHash } from 'node:crypto'
import { createServerFn } from '@tanstack/react-start'
import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { APIError } from 'better-auth/api'
import { getPreferences } from '~/lib/preferences/appearance.functions'
import { emailTokenClaims, getAuth, withClientAddress } from '~/server/auth/auth.server'
import { requestClientAddress } from '~/server/http/client-address.server'
import { confirmationCodes } from './auth.repository.server'
import { confirmCodeSchema, registerSchema } from './auth.schemas'
import { registerAccount } from './register.server'

function requestHeaders(): Headers {
  return withClientAddress(getRequest().headers, getRequestIP())
}

/** Sign-up: the full shared schema again (terms included), then the limited sign-up. */
export const register = createServerFn({ method: 'POST' })
  .validator(registerSchema)
  .handler(async ({ data }) =>
    registerAccount(data, {
      headers: requestHeaders(),
      ip: requestClientAddress(),
      locale: getPreferences().locale,
    }),
  )

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
