import { createServerFn } from '@tanstack/react-start'
import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { getAuth, withClientAddress } from '~/server/auth/auth.server'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { getEnv } from '~/server/env.server'
import { deletionSummary } from './account-deletion.server'
import { DEMO_ACCOUNT, findDemoUser } from './auth.repository.server'
import type { DeletionSummary } from './auth.schemas'

// Apart from the sign-up functions so public pages asking "who is signed in?" do not load the form schemas.

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

export type ActiveSession = {
  id: string
  /** Better Auth revokes by token; only the owner of these sessions receives it. */
  token: string
  userAgent: string | null
  ipAddress: string | null
  createdAt: string
}

// Read on the server so the list renders at once: filling in after paint pushed the delete form under the pointer.
export const listActiveSessions = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async (): Promise<ActiveSession[]> => {
    const auth = await getAuth()
    const sessions = await auth.api.listSessions({
      headers: withClientAddress(getRequest().headers, getRequestIP()),
    })
    return sessions.map((session) => ({
      id: session.id,
      token: session.token,
      userAgent: session.userAgent ?? null,
      ipAddress: session.ipAddress ?? null,
      createdAt: session.createdAt.toISOString(),
    }))
  })

/** The sign-in screen's hint, shown only while the seeded demo account exists. */
export const getDemoHint = createServerFn({ method: 'GET' }).handler(async () => {
  const env = getEnv()
  const demoEnabled = (env.embedded && env.APP_ENV !== 'production') || env.DEMO_MODE
  if (!demoEnabled || !(await findDemoUser())) return null
  return { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }
})

export const getDeletionSummary = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(
    async ({ context }): Promise<DeletionSummary> =>
      deletionSummary(await getDb(), context.actor.id),
  )
