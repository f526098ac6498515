import { TEAM_EVENTS, type TeamEvent } from '~/db/enums'
import { definedParams, oneOf, optionalString, type RawSearch } from '~/lib/search-params'

const UNSUBSCRIBE_RESULTS = ['done', 'invalid'] as const
const TOKEN_MAX = 400

/** A plain validator, no zod: the route tree sits in the entry chunk (decision 0063). */
export function validateUnsubscribeSearch(search: RawSearch): {
  token?: string
  result?: (typeof UNSUBSCRIBE_RESULTS)[number]
} {
  const token = optionalString(search.token)
  return definedParams({
    token: token && token.length <= TOKEN_MAX ? token : undefined,
    result: oneOf(UNSUBSCRIBE_RESULTS, search.result),
  })
}

/** Unchecked: the page only words its question with it; the POST verifies the signature. */
export function tokenKind(token: string): 'digest' | TeamEvent | null {
  const kind = token.split('.')[1]
  if (kind === 'digest') return kind
  return TEAM_EVENTS.find((event) => event === kind) ?? null
}
