import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { safeRedirect } from '~/lib/safe-redirect'
import { sessionQuery } from './session.queries'

/**
 * Sign-in and sign-up are for guests: a signed-in visitor goes on to where
 * they were heading (a same-site path only) or to the dashboard.
 */
export async function redirectSignedIn(queryClient: QueryClient, destination?: string) {
  // Asked afresh: a session that just ended elsewhere must not bounce the visitor back.
  const user = await queryClient.fetchQuery({ ...sessionQuery(), staleTime: 0 })
  if (user) throw redirect({ href: safeRedirect(destination), replace: true })
}

/** Every /dashboard route: anonymous visitors go to sign-in and come back after. */
export async function requireUser(queryClient: QueryClient, returnTo: string) {
  const user = await queryClient.fetchQuery(sessionQuery())
  if (!user) throw redirect({ to: '/login/', search: { redirect: returnTo } })
  return user
}
