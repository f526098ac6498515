import { createServerFn } from '@tanstack/react-start'
import { signedIn } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { checkoutSchema } from './billing.schemas'
import * as billing from './billing.server'

/* The signed-in account's own billing; nothing here reads or writes anyone else's. */

export const getBillingOverview = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context }) => billing.getBillingOverview(await getDb(), context.actor))

export const startCheckout = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .validator(checkoutSchema)
  .handler(async ({ data, context }) => billing.startCheckout(await getDb(), context.actor, data))

export const openBillingPortal = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .handler(async ({ context }) => billing.openPortal(await getDb(), context.actor))

export const tryBusiness = createServerFn({ method: 'POST' })
  .middleware([signedIn])
  .handler(async ({ context }) => billing.tryBusiness(await getDb(), context.actor))
