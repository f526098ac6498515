import { beforeAll } from 'vitest'
import type { Database } from '~/db/client.server'
import { getDb } from '~/server/database.server'
import { N, Y } from '../../../tests/support/access-matrix/personas'
import { gated, matrixModule } from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import * as billing from './billing.server'

/*
 * The authorization matrix of billing: every function acts on the actor's
 * own account and nobody else's. The table's columns, the world and the
 * checks are in tests/support/access-matrix.
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

let db: Database
beforeAll(async () => {
  db = await getDb()
})

const billingModule = matrixModule('src/features/billing/billing.server', billing, {
  getBillingOverview: [
    gated(
      'own plan and usage',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => billing.getBillingOverview(db, c.actor),
      {
        scoped: true,
      },
    ),
  ],
  startCheckout: {
    internal:
      "a Checkout session for the actor's own customer, created from the actor's id (stripe.integration.test.ts)",
  },
  tryBusiness: {
    internal: "starts the actor's own Business trial, once (stripe.integration.test.ts)",
  },
  openPortal: {
    internal: "the portal of the actor's own customer only (stripe.integration.test.ts)",
  },
})

describeAccessMatrix('billing', {
  folder: 'src/features/billing',
  modules: [billingModule],
  notHere: {
    'src/features/billing/trial-mails.server':
      'the daily trial mails job; takes no actor and reads no user input',
    'src/features/billing/plan-limits.server':
      'checks the plan limits of the owner a write grows, for the callers that authorized the write; takes no actor',
    'src/features/billing/subscription.server':
      "an account's plan state, read for the actor by the modules above and the limits; takes no actor",
    'src/features/billing/stripe.server': "Stripe's client: called with ids the callers own",
    'src/features/billing/deleted-account.server':
      "cancels a deleted account's subscription; a job queued by the deletion, takes no actor",
    'src/features/billing/stripe-webhook.server':
      "Stripe's webhook: no session, authenticated by the signature (stripe.integration.test.ts)",
  },
})
