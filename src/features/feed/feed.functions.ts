import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { groupFeedSchema, markGroupSeenSchema, markWatchedSchema } from './feed.schemas'
import * as feed from './feed.server'

/* The group Feed tab's server functions: validate, then one call into feed.server.ts. */

export const getGroupFeed = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(groupFeedSchema)
  .handler(async ({ data, context }) => feed.getGroupFeed(await getDb(), context.actor, data))

export const markWatched = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(markWatchedSchema)
  .handler(async ({ data, context }) => feed.markWatched(await getDb(), context.actor, data))

export const markGroupSeen = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(markGroupSeenSchema)
  .handler(async ({ data, context }) => feed.markGroupSeen(await getDb(), context.actor, data))

export const getFeedBadges = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => feed.getFeedBadges(await getDb(), context.actor))
