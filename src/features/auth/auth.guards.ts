import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { sessionQuery } from './auth.queries'

/** Sign-in and sign-up are for guests: a signed-in visitor goes to the dashboard. */
export async function redirectSignedIn(queryClient: QueryClient) {
  const user = await queryClient.fetchQuery(sessionQuery())
  if (user) throw redirect({ to: '/dashboard/' })
}

/** Every /dashboard route: anonymous visitors go to sign-in and come back after. */
export async function requireUser(queryClient: QueryClient, returnTo: string) {
  const user = await queryClient.fetchQuery(sessionQuery())
  if (!user) throw redirect({ to: '/login/', search: { redirect: returnTo } })
  return user
}
