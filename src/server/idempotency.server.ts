import { and, eq, lt, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { idempotencyKey } from '~/db/schema'
import { AppError } from '~/lib/app-error'

export const IDEMPOTENCY_KEY_TTL_HOURS = 24

export type IdempotentCall = {
  userId: string
  /** The client's key for this user action; without one the create simply runs. */
  key: string | undefined
  /** Names the create (e.g. `group.create`): one key serves one operation. */
  operation: string
}

/**
 * Runs a create at most once per (user, key): the key is claimed in the create's own
 * transaction, so a retry gets the first answer, and a concurrent call waits on the claim
 * (primary key) then answers the same, or creates if the first failed.
 * `create` must do its writes through the transaction it gets.
 */
export async function runOnce<T>(
  db: Database,
  call: IdempotentCall,
  parse: (stored: unknown) => T,
  create: (tx: Database) => Promise<T>,
): Promise<T> {
  const { userId, key, operation } = call
  if (!key) return create(db)
  const thisKey = and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key))
  return db.transaction(async (tx) => {
    // Expired keys of this user go first, so an old key is a new action again.
    await tx
      .delete(idempotencyKey)
      .where(
        and(
          eq(idempotencyKey.userId, userId),
          lt(
            idempotencyKey.createdAt,
            sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`,
          ),
        ),
      )
    const claimed = await tx
      .insert(idempotencyKey)
      .values({ userId, key, operation })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key })
    if (claimed.length === 0) {
      const [first] = await tx
        .select({ operation: idempotencyKey.operation, result: idempotencyKey.result })
        .from(idempotencyKey)
        .where(thisKey)
      // A key reused for another kind of create is a client bug, not a retry.
      if (!first || first.operation !== operation || first.result === null) {
        throw new AppError('VALIDATION')
      }
      return parse(first.result)
    }
    const result = await create(tx)
    await tx.update(idempotencyKey).set({ result }).where(thisKey)
    return result
  })
}
