import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { getAuth, withClientAddress } from './auth.server'

/** Who a server function acts for: the id from the session, never one sent by the client. */
export type Actor = { id: string; name: string; emailVerified: boolean }

/** The actor of the current request's session, or null without one. */
export async function currentActor(request: Request = getRequest()): Promise<Actor | null> {
  const auth = await getAuth()
  const session = await auth.api.getSession({
    headers: withClientAddress(request.headers, getRequestIP()),
  })
  if (!session) return null
  return {
    id: session.user.id,
    name: session.user.name,
    emailVerified: session.user.emailVerified,
  }
}
