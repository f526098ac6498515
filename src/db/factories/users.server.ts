import type { Auth } from '~/server/auth/auth.server'

export type UserFactoryInput = {
  name?: string
  email?: string
  password?: string
  verified?: boolean
  locale?: 'en' | 'pt' | 'es'
}

let sequence = 0

/**
 * Creates a user with a password the way Better Auth stores one, without
 * sending mail. Shared by the tests and the demo seed.
 */
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
