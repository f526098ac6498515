import { getRequest, getRequestIP } from '@tanstack/react-start/server'

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const host = address.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  if (host === 'localhost' || host === '::1') return true
  const v4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host
  return /^127(?:\.\d{1,3}){3}$/.test(v4)
}

// As nitro's Node server reads it: NITRO_HOST, else HOST; neither means every interface (undefined).
export function listenHost(
  source: Record<string, string | undefined>,
  dev: boolean,
): string | undefined {
  return source.NITRO_HOST || source.HOST || (dev ? 'localhost' : undefined)
}

/** Headers a proxy adds; a request carrying any came through one, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip']

/**
 * Dev tools (the outbox holds reset links) answer only this machine. Forwarded headers are never
 * believed here, TRUST_PROXY or not: a proxy on the same host would make anyone local.
 */
export function isLocalRequest(input: {
  headers: Headers
  socketAddress: string | undefined
  listenHost: string | undefined
}): boolean {
  return (
    isLoopbackAddress(input.listenHost) &&
    isLoopbackAddress(input.socketAddress) &&
    !FORWARDING_HEADERS.some((name) => input.headers.has(name))
  )
}

export function isLocalDevRequest(): boolean {
  return isLocalRequest({
    headers: getRequest().headers,
    // Without xForwardedFor: the socket's address, never a header's.
    socketAddress: getRequestIP(),
    listenHost: listenHost(process.env, import.meta.env.DEV),
  })
}
