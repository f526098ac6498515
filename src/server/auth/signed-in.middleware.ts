import { createMiddleware } from '@tanstack/react-start'
import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { AppError } from '~/lib/app-error'
import { getAuth, withClientAddress } from './auth.server'

/** Who a server function acts for: the id from the session, never one sent by the client. */
export type Actor = { id: string; name: string; emailVerified: boolean }

/**
 * Server functions that touch a user's data start with this: no session,
 * no call. Authorization of the row itself stays in each feature.
 */
export const signedIn = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const auth = await getAuth()
  const session = await auth.api.getSession({
    headers: withClientAddress(getRequest().headers, getRequestIP()),
  })
  if (!session) throw new AppError('UNAUTHENTICATED')
  const actor: Actor = {
    id: session.user.id,
    name: session.user.name,
    emailVerified: session.user.emailVerified,
  }
  return next({ context: { actor } })
})
