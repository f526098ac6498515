import { randomUUID } from 'node:crypto'
import { createMiddleware, createStart } from '@tanstack/react-start'
import { sessionExpired } from './features/auth/session-expired.middleware'
import { appErrorAdapter } from './lib/app-error'
import { getEnv } from './server/env.server'
import { crossSiteRefused, isCrossSite } from './server/http/cross-site.server'
import { cspNonce } from './server/http/csp-nonce.server'
import { log, redactPath } from './server/logger.server'
import { securityHeaders } from './server/security-headers.server'

const REQUEST_ID = /^[\w-]{8,64}$/

/**
 * Every page and server-function request: a request id (kept from a trusted
 * proxy's header when well-formed), a CSP nonce for the router's inline
 * scripts, security headers, and one structured log line without bodies,
 * cookies or query strings.
 */
const requestMiddleware = createMiddleware().server(async ({ next, request, pathname }) => {
  const started = performance.now()
  const incoming = request.headers.get('x-request-id')
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID()
  const nonce = cspNonce()
  const env = getEnv()
  const result = await next({ context: { nonce, requestId } })
  const headers = securityHeaders({
    nonce,
    https: env.BASE_URL.startsWith('https://'),
    dev: import.meta.env.DEV,
    connectOrigins: env.POSTHOG_KEY ? [env.POSTHOG_HOST, 'https://*.posthog.com'] : [],
  })
  for (const [name, value] of Object.entries(headers)) result.response.headers.set(name, value)
  result.response.headers.set('X-Request-Id', requestId)
  log.info('request', {
    requestId,
    method: request.method,
    path: redactPath(pathname),
    status: result.response.status,
    ms: Math.round(performance.now() - started),
  })
  return result
})

/**
 * Server functions answer only our own pages, whatever their method: SameSite
 * cookies alone leave same-site subdomains and older browsers open. Better
 * Auth's /api/auth checks origins itself. (TanStack's createCsrfMiddleware
 * would need env.server in the client bundle; this is the same check.)
 */
export const crossSiteGuard = createMiddleware().server(({ next, request, handlerType }) => {
  if (handlerType === 'serverFn' && isCrossSite(request, getEnv().BASE_URL)) {
    return crossSiteRefused()
  }
  return next()
})

export const startInstance = createStart(() => ({
  // The guard runs inside requestMiddleware, so its 403 gets the headers and the log line too.
  requestMiddleware: [requestMiddleware, crossSiteGuard],
  functionMiddleware: [sessionExpired],
  serializationAdapters: [appErrorAdapter],
}))
