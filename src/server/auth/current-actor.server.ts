import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { getDb } from '../database.server'
import { getAuth, withClientAddress } from './auth.server'
import { type Actor, cachedSession } from './session-cache.server'

export type { Actor } from './session-cache.server'

/** The actor of the current request's session, or null without one. */
export async function currentActor(request: Request = getRequest()): Promise<Actor | null> {
  return cachedSession(await getDb(), request.headers.get('cookie'), async () => {
    const auth = await getAuth()
    const session = await auth.api.getSession({
      headers: withClientAddress(request.headers, getRequestIP()),
    })
    if (!session) return null
    return {
      actor: {
        id: session.user.id,
        name: session.user.name,
        emailVerified: session.user.emailVerified,
      },
      expiresAt: session.session.expiresAt,
    }
  })
}
