import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { getOverviewCounts as countsFor } from './overview.server'

export const getOverviewCounts = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => countsFor(await getDb(), context.actor))
