import { and, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import Stripe from 'stripe'
import type { Database } from '~/db/client.server'
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus, subscription, user } from '~/db/schema'
import { type Env, getEnv } from '~/server/env.server'
import { log } from '~/server/logger.server'

/* Pointed at STRIPE_API_BASE_URL (the real API, or the local fake in tests and `npm run dev:fakes`). */

let client: { key: string; base: string; stripe: Stripe } | undefined

/** The SDK for the configured key; null on an instance that does not bill. */
export function getStripe(env: Env = getEnv()): Stripe | null {
  const key = env.STRIPE_SECRET_KEY
  if (!key) return null
  if (client?.key === key && client.base === env.STRIPE_API_BASE_URL) return client.stripe
  const base = new URL(env.STRIPE_API_BASE_URL)
  const protocol = base.protocol === 'http:' ? 'http' : 'https'
  const stripe = new Stripe(key, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Tubefold' },
  })
  client = { key, base: env.STRIPE_API_BASE_URL, stripe }
  return stripe
}

export type PriceChoice = 'pro-monthly' | 'pro-yearly' | 'business'

export function priceIdOf(choice: PriceChoice, env: Env = getEnv()): string | undefined {
  if (choice === 'pro-monthly') return env.STRIPE_PRICE_PRO_MONTHLY
  if (choice === 'pro-yearly') return env.STRIPE_PRICE_PRO_YEARLY
  return env.STRIPE_PRICE_BUSINESS
}

function toStatus(value: string): SubscriptionStatus {
  return SUBSCRIPTION_STATUSES.find((status) => status === value) ?? 'incomplete'
}

const fromSeconds = (value: number | null | undefined) =>
  typeof value === 'number' ? new Date(value * 1000) : null

const ENDED_STATUSES: SubscriptionStatus[] = ['canceled', 'incomplete_expired']

/** Whether `sub` may write over the row: the subscription it mirrors, or one replacing it. */
function mayTakeRow(sub: Stripe.Subscription): SQL | undefined {
  const created = fromSeconds(sub.created)
  const replacing = ENDED_STATUSES.includes(toStatus(sub.status))
    ? undefined
    : or(
        inArray(subscription.status, ENDED_STATUSES),
        // Mirrored before the creation time was kept: the newest event decides, as before.
        isNull(subscription.stripeSubscriptionCreatedAt),
        created ? lte(subscription.stripeSubscriptionCreatedAt, created) : undefined,
      )
  return or(
    isNull(subscription.stripeSubscriptionId),
    eq(subscription.stripeSubscriptionId, sub.id),
    replacing,
  )
}

/**
 * Mirrors a subscription into its account's row (by metadata, else customer id); `unclaimed` when none.
 * `eventAt`: the carrying event's time; the row keeps the newest, so an older event (Stripe does not
 * deliver in order) is `stale`. Without it (an API answer) the row keeps its event time. Another
 * subscription takes the row only while it runs and is newer, or the mirrored one has ended.
 */
export async function mirrorSubscription(
  db: Database,
  sub: Stripe.Subscription,
  options: { claimedBy?: string | null; eventAt?: Date } = {},
): Promise<'mirrored' | 'stale' | 'unclaimed'> {
  const { claimedBy = null, eventAt } = options
  const customerId = typeof sub.customer === 'string' ? sub.customer : sub.customer.id
  let userId = claimedBy ?? sub.metadata?.userId ?? null
  if (!userId) {
    const [row] = await db
      .select({ userId: subscription.userId })
      .from(subscription)
      .where(eq(subscription.stripeCustomerId, customerId))
    userId = row?.userId ?? null
  }
  if (userId) {
    // A deleted account's subscription (canceled by decision 0064's job) has no row to go to.
    const [account] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId))
    userId = account?.id ?? null
  }
  if (!userId) {
    log.warn('billing: a subscription no account claims', { subscription: sub.id })
    return 'unclaimed'
  }
  const item = sub.items.data[0]
  const plan = item?.price.id === getEnv().STRIPE_PRICE_BUSINESS ? 'business' : 'pro'
  const values = {
    plan,
    status: toStatus(sub.status),
    trialEndsAt: fromSeconds(sub.trial_end),
    currentPeriodEnd: fromSeconds(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    quantity: item?.quantity ?? 1,
    stripeCustomerId: customerId,
    stripeSubscriptionId: sub.id,
    stripeSubscriptionCreatedAt: fromSeconds(sub.created),
  } as const
  const stamped = eventAt ? { ...values, stripeEventAt: eventAt } : values
  const written = await db
    .insert(subscription)
    .values({ userId, ...stamped })
    .onConflictDoUpdate({
      target: subscription.userId,
      set: stamped,
      setWhere: and(
        mayTakeRow(sub),
        // Same second: arrival order (Stripe's `created` has no finer grain).
        eventAt
          ? or(isNull(subscription.stripeEventAt), lte(subscription.stripeEventAt, eventAt))
          : undefined,
      ),
    })
    .returning({ userId: subscription.userId })
  return written.length > 0 ? 'mirrored' : 'stale'
}

/** Business is billed per member (people shared with + owner), prorated; nothing when it already matches. */
export async function updateSeats(db: Database, ownerId: string, seats: number): Promise<void> {
  const stripe = getStripe()
  if (!stripe) return
  const [row] = await db.select().from(subscription).where(eq(subscription.userId, ownerId))
  if (!row?.stripeSubscriptionId || row.plan !== 'business' || row.status === 'canceled') return
  if (row.quantity === seats) return
  const sub = await stripe.subscriptions.retrieve(row.stripeSubscriptionId)
  const item = sub.items.data[0]
  if (!item) return
  const updated = await stripe.subscriptions.update(sub.id, {
    items: [{ id: item.id, quantity: seats }],
    proration_behavior: 'create_prorations',
  })
  await mirrorSubscription(db, updated, { claimedBy: ownerId })
}
