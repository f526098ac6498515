import { createFileRoute } from '@tanstack/react-router'
import {
  type ConnectRedirect,
  completeYoutubeConnect,
} from '~/features/organiser/youtube-connect.server'
import { currentActor } from '~/server/auth/current-actor.server'
import { getDb } from '~/server/database.server'

/** A redirect that no cache keeps, clearing the flow cookie. */
function connectRedirect(target: ConnectRedirect): Response {
  const headers = new Headers({ Location: target.location, 'Cache-Control': 'no-store' })
  if (target.setCookie) headers.append('Set-Cookie', target.setCookie)
  return new Response(null, { status: 302, headers })
}

/**
 * `GET /api/youtube/callback?code=…&state=…`: Google sends the browser back
 * here; the subscriptions become an import preview, or the import screen
 * shows why not (`?connectError=`).
 */
async function callback({ request }: { request: Request }): Promise<Response> {
  const actor = await currentActor(request)
  if (!actor) {
    return connectRedirect({
      location: `/login/?redirect=${encodeURIComponent('/dashboard/import/')}`,
      setCookie: null,
    })
  }
  return connectRedirect(
    await completeYoutubeConnect(await getDb(), actor, {
      url: new URL(request.url),
      cookieHeader: request.headers.get('cookie'),
    }),
  )
}

export const Route = createFileRoute('/api/youtube/callback')({
  server: { handlers: { GET: callback } },
})
