import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subscription } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { setSubscription } from '~/seed/factories/subscriptions.server'
import { createActor } from '~/seed/factories/users.server'
import { getEnv } from '~/server/env.server'
import { parseForm, type StripeFake, startStripeFake } from '../../../tests/fakes/stripe-fake'
import { codeOf } from '../../../tests/support/app-errors'
import { billingEnv, disableBilling, enableBilling } from '../../../tests/support/billing'
import { db } from '../../../tests/support/database'
import { callOverWire, sessionCookie } from '../../../tests/support/wire'
import { openBillingPortal, startCheckout, tryBusiness } from './billing.functions'

/*
 * The billing functions that talk to Stripe, called over the wire as the
 * billing page calls them (session, validator, handler, serialised answer),
 * against the local Stripe fake: each acts on the caller's own account and
 * Stripe customer only. getBillingOverview is a row of the billing matrix.
 */

type Person = { id: string; cookie: string }

let fake: StripeFake

beforeAll(async () => {
  fake = await startStripeFake({ webhookSecret: billingEnv.STRIPE_WEBHOOK_SECRET })
  enableBilling({ STRIPE_API_BASE_URL: fake.url })
  // Every Stripe call of this file goes to the fake, never to api.stripe.com.
  expect(getEnv().STRIPE_API_BASE_URL).toBe(fake.url)
})
afterAll(async () => {
  disableBilling()
  await fake.close()
})

async function person(name: string, plan: 'free' | 'trial-ended' = 'trial-ended'): Promise<Person> {
  const actor = await createActor(db, name)
  await setSubscription(db, actor.id, plan)
  return { id: actor.id, cookie: await sessionCookie(actor.id) }
}

async function customerOf(userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customer: subscription.stripeCustomerId })
    .from(subscription)
    .where(eq(subscription.userId, userId))
  return row?.customer ?? null
}

/** The form bodies of the calls the app made to the fake at `path`, oldest first. */
const sentTo = (path: string) =>
  fake.calls.filter((call) => call.path === path).map((call) => parseForm(call.body))

describe('billing server functions over the wire', () => {
  it("startCheckout: a Checkout session for the caller's own new customer", async () => {
    const buyer = await person('Wire Buyer')
    const { url } = await callOverWire(startCheckout, {
      data: { price: 'pro-yearly' },
      cookie: buyer.cookie,
    })
    expect(url.startsWith(`${fake.url}/checkout/cs_`)).toBe(true)
    const customer = await customerOf(buyer.id)
    expect(customer).toMatch(/^cus_/)
    expect(sentTo('/v1/customers').at(-1)).toMatchObject({ metadata: { userId: buyer.id } })
    expect(sentTo('/v1/checkout/sessions').at(-1)).toMatchObject({
      mode: 'subscription',
      customer,
      client_reference_id: buyer.id,
      line_items: { '0': { price: billingEnv.STRIPE_PRICE_PRO_YEARLY, quantity: '1' } },
      subscription_data: { metadata: { userId: buyer.id } },
    })
  })

  it('startCheckout: the validator refuses a price it does not offer, before Stripe', async () => {
    const buyer = await person('Wire Bargain Hunter')
    const calls = fake.calls.length
    const refused = await callOverWire(startCheckout, {
      malformed: { price: 'lifetime' },
      cookie: buyer.cookie,
    }).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(Error)
    expect(refused).not.toBeInstanceOf(AppError)
    expect(fake.calls.length).toBe(calls)
    expect(await customerOf(buyer.id)).toBeNull()
  })

  it("openBillingPortal: the portal of the caller's own customer, and of nobody else's", async () => {
    const first = await person('Wire Portal One')
    const second = await person('Wire Portal Two')
    for (const caller of [first, second]) {
      await callOverWire(startCheckout, { data: { price: 'pro-monthly' }, cookie: caller.cookie })
    }
    const customers = [await customerOf(first.id), await customerOf(second.id)]
    expect(customers[0]).not.toBe(customers[1])
    for (const [index, caller] of [first, second].entries()) {
      const { url } = await callOverWire(openBillingPortal, { cookie: caller.cookie })
      expect(url.startsWith(`${fake.url}/portal/bps_`)).toBe(true)
      expect(sentTo('/v1/billing_portal/sessions').at(-1)).toMatchObject({
        customer: customers[index],
        return_url: `${getEnv().BASE_URL}/dashboard/settings/billing/`,
      })
    }
  })

  it('openBillingPortal: BILLING_UNAVAILABLE without a Stripe customer, and no portal made', async () => {
    const newcomer = await person('Wire No Customer', 'free')
    const portals = sentTo('/v1/billing_portal/sessions').length
    expect(await codeOf(callOverWire(openBillingPortal, { cookie: newcomer.cookie }))).toBe(
      'BILLING_UNAVAILABLE',
    )
    expect(sentTo('/v1/billing_portal/sessions')).toHaveLength(portals)
  })

  it("tryBusiness: starts the caller's own Business trial, once", async () => {
    const trier = await person('Wire Trier', 'free')
    const bystander = await person('Wire Bystander', 'free')
    const overview = await callOverWire(tryBusiness, { cookie: trier.cookie })
    expect(overview).toMatchObject({
      billing: true,
      plan: 'business',
      trialing: true,
      canTryBusiness: false,
      usage: { groups: 0, channels: 0, shareMembers: 0 },
    })
    expect(overview.trialDaysLeft).toBeGreaterThan(0)
    expect(await codeOf(callOverWire(tryBusiness, { cookie: trier.cookie }))).toBe(
      'BUSINESS_TRIAL_USED',
    )
    // Nobody else's account moved.
    const [row] = await db.select().from(subscription).where(eq(subscription.userId, bystander.id))
    expect(row).toBeUndefined()
  })

  it('refuses each without a session, and sends nothing to Stripe', async () => {
    const calls = fake.calls.length
    expect(await codeOf(callOverWire(startCheckout, { data: { price: 'business' } }))).toBe(
      'UNAUTHENTICATED',
    )
    expect(await codeOf(callOverWire(openBillingPortal))).toBe('UNAUTHENTICATED')
    expect(await codeOf(callOverWire(tryBusiness))).toBe('UNAUTHENTICATED')
    expect(fake.calls.length).toBe(calls)
  })
})
