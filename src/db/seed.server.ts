import { eq } from 'drizzle-orm'
import { DEMO_ACCOUNT } from '~/config/demo-account'
import type { Auth } from '~/server/auth/auth.server'
import type { Database } from './client.server'
import { createUser } from './factories/users.server'
import { user } from './schema'

/** Idempotent: the demo account is created once, with the same factory the tests use. */
export async function seedDemo(db: Database, auth: Auth): Promise<boolean> {
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_ACCOUNT.email))
  if (existing) return false
  await createUser(auth, { ...DEMO_ACCOUNT, verified: true })
  return true
}
