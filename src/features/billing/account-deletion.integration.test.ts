import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { job, subscription, user } from '~/db/schema'
import {
  cancelDeletedAccountJob,
  queueDeletedAccountCancel,
} from '~/features/billing/deleted-account.server'
import { readPlanState } from '~/features/billing/subscription.server'
import { runDueJobs } from '~/server/jobs/jobs.server'
import { type StripeFake, startStripeFake } from '../../../tests/fakes/stripe-fake'
import { authSuite } from '../../../tests/support/auth-suite'
import { billingEnv, disableBilling, enableBilling } from '../../../tests/support/billing'
import { db } from '../../../tests/support/database'
import { startCheckout } from './billing.server'
import { handleStripeWebhook } from './stripe-webhook.server'

/*
 * A deleted account is not billed any further (decision 0064): deleting it
 * cancels its Stripe subscription at once, through the fake Stripe; with
 * Stripe unreachable the deletion still goes through and the cancel is retried.
 */

const { newUser, signedIn, call } = authSuite()
let fake: StripeFake
const answers: string[] = []

beforeAll(async () => {
  fake = await startStripeFake({ webhookSecret: billingEnv.STRIPE_WEBHOOK_SECRET })
  fake.deliver = async (delivery) => {
    const response = await handleStripeWebhook({
      request: new Request('http://localhost:3000/api/stripe/webhook', {
        method: 'POST',
        headers: { 'stripe-signature': delivery.signature, 'content-type': 'application/json' },
        body: delivery.payload,
      }),
    })
    answers.push(`${delivery.type} ${response.status} ${(await response.text()).trim()}`)
  }
  enableBilling({ STRIPE_API_BASE_URL: fake.url })
})
afterAll(async () => {
  disableBilling()
  await fake.close()
})

async function subscriber(name: string) {
  const person = await newUser({ name })
  const actor = { id: person.id, name: person.name, emailVerified: true }
  const { url } = await startCheckout(db, actor, { price: 'pro-monthly' })
  const sub = await fake.completeCheckout(url.split('/').at(-1) ?? '')
  expect(await readPlanState(db, person.id)).toMatchObject({ plan: 'pro', status: 'active' })
  return {
    person,
    subscriptionId: String(sub.id),
    cookie: await signedIn(person.email, person.password),
  }
}

const cancels = (subscriptionId: string) =>
  fake.calls.filter(
    (call) => call.method === 'DELETE' && call.path === `/v1/subscriptions/${subscriptionId}`,
  )

describe('account deletion and billing', () => {
  it('cancels the subscription at once when a subscribed account is deleted', async () => {
    const { person, subscriptionId, cookie } = await subscriber('Paying Paula')
    const response = await call('/delete-user', { password: person.password }, { cookie })
    expect(response.status).toBe(200)
    expect(await db.select().from(user).where(eq(user.id, person.id))).toEqual([])

    // The deletion made the queued cancel due; the worker runs it.
    expect(await runDueJobs(db, [cancelDeletedAccountJob])).toMatchObject({ done: 1 })
    expect(cancels(subscriptionId)).toHaveLength(1)
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled')
    // Stripe's deletion event finds no account to write to: answered, not an error to retry.
    expect(answers.at(-1)).toBe('customer.subscription.deleted 200 applied')
    expect(await db.select().from(subscription).where(eq(subscription.userId, person.id))).toEqual(
      [],
    )
  })

  it('still deletes while Stripe is unreachable, and retries the cancel until it goes through', async () => {
    const { person, subscriptionId, cookie } = await subscriber('Unlucky Ugo')
    enableBilling({ STRIPE_API_BASE_URL: 'http://127.0.0.1:9' })
    try {
      const response = await call('/delete-user', { password: person.password }, { cookie })
      expect(response.status).toBe(200)
      expect(await runDueJobs(db, [cancelDeletedAccountJob])).toMatchObject({ retried: 1 })
    } finally {
      enableBilling({ STRIPE_API_BASE_URL: fake.url })
    }
    expect(await db.select().from(user).where(eq(user.id, person.id))).toEqual([])
    const [waiting] = await db
      .select()
      .from(job)
      .where(eq(job.name, cancelDeletedAccountJob.name))
      .orderBy(sql`${job.createdAt} desc`)
      .limit(1)
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 })
    expect(cancels(subscriptionId)).toHaveLength(0)

    // Its retry comes due: Stripe answers now.
    await db
      .update(job)
      .set({ runAt: sql`now()` })
      .where(eq(job.id, waiting?.id ?? ''))
    expect(await runDueJobs(db, [cancelDeletedAccountJob])).toMatchObject({ done: 1 })
    expect(cancels(subscriptionId)).toHaveLength(1)
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled')
  })

  it('cancels nothing when the deletion did not happen, and nothing for an account that never paid', async () => {
    const { person, subscriptionId, cookie } = await subscriber('Careful Carla')
    const wrong = await call('/delete-user', { password: 'not the password at all' }, { cookie })
    expect(wrong.status).toBe(400)
    // Queued before a deletion that then failed: the account is still there, so it cancels nothing.
    await queueDeletedAccountCancel(db, person.id)
    await db
      .update(job)
      .set({ runAt: sql`now()` })
      .where(eq(job.name, cancelDeletedAccountJob.name))
    for (let run = 0; run < 3; run++) {
      await runDueJobs(db, [cancelDeletedAccountJob])
      await db
        .update(job)
        .set({ runAt: sql`now()` })
        .where(eq(job.name, cancelDeletedAccountJob.name))
    }
    expect(cancels(subscriptionId)).toHaveLength(0)
    expect(await readPlanState(db, person.id)).toMatchObject({ plan: 'pro', status: 'active' })

    const trialist = await newUser({ name: 'Trial Tom' })
    const before = fake.calls.length
    const cookie2 = await signedIn(trialist.email, trialist.password)
    const response = await call(
      '/delete-user',
      { password: trialist.password },
      { cookie: cookie2 },
    )
    expect(response.status).toBe(200)
    expect(await runDueJobs(db, [cancelDeletedAccountJob])).toMatchObject({ ran: 0 })
    expect(fake.calls.length).toBe(before)
  })
})
