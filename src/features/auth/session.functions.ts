import { createServerFn } from '@tanstack/react-start'
import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { getAuth, withClientAddress } from '~/server/auth/auth.server'
import { getEnv } from '~/server/env.server'
import { DEMO_ACCOUNT, findDemoUser } from './auth.repository.server'

/*
 * Session reads, kept apart from the sign-up functions so the public pages
 * that only ask "who is signed in?" do not load the form schemas.
 */

export type SessionUser = {
  id: string
  name: string
  email: string
  emailVerified: boolean
  image: string | null
  locale: string
  /** The current session's id (not its token), to mark "this device". */
  sessionId: string
}

/** The signed-in user as a DTO (never the session token), or null. */
export const getSessionUser = createServerFn({ method: 'GET' }).handler(
  async (): Promise<SessionUser | null> => {
    const auth = await getAuth()
    const session = await auth.api.getSession({
      headers: withClientAddress(getRequest().headers, getRequestIP()),
    })
    if (!session) return null
    const { user } = session
    return {
      sessionId: session.session.id,
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image ?? null,
      locale: user.locale ?? 'en',
    }
  },
)

/** The sign-in screen's hint, shown only while the seeded demo account exists. */
export const getDemoHint = createServerFn({ method: 'GET' }).handler(async () => {
  const env = getEnv()
  const demoEnabled = (env.embedded && env.APP_ENV !== 'production') || env.DEMO_MODE
  if (!demoEnabled || !(await findDemoUser())) return null
  return { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }
})
