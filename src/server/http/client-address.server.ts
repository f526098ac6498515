import { isIP } from 'node:net'
import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import { getEnv } from '~/server/env.server'

/**
 * The address rate limits count a request against. Without TRUST_PROXY the
 * socket's: X-Forwarded-For is the client's to forge. With it, the last entry
 * of X-Forwarded-For, the one our proxy added (anything left of it the client
 * wrote); a request that came without the header, or with no usable entry,
 * falls back to the socket's address rather than into one bucket shared by all.
 */
export function clientAddress(
  headers: Headers,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const forwarded = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .at(-1)
    if (forwarded && isIP(forwarded)) return forwarded
  }
  return socketAddress || undefined
}

/** clientAddress for the request being served (inside a Start request scope). */
export function requestClientAddress(): string | undefined {
  return clientAddress(getRequest().headers, getRequestIP(), getEnv().TRUST_PROXY)
}
