import { z } from 'zod'

/*
 * What group routes validate in the route tree (search params, ids). The
 * route tree sits in the entry chunk every page loads, the public ones
 * included, so this stays apart from groups.schemas.ts and its whole contract.
 */

export const idSchema = z.uuid('errors.validation')

/** The group page's tabs (`/dashboard/groups/{id}/?tab=`); items is the default. */
export const GROUP_TABS = ['items', 'feed', 'growth'] as const
export type GroupTab = (typeof GROUP_TABS)[number]
export const groupPageSearchSchema = z.object({
  tab: z.enum(GROUP_TABS).optional().catch(undefined),
})
