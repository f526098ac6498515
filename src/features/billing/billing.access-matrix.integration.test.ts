import { expect } from 'vitest'
import { N, Y } from '../../../tests/support/access-matrix/personas'
import { gated, matrixModule, overWire } from '../../../tests/support/access-matrix/rows'
import { describeAccessMatrix } from '../../../tests/support/access-matrix/run-matrix'
import { getBillingOverview } from './billing.functions'
import * as billing from './billing.server'

/*
 * The authorization matrix of billing: every function acts on the actor's
 * own account and nobody else's. The table's columns, the world and the
 * checks are in tests/support/access-matrix. The overview row goes through
 * the server function the billing page calls; the functions that talk to
 * Stripe are called over the wire in billing.functions.integration.test.ts.
 *
 *                anonymous stranger viewer editor owner removed revokedLink expiredLink
 */

const billingModule = matrixModule('src/features/billing/billing.server', billing, {
  getBillingOverview: [
    gated(
      'own plan and usage',
      [N, Y, Y, Y, Y, Y, Y, Y],
      (c) => overWire(c.actor, getBillingOverview, undefined),
      {
        scoped: true,
        // Usage is the actor's own tree and library (billing is off here: no limits).
        check: (c, result) => {
          const owner = c.persona === 'owner'
          expect(result).toMatchObject({
            billing: false,
            usage: { groups: owner ? 6 : 1, channels: owner ? 4 : 1 },
            limits: { groups: null, depth: null, channels: null, shareMembers: null },
          })
        },
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
