import { createFileRoute } from '@tanstack/react-router'
import {
  completeYoutubeConnect,
  connectRedirectResponse,
  SIGN_IN_FIRST,
} from '~/features/transfer/youtube-connect.server'
import { currentActor } from '~/server/auth/current-actor.server'
import { getDb } from '~/server/database.server'

/**
 * `GET /api/youtube/callback?code=…&state=…`: Google sends the browser back
 * here; the subscriptions become an import preview, or the import screen
 * shows why not (`?connectError=`).
 */
async function callback({ request }: { request: Request }): Promise<Response> {
  const actor = await currentActor(request)
  if (!actor) return connectRedirectResponse(SIGN_IN_FIRST)
  return connectRedirectResponse(
    await completeYoutubeConnect(await getDb(), actor, {
      url: new URL(request.url),
      cookieHeader: request.headers.get('cookie'),
    }),
  )
}

export const Route = createFileRoute('/api/youtube/callback')({
  server: { handlers: { GET: callback } },
})
