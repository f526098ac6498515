import { isMainThread } from 'node:worker_threads'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { startAppJobs, stopAppJobs } from './app-jobs.server'
import { asReadOnlyRequest } from './db/change-feed.server'
import { seedDemo } from './seed/seed.server'
import { getAuth } from './server/auth/auth.server'
import { beforeDatabaseCloses, getDatabaseHandle } from './server/database.server'
import { getEnv } from './server/env.server'
import { limitRequestBody } from './server/http/body-limit.server'
import { isLoopbackAddress, listenHost } from './server/http/loopback.server'
import { log } from './server/logger.server'

/**
 * Open, migrate and (on the embedded default, never in production unless
 * DEMO_MODE) seed at boot, so a broken database stops the server at once;
 * then start the job worker, which running jobs leave before the database closes.
 */
async function boot() {
  const env = getEnv()
  const host = listenHost(process.env, import.meta.env.DEV)
  if (env.APP_ENV !== 'production' && !isLoopbackAddress(host)) {
    log.warn('development mode listens on a non-loopback address; the dev outbox answers 404', {
      host: host ?? 'every interface',
    })
  }
  const handle = await getDatabaseHandle()
  beforeDatabaseCloses(stopAppJobs)
  if ((env.embedded && env.APP_ENV !== 'production') || env.DEMO_MODE) {
    if (await seedDemo(handle.db, await getAuth())) log.info('demo account created')
  }
  // PGlite is opened under its directory lock: no other process holds a lease there.
  startAppJobs(handle.db, { soleOwner: handle.engine === 'pglite' })
}

// The import parser's worker loads chunks this bundle shares: it must never open the database.
if (isMainThread) {
  boot().catch((error: unknown) => {
    log.error('start-up failed', { error: error instanceof Error ? error.message : String(error) })
    process.exit(1)
  })
}

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
 * The body limit wraps the request before Start sees it: request middleware
 * cannot swap the body a server function reads. A query proves the change
 * feed current once for all it reads (its session, then its tree).
 */
export default createServerEntry({
  fetch(request) {
    const limited = limitRequestBody(request)
    if (limited instanceof Response) return limited
    return isQueryOnPostgres(limited)
      ? asReadOnlyRequest(() => handler.fetch(limited))
      : handler.fetch(limited)
  },
})
