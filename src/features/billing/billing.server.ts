import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '~/db/client.server'
import { subscription, user } from '~/db/schema'
import { sharedPeopleOf, usageOf } from '~/features/billing/plan-limits.server'
import { getPlan } from '~/features/billing/plans'
import { getStripe, priceIdOf } from '~/features/billing/stripe.server'
import { readPlanState, startBusinessTrial } from '~/features/billing/subscription.server'
import { AppError } from '~/lib/app-error'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getEnv } from '~/server/env.server'
import type { BillingOverview, checkoutSchema, RedirectTo } from './billing.schemas'

/* Each function acts on the actor's own account only. */

const BILLING_PAGE = '/dashboard/settings/billing/'

export async function getBillingOverview(db: Database, actor: Actor): Promise<BillingOverview> {
  const state = await readPlanState(db, actor.id)
  const limits = getPlan(state.plan).limits
  const usage = await usageOf(db, actor.id)
  return {
    billing: !state.unlimited,
    plan: state.plan,
    status: state.status,
    trialing: state.trialing,
    trialDaysLeft: state.trialDaysLeft,
    trialEndsAt: state.trialEndsAt?.toISOString() ?? null,
    currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    quantity: state.quantity,
    // A running Business plan that is not a trial is a Stripe subscription, billed per seat.
    seats:
      !state.unlimited && state.plan === 'business' && !state.trialing
        ? { billed: state.quantity, counted: usage.shareMembers + 1 }
        : null,
    canTryBusiness:
      !state.unlimited &&
      !state.businessTrialUsed &&
      state.plan !== 'business' &&
      !['active', 'past_due'].includes(state.status),
    canManage: state.hasCustomer,
    usage,
    limits: state.unlimited
      ? { groups: null, depth: null, channels: null, shareMembers: null }
      : limits,
  }
}

function requireStripe() {
  const stripe = getStripe()
  if (!stripe) throw new AppError('BILLING_UNAVAILABLE')
  return stripe
}

/** The account's Stripe customer, created (and kept on its row) the first time. */
async function customerOf(db: Database, actor: Actor): Promise<string> {
  const stripe = requireStripe()
  const [row] = await db.select().from(subscription).where(eq(subscription.userId, actor.id))
  if (row?.stripeCustomerId) return row.stripeCustomerId
  const [person] = await db.select({ email: user.email }).from(user).where(eq(user.id, actor.id))
  const customer = await stripe.customers.create({
    email: person?.email ?? '',
    name: actor.name,
    metadata: { userId: actor.id },
  })
  await db
    .insert(subscription)
    .values({ userId: actor.id, stripeCustomerId: customer.id })
    .onConflictDoUpdate({ target: subscription.userId, set: { stripeCustomerId: customer.id } })
  return customer.id
}

/** A Checkout session for Pro (monthly or yearly) or Business (a seat per person shared with, plus the owner). */
export async function startCheckout(
  db: Database,
  actor: Actor,
  input: z.infer<typeof checkoutSchema>,
): Promise<RedirectTo> {
  const stripe = requireStripe()
  const price = priceIdOf(input.price)
  if (!price) throw new AppError('BILLING_UNAVAILABLE')
  const customer = await customerOf(db, actor)
  const quantity = input.price === 'business' ? (await sharedPeopleOf(db, actor.id)).size + 1 : 1
  const base = getEnv().BASE_URL
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: actor.id,
    line_items: [{ price, quantity }],
    subscription_data: { metadata: { userId: actor.id } },
    success_url: `${base}${BILLING_PAGE}?checkout=done`,
    cancel_url: `${base}${BILLING_PAGE}`,
  })
  if (!session.url) throw new AppError('BILLING_UNAVAILABLE')
  return { url: session.url }
}

export async function openPortal(db: Database, actor: Actor): Promise<RedirectTo> {
  const stripe = requireStripe()
  const [row] = await db.select().from(subscription).where(eq(subscription.userId, actor.id))
  if (!row?.stripeCustomerId) throw new AppError('BILLING_UNAVAILABLE')
  const session = await stripe.billingPortal.sessions.create({
    customer: row.stripeCustomerId,
    return_url: `${getEnv().BASE_URL}${BILLING_PAGE}`,
  })
  return { url: session.url }
}

/** Business for 14 days, once per account, without a card. */
export async function tryBusiness(db: Database, actor: Actor): Promise<BillingOverview> {
  requireStripe()
  if (!(await startBusinessTrial(db, actor.id))) throw new AppError('BUSINESS_TRIAL_USED')
  return getBillingOverview(db, actor)
}
