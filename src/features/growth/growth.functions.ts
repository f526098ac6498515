import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { channelGrowthInputSchema, groupGrowthInputSchema } from './growth.schemas'
import * as growth from './growth.server'
import { getLibraryReach as reachOf } from './reach.server'

/* Growth analytics: validate, then one call into growth.server.ts. */

export const getChannelGrowth = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(channelGrowthInputSchema)
  .handler(async ({ data, context }) => growth.getChannelGrowth(await getDb(), context.actor, data))

export const getGroupGrowth = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(groupGrowthInputSchema)
  .handler(async ({ data, context }) => growth.getGroupGrowth(await getDb(), context.actor, data))

export const getLibraryReach = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => reachOf(await getDb(), context.actor))
