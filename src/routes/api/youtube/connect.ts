import { createFileRoute } from '@tanstack/react-router'
import { idSchema } from '~/features/groups/groups.schemas'
import {
  connectRedirectResponse,
  SIGN_IN_FIRST,
  startYoutubeConnect,
} from '~/features/transfer/youtube-connect.server'
import { currentActor } from '~/server/auth/current-actor.server'

/**
 * `GET /api/youtube/connect[?parentId=…]`: Google's consent screen for
 * youtube.readonly. Signed out, sign in first and come back to the import
 * screen (the login form navigates inside the app, where this route is not).
 */
async function connect({ request }: { request: Request }): Promise<Response> {
  const actor = await currentActor(request)
  if (!actor) return connectRedirectResponse(SIGN_IN_FIRST)
  const parent = idSchema.safeParse(new URL(request.url).searchParams.get('parentId'))
  return connectRedirectResponse(
    startYoutubeConnect(actor, { parentId: parent.success ? parent.data : null }),
  )
}

export const Route = createFileRoute('/api/youtube/connect')({
  server: { handlers: { GET: connect } },
})
