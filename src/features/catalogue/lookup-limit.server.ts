import type { Database } from '~/db/client.server'
import { createRateLimiter } from '~/server/rate-limit.server'

/*
 * Look-ups a person starts (checking pasted channels, keeping pending ones,
 * "look up again"): bounded per user, and per address so that many accounts
 * from one place share one bound. The daily quota share bounds the units;
 * this bounds the requests, which page reads without an API key also make.
 */
const perUser = createRateLimiter({ bucket: 'channel-lookup', limit: 10, windowMs: 60_000 })
const perAddress = createRateLimiter({ bucket: 'channel-lookup-ip', limit: 30, windowMs: 60_000 })

/** Counts one look-up request; throws RATE_LIMITED with the seconds left when over a bound. */
export async function limitLookups(
  db: Database,
  userId: string,
  from: { ip?: string | undefined } = {},
): Promise<void> {
  await perUser.hit(db, userId)
  if (from.ip) await perAddress.hit(db, from.ip)
}
