import { createFileRoute } from '@tanstack/react-router'
import { pingDatabase } from '~/db/client.server'
import { getDatabaseHandle } from '~/server/database.server'

/** Liveness and readiness: 200 when the database answers, 503 otherwise. */
export const Route = createFileRoute('/health')({
  server: {
    handlers: {
      GET: async () => {
        const handle = await getDatabaseHandle().catch(() => null)
        const database = handle ? await pingDatabase(handle.db) : false
        return Response.json(
          {
            status: database ? 'ok' : 'degraded',
            database: database ? 'up' : 'down',
            engine: handle?.engine ?? null,
          },
          { status: database ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
        )
      },
    },
  },
})
