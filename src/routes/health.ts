import { createFileRoute } from '@tanstack/react-router'
import { pingDatabase } from '~/db/client.server'
import { type ChannelDataHealth, channelDataHealth } from '~/features/growth/channel-sync.server'
import { getDatabaseHandle } from '~/server/database.server'
import { log } from '~/server/logger.server'

/**
 * Liveness and readiness: 200 when the database answers, 503 otherwise.
 * `details` tells the operator about the YouTube quota and the channel sync
 * (aggregates only); it is null when they cannot be read.
 */
export const Route = createFileRoute('/health')({
  server: {
    handlers: {
      GET: async () => {
        const handle = await getDatabaseHandle().catch(() => null)
        const database = handle ? await pingDatabase(handle.db) : false
        let details: ChannelDataHealth | null = null
        if (handle && database) {
          details = await channelDataHealth(handle.db).catch((error: unknown) => {
            log.warn('health.details_failed', {
              error: error instanceof Error ? error.message : String(error),
            })
            return null
          })
        }
        return Response.json(
          {
            status: database ? 'ok' : 'degraded',
            database: database ? 'up' : 'down',
            engine: handle?.engine ?? null,
            details,
          },
          { status: database ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
        )
      },
    },
  },
})
