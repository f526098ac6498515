import { and, count, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { pushSubscription } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { PUSH_SUBSCRIPTIONS_MAX, type PushSubscriptionInput } from './notifications.schemas'
import { pushEndpointAllowed } from './push-endpoint'

/* Browsers that accepted push; the endpoint is checked before it is kept (push-endpoint.ts). */

/**
 * Saves this browser's subscription for the actor. An endpoint is one
 * browser's: saved again (by whoever is signed in there now) it moves to them.
 */
export async function savePushSubscription(
  db: Database,
  userId: string,
  input: PushSubscriptionInput & { userAgent: string | null },
  appEnv: string,
): Promise<void> {
  if (!pushEndpointAllowed(input.endpoint, appEnv)) throw new AppError('VALIDATION')
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: pushSubscription.userId })
      .from(pushSubscription)
      .where(eq(pushSubscription.endpoint, input.endpoint))
    if (existing?.userId !== userId) {
      const [held] = await tx
        .select({ n: count() })
        .from(pushSubscription)
        .where(eq(pushSubscription.userId, userId))
      if ((held?.n ?? 0) >= PUSH_SUBSCRIPTIONS_MAX) throw new AppError('PUSH_SUBSCRIPTION_LIMIT')
    }
    const values = {
      userId,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      failures: 0,
    }
    await tx
      .insert(pushSubscription)
      .values({ endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscription.endpoint, set: values })
  })
}

/** Forgets one of the actor's browsers; someone else's endpoint is left alone. */
export async function deletePushSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, userId), eq(pushSubscription.endpoint, endpoint)))
}
