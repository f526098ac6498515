import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { searchSchema } from './search.schemas'
import * as search from './search.server'

/* Validate, then one call into search.server, which reads only what the actor may see. */

export const quickSearch = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(searchSchema)
  .handler(async ({ data, context }) => search.search(await getDb(), context.actor, data))
