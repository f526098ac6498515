import type Stripe from 'stripe'
import type { Database } from '~/db/client.server'
import { billingEvent } from '~/db/schema'
import { getStripe, mirrorSubscription } from '~/features/billing/stripe.server'
import { getDb } from '~/server/database.server'
import { getEnv } from '~/server/env.server'
import { log } from '~/server/logger.server'

/*
 * Stripe's webhooks: verified with the endpoint's signing secret
 * (constructEvent on the raw body), applied once per event id (the
 * `billing_event` row and the mirror are written in one transaction, so a
 * replay or a concurrent delivery changes nothing a second time).
 */

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
])

function plain(status: number, text: string): Response {
  return new Response(`${text}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}

/** The subscription an event is about, as Stripe has it now, and the account that started it. */
async function subjectOf(
  event: Stripe.Event,
): Promise<{ sub: Stripe.Subscription; claimedBy: string | null } | null> {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object
    const id =
      typeof session.subscription === 'string' ? session.subscription : session.subscription?.id
    const stripe = getStripe()
    if (!id || !stripe) return null
    return { sub: await stripe.subscriptions.retrieve(id), claimedBy: session.client_reference_id }
  }
  if (SUBSCRIPTION_EVENTS.has(event.type) && event.data.object.object === 'subscription') {
    return { sub: event.data.object, claimedBy: null }
  }
  return null
}

export async function applyStripeEvent(
  db: Database,
  event: Stripe.Event,
): Promise<'applied' | 'replayed' | 'stale'> {
  const subject = await subjectOf(event)
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvent.id })
    if (!fresh) return 'replayed'
    if (!subject) return 'applied'
    // Recorded as processed even when older than what the row holds: a replay stays a no-op.
    const mirrored = await mirrorSubscription(tx, subject.sub, {
      claimedBy: subject.claimedBy,
      eventAt: new Date(event.created * 1000),
    })
    return mirrored === 'stale' ? 'stale' : 'applied'
  })
}

/** `POST /api/stripe/webhook`: 400 for anything not signed by our endpoint's secret. */
export async function handleStripeWebhook({ request }: { request: Request }): Promise<Response> {
  const stripe = getStripe()
  const secret = getEnv().STRIPE_WEBHOOK_SECRET
  if (!stripe || !secret) return plain(404, 'Billing is not configured')
  const signature = request.headers.get('stripe-signature')
  const payload = await request.text()
  let event: Stripe.Event
  try {
    if (!signature) throw new Error('no signature')
    event = stripe.webhooks.constructEvent(payload, signature, secret)
  } catch {
    log.warn('billing: webhook refused (bad signature)')
    return plain(400, 'Bad signature')
  }
  const outcome = await applyStripeEvent(await getDb(), event)
  return plain(200, outcome)
}
