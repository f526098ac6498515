import { isMainThread } from 'node:worker_threads'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { seedDemo } from './db/seed.server'
import { startAppJobs, stopAppJobs } from './jobs.server'
import { getAuth } from './server/auth/auth.server'
import { beforeDatabaseCloses, getDatabaseHandle } from './server/database.server'
import { getEnv } from './server/env.server'
import { log } from './server/logger.server'

/**
 * Open, migrate and (on the embedded default, never in production unless
 * DEMO_MODE) seed at boot, so a broken database stops the server at once;
 * then start the job worker, which running jobs leave before the database closes.
 */
async function boot() {
  const env = getEnv()
  const handle = await getDatabaseHandle()
  beforeDatabaseCloses(stopAppJobs)
  if ((env.embedded && env.APP_ENV !== 'production') || env.DEMO_MODE) {
    if (await seedDemo(handle.db, await getAuth())) log.info('demo account created')
  }
  startAppJobs(handle.db)
}

// The import parser's worker loads chunks this bundle shares: it must never open the database.
if (isMainThread) {
  boot().catch((error: unknown) => {
    log.error('start-up failed', { error: error instanceof Error ? error.message : String(error) })
    process.exit(1)
  })
}

export default createServerEntry({
  fetch(request) {
    return handler.fetch(request)
  },
})
