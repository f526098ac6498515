import { redirect } from '@tanstack/react-router'
import { createMiddleware } from '@tanstack/react-start'
import { AppError } from '~/lib/app-error'

/** Pages that need a session. Elsewhere (share links) the page shows its own sign-in prompt. */
const SIGNED_IN_AREA = /^\/dashboard(\/|$)/

/**
 * A session that ends while a dashboard page is open (signed out on another
 * device, revoked, expired) sends the reader to sign-in and back, instead of
 * an error screen. Route loaders, link preloads, queries and mutations all
 * call server functions, so this one place covers them; the router follows
 * the redirect and preloads no longer log a refusal as an error.
 */
export const sessionExpired = createMiddleware({ type: 'function' }).client(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    // Client middleware also runs for calls made while rendering on the server,
    // where the route guards have just read the session: nothing to do there.
    if (typeof window === 'undefined') throw error
    const { pathname, search, hash } = window.location
    if (
      error instanceof AppError &&
      error.code === 'UNAUTHENTICATED' &&
      SIGNED_IN_AREA.test(pathname)
    ) {
      throw redirect({ to: '/login/', search: { redirect: `${pathname}${search}${hash}` } })
    }
    throw error
  }
})
