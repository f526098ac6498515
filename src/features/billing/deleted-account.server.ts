import { and, eq, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import { z } from 'zod'
import type { Database } from '~/db/client.server'
import { job, subscription, user } from '~/db/schema'
import { getDb } from '~/server/database.server'
import { defineJob, enqueue, enqueueNow } from '~/server/jobs/jobs.server'
import { log } from '~/server/logger.server'
import { getStripe } from './stripe.server'

/*
 * A deleted account's subscription is canceled by a retried job (decision 0064). Better Auth deletes the
 * user outside our transactions, so the job is queued before the deletion (surviving a crash) and hurried
 * after it; it cancels only once the account is really gone, so a failed deletion cancels nothing.
 */

const ENDED = new Set(['canceled', 'incomplete_expired'])
/** Runs that may find the account still there (its deletion not committed yet) before giving up. */
const ACCOUNT_STILL_THERE_RUNS = 3
/** The queued job's start when the deletion never reaches its end (a crash): a minute later. */
const FALLBACK_DELAY_MS = 60_000

const payloadSchema = z.object({ userId: z.string().min(1), subscriptionId: z.string().min(1) })
type Payload = z.infer<typeof payloadSchema>

const keyOf = (payload: Payload) => `billing.cancel-deleted:${payload.subscriptionId}`

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404
}

/** Cancels the subscription of an account that no longer exists; throws to be retried. */
export async function cancelDeletedAccountSubscription(
  db: Database,
  payload: Payload,
  attempt: number,
): Promise<'canceled' | 'ended' | 'kept'> {
  const [still] = await db.select({ id: user.id }).from(user).where(eq(user.id, payload.userId))
  if (still) {
    // Not committed yet: look again. Still there after that: the deletion failed and the account keeps its plan.
    if (attempt < ACCOUNT_STILL_THERE_RUNS) throw new Error('account not deleted yet')
    log.info('billing: account kept, its subscription too', {
      subscription: payload.subscriptionId,
    })
    return 'kept'
  }
  const stripe = getStripe()
  if (!stripe) {
    log.error('billing: a deleted account’s subscription needs a cancel, but Stripe is off', {
      subscription: payload.subscriptionId,
    })
    return 'kept'
  }
  try {
    const sub = await stripe.subscriptions.retrieve(payload.subscriptionId)
    if (ENDED.has(sub.status)) return 'ended'
    await stripe.subscriptions.cancel(payload.subscriptionId)
  } catch (error) {
    if (isMissing(error)) return 'ended'
    throw error
  }
  log.info('billing: deleted account’s subscription canceled', {
    subscription: payload.subscriptionId,
  })
  return 'canceled'
}

export const cancelDeletedAccountJob = defineJob({
  name: 'billing.cancel-deleted-account',
  schema: payloadSchema,
  // Doubling from a minute: about eight and a half hours of Stripe being unreachable.
  maxAttempts: 10,
  backoffMs: 60_000,
  handler: async (payload, ctx) => {
    await cancelDeletedAccountSubscription(await getDb(), payload, ctx.attempt)
  },
})

export async function queueDeletedAccountCancel(db: Database, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: subscription.stripeSubscriptionId, status: subscription.status })
    .from(subscription)
    .where(eq(subscription.userId, userId))
  if (!row?.id || ENDED.has(row.status)) return
  const payload = { userId, subscriptionId: row.id }
  // Queued once per subscription: a deletion tried again finds it already waiting.
  await enqueue(db, cancelDeletedAccountJob, payload, {
    singletonKey: keyOf(payload),
    runAt: new Date(Date.now() + FALLBACK_DELAY_MS),
  })
}

export async function hurryDeletedAccountCancel(db: Database, userId: string): Promise<void> {
  const rows = await db
    .select({ payload: job.payload })
    .from(job)
    .where(
      and(
        eq(job.name, cancelDeletedAccountJob.name),
        eq(job.state, 'queued'),
        eq(sql`${job.payload}->>'userId'`, userId),
      ),
    )
  for (const row of rows) {
    const payload = payloadSchema.parse(row.payload)
    await enqueueNow(db, cancelDeletedAccountJob, payload, keyOf(payload))
  }
}
