import { eq } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { type SubscriptionStatus, subscription } from '~/db/schema'
import { getPlan, type PlanId, type PlanLimits, TRIAL_DAYS } from '~/features/billing/plans'
import { getEnv } from '~/server/env.server'

const DAY_MS = 24 * 60 * 60 * 1000

/** Statuses under which a paid plan is in force; past_due keeps it while Stripe retries the card. */
const PAID_STATUSES: readonly SubscriptionStatus[] = ['active', 'past_due']

export type SubscriptionRow = typeof subscription.$inferSelect

export type PlanState = {
  plan: PlanId
  /** No payment provider configured: every feature is unlocked, limits are off. */
  unlimited: boolean
  trialing: boolean
  trialEndsAt: Date | null
  /** Whole days left in the trial, rounded up (0 once it ended). */
  trialDaysLeft: number
  status: SubscriptionStatus
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  quantity: number
  hasCustomer: boolean
  businessTrialUsed: boolean
}

/** True when the instance bills (a Stripe key is configured); else self-hosted, unlimited. */
export function billingConfigured(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY)
}

/** A paid subscription gives its plan until it ends, a running trial Pro (or Business if tried), else Free. */
export function effectivePlanOf(row: SubscriptionRow | undefined, now: Date): PlanId {
  if (!row) return 'free'
  if (PAID_STATUSES.includes(row.status)) {
    // A subscription whose last paid period ended without a renewal event has lapsed.
    if (!row.currentPeriodEnd || row.currentPeriodEnd > now) return row.plan
  }
  if (row.status === 'trialing' && row.trialEndsAt && row.trialEndsAt > now) return row.plan
  return 'free'
}

export function planStateOf(
  row: SubscriptionRow | undefined,
  now: Date,
  unlimited: boolean,
): PlanState {
  const plan = effectivePlanOf(row, now)
  const trialing = row?.status === 'trialing' && plan !== 'free'
  const trialEndsAt = row?.trialEndsAt ?? null
  return {
    plan,
    unlimited,
    trialing,
    trialEndsAt,
    trialDaysLeft:
      trialing && trialEndsAt
        ? Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS))
        : 0,
    status: row?.status ?? 'none',
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    quantity: row?.quantity ?? 1,
    hasCustomer: Boolean(row?.stripeCustomerId),
    businessTrialUsed: row?.businessTrialUsed ?? false,
  }
}

export async function readSubscription(
  db: Database,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscription).where(eq(subscription.userId, userId))
  return row
}

/** The account's plan now (the clock is the caller's, so tests can move it). */
export async function readPlanState(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<PlanState> {
  return planStateOf(await readSubscription(db, userId), now, !billingConfigured())
}

/** The limits in force for an account; null when the instance does not bill. */
export async function limitsOf(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<PlanLimits | null> {
  if (!billingConfigured()) return null
  const plan = effectivePlanOf(await readSubscription(db, userId), now)
  return getPlan(plan).limits
}

/** No card. An account that already has a row keeps it: the trial is given once. */
export async function startTrial(db: Database, userId: string, now: Date = new Date()) {
  await db
    .insert(subscription)
    .values({
      userId,
      plan: 'pro',
      status: 'trialing',
      trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    })
    .onConflictDoNothing()
}

/** Once per account, only without a paid subscription; false when refused. */
export async function startBusinessTrial(
  db: Database,
  userId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await readSubscription(db, userId)
  if (row?.businessTrialUsed || (row && PAID_STATUSES.includes(row.status))) return false
  const values = {
    plan: 'business' as const,
    status: 'trialing' as const,
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    trialNotices: [],
    businessTrialUsed: true,
  }
  await db
    .insert(subscription)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscription.userId, set: values })
  return true
}
