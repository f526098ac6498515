import { createMiddleware } from '@tanstack/react-start'
import { AppError } from '~/lib/app-error'
import { currentActor } from './current-actor.server'

export type { Actor } from './current-actor.server'

/**
 * Server functions that touch a user's data start with this: no session,
 * no call. Authorization of the row itself stays in each feature.
 */
export const signedIn = createMiddleware({ type: 'function' }).server(async ({ next }) => {
  const actor = await currentActor()
  if (!actor) throw new AppError('UNAUTHENTICATED')
  return next({ context: { actor } })
})

/** For the few public reads that show more to a signed-in reader (share link previews). */
export const maybeSignedIn = createMiddleware({ type: 'function' }).server(async ({ next }) =>
  next({ context: { actor: await currentActor() } }),
)
