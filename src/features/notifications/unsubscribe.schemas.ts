import { z } from 'zod'
import { TEAM_EVENTS, type TeamEvent } from '~/db/enums'

/** The unsubscribe page's search: the mailed token and, after the button, the outcome. */
export const unsubscribeSearchSchema = z.object({
  token: z.string().max(400).optional().catch(undefined),
  result: z.enum(['done', 'invalid']).optional().catch(undefined),
})

/**
 * The kind a token names, read without checking it (the page only words
 * its question with it; the POST verifies the signature).
 */
export function tokenKind(token: string): 'digest' | TeamEvent | null {
  const kind = token.split('.')[1]
  if (kind === 'digest') return kind
  return TEAM_EVENTS.find((event) => event === kind) ?? null
}
