import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { getDatabaseHandle } from './server/database.server'
import { log } from './server/logger.server'

// Open, migrate and seed at boot so the first request does not pay for it
// and a broken database stops the server at once.
getDatabaseHandle().catch((error: unknown) => {
  log.error('database failed to start', { error: error instanceof Error ? error.message : String(error) })
  process.exit(1)
})

export default createServerEntry({
  fetch(request) {
    return handler.fetch(request)
  },
})
