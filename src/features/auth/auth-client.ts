import { createAuthClient } from 'better-auth/react'

/** Browser side of Better Auth: same origin, cookies only, no tokens in JS. */
export const authClient = createAuthClient({ basePath: '/api/auth' })

/** Better Auth answers 429 with the seconds to wait in X-Retry-After. */
export function retryAfterSeconds(response: Response | undefined): number {
  const value = Number(response?.headers.get('X-Retry-After'))
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : 60
}
