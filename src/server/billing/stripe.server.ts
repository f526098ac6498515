import { and, eq, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import Stripe from 'stripe'
import type { Database } from '~/db/client.server'
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus, subscription, user } from '~/db/schema'
import { type Env, getEnv } from '~/server/env.server'
import { log } from '~/server/logger.server'

/*
 * Stripe through its official SDK, pointed at STRIPE_API_BASE_URL (the real
 * API, or the local fake in tests and `npm run dev:fakes`), and the mirror
 * of a Stripe subscription into our `subscription` row.
 */

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
 * Writes what a Stripe subscription says into the row of the account it
 * belongs to (found by its metadata, else by customer id); `unclaimed` when
 * no account claims it (then nothing changes). `eventAt`: the creation time of
 * the event that carried it; the row keeps the newest, and an event older
 * than that (Stripe does not deliver in order) changes nothing (`stale`). Without it
 * (an API answer) the row takes the state and keeps its event time. A subscription
 * other than the one mirrored takes the row only while it runs and is the newer of
 * the two, or the mirrored one has ended: a late event of a subscription canceled
 * before a new one leaves the new one's state (`stale` too).
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

/**
 * Business is billed per member: the subscription's quantity follows the
 * people the owner shares with plus the owner, prorated. Nothing happens
 * for any other plan or when the quantity already matches.
 */
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
