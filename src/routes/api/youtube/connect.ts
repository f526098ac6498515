import { createFileRoute } from '@tanstack/react-router'
import { idSchema } from '~/features/organiser/groups.schemas'
import {
  type ConnectRedirect,
  startYoutubeConnect,
} from '~/features/organiser/youtube-connect.server'
import { currentActor } from '~/server/auth/current-actor.server'

/** A redirect that no cache keeps, with the flow cookie when there is one. */
function connectRedirect(target: ConnectRedirect): Response {
  const headers = new Headers({ Location: target.location, 'Cache-Control': 'no-store' })
  if (target.setCookie) headers.append('Set-Cookie', target.setCookie)
  return new Response(null, { status: 302, headers })
}

/**
 * `GET /api/youtube/connect[?parentId=…]`: Google's consent screen for
 * youtube.readonly. Signed out, sign in first and come back to the import
 * screen (the login form navigates inside the app, where this route is not).
 */
async function connect({ request }: { request: Request }): Promise<Response> {
  const actor = await currentActor(request)
  if (!actor) {
    return connectRedirect({
      location: `/login/?redirect=${encodeURIComponent('/dashboard/import/')}`,
      setCookie: null,
    })
  }
  const parent = idSchema.safeParse(new URL(request.url).searchParams.get('parentId'))
  return connectRedirect(
    startYoutubeConnect(actor, { parentId: parent.success ? parent.data : null }),
  )
}

export const Route = createFileRoute('/api/youtube/connect')({
  server: { handlers: { GET: connect } },
})
