import type { Database } from '~/db/client.server'
import { user } from '~/db/schema'
import type { Auth } from '~/server/auth/auth.server'
import type { Actor } from '~/server/auth/current-actor.server'

export type UserFactoryInput = {
  name?: string
  email?: string
  password?: string
  verified?: boolean
  locale?: 'en' | 'pt' | 'es'
}

let sequence = 0

/** With a password the way Better Auth stores one, without sending mail. */
export async function createUser(auth: Auth, input: UserFactoryInput = {}) {
  sequence += 1
  const ctx = await auth.$context
  const email = (input.email ?? `user${sequence}.${Date.now()}@example.test`).toLowerCase()
  const password = input.password ?? 'correct horse battery'
  const created = await ctx.internalAdapter.createUser(
    {
      name: input.name ?? `Test User ${sequence}`,
      email,
      emailVerified: input.verified ?? true,
      locale: input.locale ?? 'en',
    },
    { method: 'email-password' },
  )
  await ctx.internalAdapter.linkAccount({
    providerId: 'credential',
    accountId: created.id,
    userId: created.id,
    password: await ctx.password.hash(password),
  })
  return { id: created.id, email, password, name: created.name }
}

export type ActorFactoryOptions = {
  /** Stored as given (tests of case-insensitive matching need a mixed-case one). */
  email?: string
  verified?: boolean
  locale?: 'en' | 'pt' | 'es'
}

/** A user row written directly (no password) and its Actor, for tests that call `*.server.ts` without signing in. */
export async function createActor(
  db: Database,
  name: string,
  options: ActorFactoryOptions = {},
): Promise<Actor & { email: string }> {
  const id = crypto.randomUUID()
  const local = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const email = options.email ?? `${local}.${id.slice(0, 8)}@example.test`
  const emailVerified = options.verified ?? true
  await db.insert(user).values({ id, name, email, emailVerified, locale: options.locale ?? 'en' })
  return { id, name, emailVerified, email }
}
