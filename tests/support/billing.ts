import { resetEnvCacheForTests } from '../../src/server/env.server'

/*
 * Billing on and off for a test file: with a Stripe key configured the plan
 * limits apply; without one (the default in tests) everything is unlocked.
 */

const BILLING_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_tubefold',
  STRIPE_WEBHOOK_SECRET: 'whsec_tubefold_test',
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly',
  STRIPE_PRICE_BUSINESS: 'price_business',
} as const

export function enableBilling(extra: Record<string, string> = {}) {
  Object.assign(process.env, BILLING_ENV, extra)
  resetEnvCacheForTests()
}

export function disableBilling() {
  for (const name of [...Object.keys(BILLING_ENV), 'STRIPE_API_BASE_URL']) delete process.env[name]
  resetEnvCacheForTests()
}

export const billingEnv = BILLING_ENV
