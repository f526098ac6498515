/*
 * The server later POSTs to the endpoint a browser hands over, so it is
 * checked before it is kept: https to a named host (not an IP address, not
 * localhost or a bare name). The local test fake on a loopback address is let
 * in only outside production.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

export function pushEndpointAllowed(endpoint: string, appEnv: string): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (appEnv !== 'production' && LOOPBACK_HOSTS.has(url.hostname)) return true
  if (url.protocol !== 'https:') return false
  // An IP literal or a bare name points inside a network, never at a push service.
  if (/^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[')) return false
  return url.hostname.includes('.') && !url.hostname.endsWith('.localhost')
}
