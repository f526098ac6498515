import { and, asc, count, eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { pushSubscription } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import {
  PUSH_SUBSCRIPTIONS_MAX,
  type PushBrowser,
  type PushSubscriptionInput,
} from './notifications.schemas'
import { pushEndpointAllowed } from './push-endpoint'
import { browserLabel } from './user-agent-label'

/** An endpoint is one browser's: saved again by whoever is signed in there now, it moves to them. */
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

/** The actor's browsers, oldest first, named from their user agent; never their keys. */
export async function listPushBrowsers(db: Database, userId: string): Promise<PushBrowser[]> {
  const rows = await db
    .select({
      id: pushSubscription.id,
      endpoint: pushSubscription.endpoint,
      userAgent: pushSubscription.userAgent,
      createdAt: pushSubscription.createdAt,
    })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, userId))
    .orderBy(asc(pushSubscription.createdAt), asc(pushSubscription.id))
  return rows.map((row) => ({
    id: row.id,
    // The page matches it against its own subscription to mark "this browser".
    endpoint: row.endpoint,
    ...browserLabel(row.userAgent),
    createdAt: row.createdAt.toISOString(),
  }))
}

/** Forgets one of the actor's browsers; another person's (or a gone) one is PUSH_BROWSER_NOT_FOUND. */
export async function removePushBrowser(db: Database, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, userId), eq(pushSubscription.id, id)))
    .returning({ id: pushSubscription.id })
  if (removed.length === 0) throw new AppError('PUSH_BROWSER_NOT_FOUND')
}
