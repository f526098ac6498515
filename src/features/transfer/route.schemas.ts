import { definedParams, oneOf, optionalText, type RawSearch } from '~/lib/search-params'

/*
 * What the import route validates in the route tree: a plain validator, no
 * zod, since the route tree sits in the entry chunk (decision 0063).
 */

/** Why a connection attempt came back to the import screen (`?connectError=`). */
export const CONNECT_ERRORS = [
  'denied',
  'state',
  'failed',
  'quota',
  'notConfigured',
  'empty',
] as const
export type ConnectError = (typeof CONNECT_ERRORS)[number]

/**
 * `?parentId=` preselects the group the imported tree goes under; Connect
 * YouTube comes back with `?importId=` (its preview) or `?connectError=`.
 */
export function validateImportSearch(search: RawSearch) {
  return definedParams({
    parentId: optionalText(search.parentId),
    importId: optionalText(search.importId),
    connectError: oneOf(CONNECT_ERRORS, search.connectError),
  })
}
