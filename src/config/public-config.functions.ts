import { createServerFn } from '@tanstack/react-start'
import { getEnv } from '~/server/env.server'

export type PublicConfig = { posthog: { key: string; host: string } | null }

/** The few server settings the browser may know; nothing secret crosses here. */
export const getPublicConfig = createServerFn({ method: 'GET' }).handler((): PublicConfig => {
  const env = getEnv()
  return { posthog: env.POSTHOG_KEY ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST } : null }
})
