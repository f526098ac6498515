import { eq } from 'drizzle-orm'
import { DEMO_ACCOUNT } from '~/config/demo-account'
import { usedConfirmationCode, user } from '~/db/schema'
import { getDb } from '~/server/database.server'

export { DEMO_ACCOUNT }

export const confirmationCodes = {
  /** Marks a code spent; answers whether this call was the first to spend it. */
  async claim(codeHash: string, email: string): Promise<'claimed' | 'used' | 'unknown-user'> {
    const db = await getDb()
    const [owner] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email.toLowerCase()))
    if (!owner) return 'unknown-user'
    const inserted = await db
      .insert(usedConfirmationCode)
      .values({ codeHash, userId: owner.id })
      .onConflictDoNothing()
      .returning({ codeHash: usedConfirmationCode.codeHash })
    return inserted.length > 0 ? 'claimed' : 'used'
  },
  /** A code that failed verification (expired, forged) is not counted as spent. */
  async release(codeHash: string) {
    const db = await getDb()
    await db.delete(usedConfirmationCode).where(eq(usedConfirmationCode.codeHash, codeHash))
  },
}

export async function findDemoUser() {
  const db = await getDb()
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, DEMO_ACCOUNT.email))
  return row ?? null
}
