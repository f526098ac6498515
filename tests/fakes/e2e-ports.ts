/**
 * Where scripts/e2e-server.ts runs the fake YouTube and AniList: fixed offsets
 * from the app's port, so a Playwright spec can reach a fake's control
 * endpoints (`GET /__fake/calls`, `POST /__fake/reset`) and a second suite on
 * another E2E_PORT gets its own fakes.
 */
export function e2eFakePorts(appPort: number): {
  youtube: number
  anilist: number
  stripe: number
} {
  return { youtube: appPort + 100, anilist: appPort + 101, stripe: appPort + 102 }
}

/** The e2e server's billing: the fake Stripe's signing secret and price ids. */
export const E2E_STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e_fake',
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly',
  STRIPE_PRICE_BUSINESS: 'price_business',
} as const

export const E2E_YOUTUBE_API_KEY = 'e2e-fake-key'
