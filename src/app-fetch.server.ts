import handler from '@tanstack/react-start/server-entry'
import { asReadOnlyRequest } from './db/change-feed.server'
import { getEnv } from './server/env.server'
import { limitRequestBody } from './server/http/body-limit.server'

/**
 * GET server functions are queries: they read and never write (mutations are
 * POST). Only PostgreSQL's feed pays a round trip to prove itself current.
 */
function isQueryOnPostgres(request: Request) {
  return (
    request.method === 'GET' &&
    !getEnv().embedded &&
    new URL(request.url).pathname.startsWith('/_serverFn/')
  )
}

/**
 * Every request the app answers, as the server entry hands it over. The body
 * limit wraps the request before Start sees it: request middleware cannot
 * swap the body a server function reads. A query proves the change feed
 * current once for all it reads (its session, then its tree). Apart from the
 * entry so tests send requests through it without booting the server.
 */
export function appFetch(request: Request): Response | Promise<Response> {
  const limited = limitRequestBody(request)
  if (limited instanceof Response) return limited
  return isQueryOnPostgres(limited)
    ? asReadOnlyRequest(() => handler.fetch(limited))
    : handler.fetch(limited)
}
