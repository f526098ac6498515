import { queryOptions } from '@tanstack/react-query'
import { getDemoHint, getSessionUser } from './session.functions'

export const authKeys = {
  session: ['auth', 'session'] as const,
  demoHint: ['auth', 'demo-hint'] as const,
  sessions: ['auth', 'sessions'] as const,
  deletionSummary: ['auth', 'deletion-summary'] as const,
}

export const sessionQuery = () =>
  queryOptions({ queryKey: authKeys.session, queryFn: () => getSessionUser(), staleTime: 60_000 })

export const demoHintQuery = () =>
  queryOptions({ queryKey: authKeys.demoHint, queryFn: () => getDemoHint() })
