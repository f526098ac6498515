import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { refreshFeeds } from '~/features/feed/feed-refresh.server'
import { sendUploadPushes } from '~/features/notifications/upload-pushes.server'
import { getDb } from '~/server/database.server'
import { getEnv } from '~/server/env.server'
import { isLocalDevRequest } from '~/server/http/loopback.server'

const bodySchema = z.object({ channelIds: z.array(z.string().max(64)).max(100) })

/**
 * Development tool: fetch these channels' feeds now and run the push job
 * once, instead of waiting for their schedules (15 and 5 minutes). The e2e
 * suite uses it; like the outbox it exists only outside production and
 * answers only this machine.
 */
async function runNow({ request }: { request: Request }): Promise<Response> {
  if (getEnv().APP_ENV === 'production' || !isLocalDevRequest())
    return new Response('Not found\n', { status: 404 })
  const parsed = bodySchema.safeParse(await request.json().catch(() => null))
  if (!parsed.success) return new Response('Bad request\n', { status: 400 })
  const db = await getDb()
  const feeds = await refreshFeeds(db, parsed.data.channelIds, { force: true })
  const pushes = await sendUploadPushes(db)
  return Response.json({ feeds, pushes })
}

export const Route = createFileRoute('/dev/run-notifications')({
  server: { handlers: { POST: runNow } },
})
