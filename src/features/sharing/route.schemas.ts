import { SHARE_PERMISSIONS, type SharePermission } from '~/db/enums'
import { oneOf, type RawSearch } from '~/lib/search-params'

/*
 * What the public sharing route validates in the route tree (type, search
 * params). The route tree sits in the entry chunk every page loads, so these
 * are plain validators, no zod (decision 0063), apart from sharing.schemas.ts.
 */

/** The seed: `/share/{type}/{id}/`; only groups are shared today. */
export const SHARE_TYPES = ['group'] as const

export function isShareType(value: unknown): value is (typeof SHARE_TYPES)[number] {
  return oneOf(SHARE_TYPES, value) !== undefined
}

/** The seed: `permission` is required and must be 'view' or 'edit'; anything else fails parsing. */
export function validateShareSearch(search: RawSearch): { permission: SharePermission } {
  const permission = oneOf(SHARE_PERMISSIONS, search.permission)
  if (!permission) throw new Error('permission must be view or edit')
  return { permission }
}
