import type { Database } from '~/db/client.server'
import { AppError } from '~/lib/app-error'
import { getDb } from '~/server/database.server'
import { getEnv } from '~/server/env.server'
import { requestClientAddress } from '~/server/http/client-address.server'
import { log } from '~/server/logger.server'
import { createRateLimiter } from '~/server/rate-limit.server'
import { applyUnsubscribe, readUnsubscribeToken } from './unsubscribe-token.server'

/*
 * RFC 8058: mail providers POST with no session; the page's button posts the same with `from=page`.
 * GET changes nothing (scanners follow links): it leads to the page and its button.
 */

const perAddress = createRateLimiter({ bucket: 'unsubscribe-ip', limit: 30, windowMs: 60_000 })

function plain(status: number, body: string): Response {
  return new Response(`${body}\n`, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}

function toPage(token: string, result?: 'done' | 'invalid'): Response {
  const url = new URL('/unsubscribe/', getEnv().BASE_URL)
  url.searchParams.set('token', token)
  if (result) url.searchParams.set('result', result)
  return new Response(null, {
    status: 303,
    headers: { location: url.toString(), 'cache-control': 'no-store' },
  })
}

export async function unsubscribeWithToken(db: Database, token: string): Promise<boolean> {
  const read = readUnsubscribeToken(token)
  if (!read) return false
  await applyUnsubscribe(db, read.userId, read.kind)
  log.info('notifications.unsubscribed', { kind: read.kind })
  return true
}

/** The POST's answer; `address` is the client's, for the rate limit (tests pass one). */
export async function answerUnsubscribe(
  db: Database,
  request: Request,
  address: string,
): Promise<Response> {
  const url = new URL(request.url)
  const token = url.searchParams.get('token') ?? ''
  const fromPage = url.searchParams.get('from') === 'page'
  try {
    await perAddress.hit(db, address)
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      return plain(429, 'Too many requests. Try again in a minute.')
    }
    throw error
  }
  const done = token.length <= 400 && (await unsubscribeWithToken(db, token))
  if (fromPage) return toPage(token, done ? 'done' : 'invalid')
  return done ? plain(200, 'Unsubscribed.') : plain(400, 'Invalid unsubscribe link.')
}

export async function handleUnsubscribePost({ request }: { request: Request }): Promise<Response> {
  return answerUnsubscribe(await getDb(), request, requestClientAddress() ?? 'unknown')
}

export function handleUnsubscribeGet({ request }: { request: Request }): Response {
  return toPage(new URL(request.url).searchParams.get('token') ?? '')
}
