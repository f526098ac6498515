import { createServerFn } from '@tanstack/react-start'
import { getEnv } from '~/server/env.server'

export type PublicConfig = {
  posthog: { key: string; host: string } | null
  googleSignIn: boolean
  /** A payment provider is configured: plans and the trial apply (else every feature is unlocked). */
  billing: boolean
}

/** The few server settings the browser may know; nothing secret crosses here. */
export const getPublicConfig = createServerFn({ method: 'GET' }).handler((): PublicConfig => {
  const env = getEnv()
  return {
    posthog: env.POSTHOG_KEY ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST } : null,
    googleSignIn: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    billing: Boolean(env.STRIPE_SECRET_KEY),
  }
})
