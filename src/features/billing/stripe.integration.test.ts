import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { billingEvent, groupMember, subscription } from '~/db/schema'
import { syncSeats } from '~/features/billing/plan-limits.server'
import { readPlanState } from '~/features/billing/subscription.server'
import { createTree } from '~/seed/factories/organiser.server'
import { setSubscription } from '~/seed/factories/subscriptions.server'
import { createActor } from '~/seed/factories/users.server'
import {
  type Delivery,
  parseForm,
  type StripeFake,
  startStripeFake,
} from '../../../tests/fakes/stripe-fake'
import { codeOf } from '../../../tests/support/app-errors'
import { billingEnv, disableBilling, enableBilling } from '../../../tests/support/billing'
import { db } from '../../../tests/support/database'
import { getBillingOverview, openPortal, startCheckout, tryBusiness } from './billing.server'
import { handleStripeWebhook } from './stripe-webhook.server'

/*
 * Stripe end to end against the local fake: Checkout, signed webhooks
 * mirrored into the subscription row, the portal's cancel, a forged
 * signature, a replayed event, and Business seats following the people shared with.
 */

let fake: StripeFake
const answers: { type: string; status: number; body: string }[] = []

async function post(delivery: Delivery): Promise<Response> {
  return handleStripeWebhook({
    request: new Request('http://localhost:3000/api/stripe/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': delivery.signature, 'content-type': 'application/json' },
      body: delivery.payload,
    }),
  })
}

beforeAll(async () => {
  fake = await startStripeFake({ webhookSecret: billingEnv.STRIPE_WEBHOOK_SECRET })
  fake.deliver = async (delivery) => {
    const response = await post(delivery)
    answers.push({
      type: delivery.type,
      status: response.status,
      body: (await response.text()).trim(),
    })
  }
  enableBilling({ STRIPE_API_BASE_URL: fake.url })
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  disableBilling()
  await fake.close()
})

const sessionIdOf = (url: string) => url.split('/').at(-1) ?? ''

async function subscribe(price: 'pro-monthly' | 'pro-yearly' | 'business' = 'pro-monthly') {
  const actor = await createActor(db, 'Subscriber')
  await setSubscription(db, actor.id, 'trial-ended')
  const { url } = await startCheckout(db, actor, { price })
  expect(url).toContain(`${fake.url}/checkout/`)
  const sub = await fake.completeCheckout(sessionIdOf(url))
  return { actor, subscriptionId: String(sub.id) }
}

describe('Stripe billing', () => {
  it('Checkout, then its signed webhooks, put the account on Pro', async () => {
    const { actor, subscriptionId } = await subscribe('pro-yearly')
    expect(answers.slice(-2)).toEqual([
      { type: 'checkout.session.completed', status: 200, body: 'applied' },
      { type: 'customer.subscription.created', status: 200, body: 'applied' },
    ])
    expect(await readPlanState(db, actor.id)).toMatchObject({
      plan: 'pro',
      status: 'active',
      trialing: false,
      cancelAtPeriodEnd: false,
      hasCustomer: true,
    })
    const [row] = await db.select().from(subscription).where(eq(subscription.userId, actor.id))
    expect(row?.stripeSubscriptionId).toBe(subscriptionId)
    const created = fake.calls.find((call) => call.path === '/v1/checkout/sessions')
    expect(parseForm(created?.body ?? '')).toMatchObject({
      mode: 'subscription',
      client_reference_id: actor.id,
      line_items: { '0': { price: billingEnv.STRIPE_PRICE_PRO_YEARLY, quantity: '1' } },
    })
  })

  it('a cancel in the portal keeps Pro until the period ends, then the account is on Free', async () => {
    const { actor, subscriptionId } = await subscribe()
    const portal = await openPortal(db, actor)
    expect(portal.url).toContain(`${fake.url}/portal/`)
    await fake.cancelAtPeriodEnd(subscriptionId)
    expect(await readPlanState(db, actor.id)).toMatchObject({
      plan: 'pro',
      cancelAtPeriodEnd: true,
    })
    // The period running out is enough, even before Stripe's deletion arrives.
    const state = await readPlanState(db, actor.id)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date((state.currentPeriodEnd?.getTime() ?? 0) + 1000))
    expect((await readPlanState(db, actor.id)).plan).toBe('free')
    vi.useRealTimers()
    await fake.endSubscription(subscriptionId)
    expect(await readPlanState(db, actor.id)).toMatchObject({ plan: 'free', status: 'canceled' })
  })

  it('refuses a webhook with a bad signature (400) and changes nothing', async () => {
    const { actor, subscriptionId } = await subscribe()
    const sub = fake.subscriptions.get(subscriptionId)
    const forged = JSON.stringify({
      id: 'evt_forged_1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...sub, status: 'canceled' } },
    })
    for (const signature of ['t=1,v1=deadbeef', '']) {
      const response = await post({ payload: forged, signature, type: 'forged' })
      expect(response.status).toBe(400)
    }
    // Signed with another secret: refused too.
    const other = new Stripe('sk_other').webhooks.generateTestHeaderString({
      payload: forged,
      secret: 'whsec_someone_else',
    })
    expect((await post({ payload: forged, signature: other, type: 'forged' })).status).toBe(400)
    expect(await readPlanState(db, actor.id)).toMatchObject({ plan: 'pro', status: 'active' })
    expect(await db.select().from(billingEvent).where(eq(billingEvent.id, 'evt_forged_1'))).toEqual(
      [],
    )
  })

  it('applies a replayed event once: the second delivery has no effect', async () => {
    const { actor, subscriptionId } = await subscribe()
    await fake.cancelAtPeriodEnd(subscriptionId)
    const update = fake.deliveries.at(-1)
    if (!update) throw new Error('no delivery')
    await fake.endSubscription(subscriptionId)
    expect((await readPlanState(db, actor.id)).plan).toBe('free')
    // The older "updated" (still active) arrives again: already applied, so it changes nothing.
    const again = await post(update)
    expect(again.status).toBe(200)
    expect((await again.text()).trim()).toBe('replayed')
    expect(await readPlanState(db, actor.id)).toMatchObject({ plan: 'free', status: 'canceled' })
  })

  it('ignores an older subscription event arriving after a newer one, and records it', async () => {
    const { actor, subscriptionId } = await subscribe()
    fake.holdDeliveries()
    await fake.cancelAtPeriodEnd(subscriptionId)
    // A minute later the cancel is taken back; Stripe delivers the two out of order.
    fake.advanceClock(60)
    await fake.resumeSubscription(subscriptionId)
    fake.advanceClock(-60)
    await fake.flushHeld({ reversed: true })
    expect(answers.slice(-2)).toEqual([
      { type: 'customer.subscription.updated', status: 200, body: 'applied' },
      { type: 'customer.subscription.updated', status: 200, body: 'stale' },
    ])
    expect(await readPlanState(db, actor.id)).toMatchObject({
      plan: 'pro',
      cancelAtPeriodEnd: false,
    })
    // Processed all the same: delivered again, it is a replay.
    const older = fake.deliveries.at(-1)
    if (!older) throw new Error('no delivery')
    expect((await (await post(older)).text()).trim()).toBe('replayed')
    expect((await readPlanState(db, actor.id)).cancelAtPeriodEnd).toBe(false)
  })

  it('keeps a new subscription when the one canceled before it sends a late event', async () => {
    const { actor, subscriptionId: first } = await subscribe()
    await fake.cancelAtPeriodEnd(first)
    // Before the first one's period ends, the account subscribes again, to Business.
    fake.advanceClock(60)
    const { url } = await startCheckout(db, actor, { price: 'business' })
    const second = String((await fake.completeCheckout(sessionIdOf(url))).id)
    const current = { plan: 'business', status: 'active', cancelAtPeriodEnd: false }
    expect(await readPlanState(db, actor.id)).toMatchObject(current)
    // Events of the first one, newer than any of the second's: still running (a change), then ended.
    fake.advanceClock(60)
    fake.holdDeliveries()
    await fake.resumeSubscription(first)
    fake.advanceClock(60)
    await fake.endSubscription(first)
    const late = fake.takeHeld()
    // One delivered before the second one's own newer event, one long after it.
    await fake.resumeSubscription(second)
    for (const delivery of late) await fake.redeliver(delivery)
    expect(answers.slice(-3)).toEqual([
      { type: 'customer.subscription.updated', status: 200, body: 'applied' },
      { type: 'customer.subscription.updated', status: 200, body: 'stale' },
      { type: 'customer.subscription.deleted', status: 200, body: 'stale' },
    ])
    expect(await readPlanState(db, actor.id)).toMatchObject(current)
    const [row] = await db.select().from(subscription).where(eq(subscription.userId, actor.id))
    expect(row?.stripeSubscriptionId).toBe(second)

    // The second one ending lets the row say so.
    fake.advanceClock(60)
    await fake.endSubscription(second)
    expect(await readPlanState(db, actor.id)).toMatchObject({ plan: 'free', status: 'canceled' })
    fake.advanceClock(-240)
  })

  it('lets an account try Business once, without a card', async () => {
    const actor = await createActor(db, 'Curious')
    await setSubscription(db, actor.id, 'trial')
    const overview = await tryBusiness(db, actor)
    expect(overview).toMatchObject({
      plan: 'business',
      seats: null,
      trialing: true,
      trialDaysLeft: 14,
      canTryBusiness: false,
    })
    expect(await codeOf(tryBusiness(db, actor))).toBe('BUSINESS_TRIAL_USED')
  })

  it('bills Business per member: the quantity follows the people shared with, prorated', async () => {
    const { actor } = await subscribe('business')
    expect(await readPlanState(db, actor.id)).toMatchObject({ plan: 'business', quantity: 1 })
    const ids = await createTree(db, actor.id, [{ name: 'Team' }], new Map())
    for (const name of ['Ana', 'Bea']) {
      const member = await createActor(db, name)
      await db
        .insert(groupMember)
        .values({ groupId: ids.get('Team') ?? '', userId: member.id, role: 'viewer' })
    }
    // The billing screen's count of people moves first; the seats billed follow the sync.
    expect((await getBillingOverview(db, actor)).seats).toEqual({ billed: 1, counted: 3 })
    await syncSeats(db, actor.id)
    expect((await readPlanState(db, actor.id)).quantity).toBe(3)
    expect((await getBillingOverview(db, actor)).seats).toEqual({ billed: 3, counted: 3 })
    const update = fake.calls
      .filter((call) => call.method === 'POST' && call.path.startsWith('/v1/subscriptions/'))
      .at(-1)
    expect(parseForm(update?.body ?? '')).toMatchObject({
      proration_behavior: 'create_prorations',
      items: { '0': { quantity: '3' } },
    })
    // Unchanged: Stripe is not asked again.
    const before = fake.calls.length
    await syncSeats(db, actor.id)
    expect(fake.calls.length).toBe(before)
  })
})
