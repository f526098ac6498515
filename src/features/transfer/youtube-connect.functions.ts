import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import * as connect from './youtube-connect.server'

/* Connect YouTube's server functions; the OAuth round trip itself runs in /api/youtube/*. */

export const getYoutubeConnection = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => connect.getYoutubeConnection(await getDb(), context.actor))

export const importYoutubeSubscriptions = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .handler(async ({ context }) => connect.importYoutubeSubscriptions(await getDb(), context.actor))

export const disconnectYoutube = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .handler(async ({ context }) => connect.disconnectYoutube(await getDb(), context.actor))
