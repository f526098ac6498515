import { isMainThread } from 'node:worker_threads'
import { createServerEntry } from '@tanstack/react-start/server-entry'
import { appFetch } from './app-fetch.server'
import { startAppJobs, stopAppJobs } from './app-jobs.server'
import { seedDemo } from './seed/seed.server'
import { getAuth } from './server/auth/auth.server'
import { beforeDatabaseCloses, getDatabaseHandle } from './server/database.server'
import { getEnv } from './server/env.server'
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

export default createServerEntry({ fetch: appFetch })
