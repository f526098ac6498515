import { eq, sql } from 'drizzle-orm'
import webPush from 'web-push'
import type { Database } from '~/db/client.server'
import { pushSubscription } from '~/db/schema'
import { getEnv } from '~/server/env.server'
import { log } from '~/server/logger.server'
import { vapidKeys } from './vapid.server'

// The request goes through fetch so it has a hard timeout, follows no redirect, and reaches the test fake over http.

export type PushTarget = { id: string; endpoint: string; p256dh: string; auth: string }
export type PushOutcome = 'sent' | 'gone' | 'failed'

/** A push kept this long by the service while the browser is offline; later it is stale. */
const TTL_SECONDS = 24 * 60 * 60
/** After this many failures in a row, a subscription is dropped like a gone one. */
export const PUSH_FAILURES_MAX = 10

export async function sendPush(
  target: PushTarget,
  payload: string,
  options: { timeoutMs?: number; topic?: string } = {},
): Promise<{ outcome: PushOutcome; status: number | null }> {
  const keys = vapidKeys()
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      vapidDetails: keys,
      ...(options.topic ? { topic: options.topic } : {}),
    },
  )
  const headers = new Headers()
  for (const [name, value] of Object.entries(details.headers)) headers.set(name, String(value))
  try {
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? getEnv().PUSH_TIMEOUT_MS),
    })
    await response.body?.cancel()
    if (response.status === 404 || response.status === 410)
      return { outcome: 'gone', status: response.status }
    return { outcome: response.ok ? 'sent' : 'failed', status: response.status }
  } catch (error) {
    log.warn('push: request failed', { error: error instanceof Error ? error.name : 'unknown' })
    return { outcome: 'failed', status: null }
  }
}

export async function deliverPush(
  db: Database,
  target: PushTarget,
  payload: string,
  options: { timeoutMs?: number; topic?: string } = {},
): Promise<PushOutcome> {
  const { outcome } = await sendPush(target, payload, options)
  if (outcome === 'gone') {
    await db.delete(pushSubscription).where(eq(pushSubscription.id, target.id))
  } else if (outcome === 'sent') {
    await db
      .update(pushSubscription)
      .set({ lastSentAt: new Date(), failures: 0 })
      .where(eq(pushSubscription.id, target.id))
  } else {
    const [row] = await db
      .update(pushSubscription)
      .set({ failures: sql`${pushSubscription.failures} + 1` })
      .where(eq(pushSubscription.id, target.id))
      .returning({ failures: pushSubscription.failures })
    if (row && row.failures >= PUSH_FAILURES_MAX)
      await db.delete(pushSubscription).where(eq(pushSubscription.id, target.id))
  }
  return outcome
}
