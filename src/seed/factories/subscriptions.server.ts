import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { type SubscriptionStatus, subscription } from '~/db/schema'

const DAY_MS = 24 * 60 * 60 * 1000

/** The plan states tests and the seed give an account. */
export type PlanSetup = 'free' | 'trial' | 'trial-ended' | 'pro' | 'business' | 'canceled'

/**
 * Writes an account's subscription row as if it had come that far: a trial
 * running or ended, a paid Pro or Business subscription, one canceled, or
 * none at all (Free). Replaces whatever row was there.
 */
export async function setSubscription(
  db: Database,
  userId: string,
  setup: PlanSetup,
  now: Date = new Date(),
): Promise<void> {
  if (setup === 'free') {
    await db.delete(subscription).where(eq(subscription.userId, userId))
    return
  }
  const status: SubscriptionStatus =
    setup === 'trial' || setup === 'trial-ended'
      ? 'trialing'
      : setup === 'canceled'
        ? 'canceled'
        : 'active'
  const values = {
    userId,
    plan: setup === 'business' ? ('business' as const) : ('pro' as const),
    status,
    trialEndsAt:
      setup === 'trial'
        ? new Date(now.getTime() + 14 * DAY_MS)
        : setup === 'trial-ended'
          ? new Date(now.getTime() - DAY_MS)
          : null,
    currentPeriodEnd:
      setup === 'pro' || setup === 'business' ? new Date(now.getTime() + 30 * DAY_MS) : null,
  }
  await db
    .insert(subscription)
    .values(values)
    .onConflictDoUpdate({ target: subscription.userId, set: values })
}
