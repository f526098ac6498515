import { redirect } from '@tanstack/react-router'
import { createMiddleware } from '@tanstack/react-start'
import { AppError } from '~/lib/app-error'

/** Pages that need a session. Elsewhere (share links) the page shows its own sign-in prompt. */
const SIGNED_IN_AREA = /^\/dashboard(\/|$)/

/**
 * A session ending while a dashboard page is open sends the reader to sign-in and back, not to
 * an error screen. Loaders, preloads, queries and mutations all call server functions, so this covers them.
 */
export const sessionExpired = createMiddleware({ type: 'function' }).client(async ({ next }) => {
  try {
    return await next()
  } catch (error) {
    // Also runs for calls made during the server render, where the guards just read the session.
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
