/*
 * A local stand-in for the parts of Stripe the app uses: customers,
 * Checkout sessions (with a page to "pay" on), Customer Portal sessions
 * (with a page to cancel on), subscriptions (retrieve, update, cancel), and webhooks
 * signed with Stripe's real scheme (`generateTestHeaderString`), delivered
 * to a URL or handed to a function (integration tests).
 */
import type { ServerResponse } from 'node:http'
import Stripe from 'stripe'
import { type FakeCall, type FakeServer, send, startFakeServer } from './fake-server.ts'

const DAY_S = 24 * 60 * 60

export type StripeFakeOptions = {
  port?: number
  host?: string
  /** Signs every event; the app's STRIPE_WEBHOOK_SECRET. */
  webhookSecret: string
  /** Where events are POSTed (the app's /api/stripe/webhook); unset: only `deliver` gets them. */
  webhookUrl?: string
}

/** A signed delivery: the body and its Stripe-Signature header. */
export type Delivery = { payload: string; signature: string; type: string }

type Json = Record<string, unknown>

export type StripeFake = {
  /** Use as STRIPE_API_BASE_URL. */
  url: string
  calls: FakeCall[]
  /** Every event sent, in order. */
  deliveries: Delivery[]
  /** Also hands each event to this function (tests deliver it to the handler directly). */
  deliver: ((delivery: Delivery) => Promise<void>) | null
  sessions: Map<string, Json>
  subscriptions: Map<string, Json>
  /** Pays a Checkout session: the subscription starts, and its events are sent. */
  completeCheckout(sessionId: string): Promise<Json>
  /** What the portal's cancel does: the subscription ends with its period. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>
  /** The portal's "renew": a cancel at period end is taken back. */
  resumeSubscription(subscriptionId: string): Promise<void>
  /** The period ended after a cancel: Stripe deletes the subscription. */
  endSubscription(subscriptionId: string): Promise<void>
  /** Where events go from now on (an app started after the fake). */
  setWebhookUrl(url: string): void
  /** Sends an event again, byte for byte (a replay). */
  redeliver(delivery: Delivery): Promise<void>
  /** Keeps events back instead of sending them, until `flushHeld` or `takeHeld`. */
  holdDeliveries(): void
  /** Stops holding and hands back the events held, unsent (a test sends them late with `redeliver`). */
  takeHeld(): Delivery[]
  /** Sends the events held back, newest first with `reversed` (Stripe does not promise order). */
  flushHeld(options?: { reversed?: boolean }): Promise<void>
  /** Moves the clock events are stamped with (`created`) this many seconds on. */
  advanceClock(seconds: number): void
  reset(): void
  close(): Promise<void>
}

/** Stripe's form encoding (`line_items[0][price]=…`) back into objects and arrays. */
export function parseForm(body: string): Json {
  const root: Json = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[')
    let node: Json = root
    for (const [at, part] of path.entries()) {
      if (at === path.length - 1) {
        node[part] = value
      } else {
        const next = node[part]
        if (next && typeof next === 'object') node = next as Json
        else {
          const created: Json = {}
          node[part] = created
          node = created
        }
      }
    }
  }
  return root
}

function stripeError(res: ServerResponse, status: number, message: string) {
  send(res, status, JSON.stringify({ error: { type: 'invalid_request_error', message } }))
}

function html(res: ServerResponse, body: string) {
  send(
    res,
    200,
    `<!doctype html><html lang="en"><head><title>Fake Stripe</title></head><body>${body}</body></html>`,
    'text/html; charset=utf-8',
  )
}

export async function startStripeFake(options: StripeFakeOptions): Promise<StripeFake> {
  const signer = new Stripe('sk_test_fake_signer')
  let sequence = 0
  const nextId = (prefix: string) => `${prefix}_fake${String(++sequence).padStart(6, '0')}`
  const customers = new Map<string, Json>()
  const sessions = new Map<string, Json>()
  const portals = new Map<string, Json>()
  const subscriptions = new Map<string, Json>()
  const deliveries: Delivery[] = []
  let held: Delivery[] | null = null
  let clockSkew = 0
  let server: FakeServer | undefined

  async function send_(delivery: Delivery) {
    if (held) {
      held.push(delivery)
      return
    }
    deliveries.push(delivery)
    if (fake.deliver) await fake.deliver(delivery)
    if (options.webhookUrl) {
      await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        body: delivery.payload,
      })
    }
  }

  async function emit(type: string, object: Json) {
    const event = {
      id: nextId('evt'),
      object: 'event',
      api_version: '2025-11-17.clover',
      created: Math.floor(Date.now() / 1000) + clockSkew,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    }
    const payload = JSON.stringify(event)
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    })
    await send_({ payload, signature, type })
  }

  async function completeCheckout(sessionId: string): Promise<Json> {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`no session ${sessionId}`)
    const now = Math.floor(Date.now() / 1000) + clockSkew
    const lineItems = (session.line_items ?? {}) as Record<string, Json>
    const line = lineItems['0'] ?? {}
    const subscriptionData = (session.subscription_data ?? {}) as Json
    const id = nextId('sub')
    const sub: Json = {
      id,
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      trial_end: null,
      created: now,
      metadata: subscriptionData.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: nextId('si'),
            object: 'subscription_item',
            price: { id: line.price, object: 'price' },
            quantity: Number(line.quantity ?? 1),
            current_period_start: now,
            current_period_end: now + 30 * DAY_S,
          },
        ],
      },
    }
    subscriptions.set(id, sub)
    Object.assign(session, { status: 'complete', subscription: id })
    await emit('checkout.session.completed', session)
    await emit('customer.subscription.created', sub)
    return sub
  }

  async function cancelAtPeriodEnd(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId)
    if (!sub) throw new Error(`no subscription ${subscriptionId}`)
    sub.cancel_at_period_end = true
    await emit('customer.subscription.updated', sub)
  }

  async function resumeSubscription(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId)
    if (!sub) throw new Error(`no subscription ${subscriptionId}`)
    sub.cancel_at_period_end = false
    await emit('customer.subscription.updated', sub)
  }

  async function endSubscription(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId)
    if (!sub) throw new Error(`no subscription ${subscriptionId}`)
    sub.status = 'canceled'
    await emit('customer.subscription.deleted', sub)
  }

  async function handle(call: FakeCall, res: ServerResponse) {
    const body = call.method === 'POST' ? parseForm(call.body) : {}
    const base = server?.url ?? ''
    const path = call.path
    if (call.method === 'POST' && path === '/v1/customers') {
      const customer = { id: nextId('cus'), object: 'customer', ...body }
      customers.set(String(customer.id), customer)
      return send(res, 200, JSON.stringify(customer))
    }
    if (call.method === 'POST' && path === '/v1/checkout/sessions') {
      if (!customers.has(String(body.customer))) return stripeError(res, 400, 'No such customer')
      const id = nextId('cs')
      const session = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        line_items: body.line_items,
        subscription_data: body.subscription_data,
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${base}/checkout/${id}`,
      }
      sessions.set(id, session)
      return send(res, 200, JSON.stringify(session))
    }
    if (call.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps')
      const portal = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${base}/portal/${id}`,
      }
      portals.set(id, portal)
      return send(res, 200, JSON.stringify(portal))
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
    if (subMatch) {
      const sub = subscriptions.get(subMatch[1] ?? '')
      if (!sub) return stripeError(res, 404, 'No such subscription')
      // Cancel now (not at the period's end): the subscription is deleted.
      if (call.method === 'DELETE') {
        if (sub.status === 'canceled') return stripeError(res, 400, 'Already canceled')
        await endSubscription(String(sub.id))
        return send(res, 200, JSON.stringify(sub))
      }
      if (call.method === 'POST') {
        if (body.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true'
        }
        const items = (body.items ?? {}) as Record<string, Json>
        const change = items['0']
        const current = (sub.items as { data: Json[] }).data[0]
        if (change?.quantity !== undefined && current) current.quantity = Number(change.quantity)
        await emit('customer.subscription.updated', sub)
      }
      return send(res, 200, JSON.stringify(sub))
    }
    // The pages a browser is sent to.
    const page = /^\/(checkout|portal)\/([^/]+)(\/(pay|cancel))?$/.exec(path)
    if (page) {
      const [, kind, id = '', , action] = page
      if (kind === 'checkout') {
        const session = sessions.get(id)
        if (!session) return send(res, 404, 'No such session', 'text/plain')
        if (call.method === 'POST' && action === 'pay') {
          await completeCheckout(id)
          return send(res, 303, '', 'text/plain', { location: String(session.success_url) })
        }
        return html(
          res,
          `<main><h1>Fake Stripe Checkout</h1><form method="post" action="/checkout/${id}/pay"><button type="submit">Pay</button></form></main>`,
        )
      }
      const portal = portals.get(id)
      if (!portal) return send(res, 404, 'No such portal session', 'text/plain')
      if (call.method === 'POST' && action === 'cancel') {
        for (const sub of subscriptions.values()) {
          if (sub.customer === portal.customer && sub.status !== 'canceled') {
            await cancelAtPeriodEnd(String(sub.id))
          }
        }
        return send(res, 303, '', 'text/plain', { location: String(portal.return_url) })
      }
      return html(
        res,
        `<main><h1>Fake Stripe Customer Portal</h1><form method="post" action="/portal/${id}/cancel"><button type="submit">Cancel subscription</button></form><a href="${String(portal.return_url)}">Return</a></main>`,
      )
    }
    return stripeError(res, 404, `Unrecognized request URL (${call.method}: ${path})`)
  }

  server = await startFakeServer(handle, {
    ...(options.port === undefined ? {} : { port: options.port }),
    ...(options.host === undefined ? {} : { host: options.host }),
    failure: (res, status) => stripeError(res, status, 'Fake failure'),
  })
  const running = server

  const fake: StripeFake = {
    url: running.url,
    calls: running.calls,
    deliveries,
    deliver: null,
    sessions,
    subscriptions,
    completeCheckout,
    cancelAtPeriodEnd,
    resumeSubscription,
    endSubscription,
    redeliver: send_,
    holdDeliveries() {
      held ??= []
    },
    takeHeld() {
      const waiting = held ?? []
      held = null
      return waiting
    },
    async flushHeld(flush = {}) {
      const waiting = held ?? []
      held = null
      for (const delivery of flush.reversed ? waiting.toReversed() : waiting) await send_(delivery)
    },
    advanceClock(seconds) {
      clockSkew += seconds
    },
    setWebhookUrl(url) {
      options.webhookUrl = url
    },
    reset() {
      running.reset()
      deliveries.length = 0
      held = null
      clockSkew = 0
    },
    close: () => running.close(),
  }
  return fake
}
