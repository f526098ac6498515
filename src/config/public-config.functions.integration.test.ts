import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createActor } from '~/seed/factories/users.server'
import { getDb } from '~/server/database.server'
import { getEnv, resetEnvCacheForTests } from '~/server/env.server'
import { callOverWire, sessionCookie } from '../../tests/support/wire'
import { getPublicConfig } from './public-config.functions'

/*
 * The browser's view of the server's settings, over the wire: what it tells
 * follows the configuration, and no secret the configuration holds crosses.
 */

const SECRETS = {
  GOOGLE_CLIENT_SECRET: 'google-client-secret-do-not-leak',
  STRIPE_SECRET_KEY: 'sk_test_stripe-secret-do-not-leak',
  STRIPE_WEBHOOK_SECRET: 'whsec_stripe-webhook-do-not-leak',
}
const CONFIGURED = {
  POSTHOG_KEY: 'phc_public-project-key',
  POSTHOG_HOST: 'https://eu.i.posthog.com',
  GOOGLE_CLIENT_ID: 'google-client-id.apps.example.test',
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly',
  STRIPE_PRICE_BUSINESS: 'price_business',
  ...SECRETS,
}
const KEYS = Object.keys(CONFIGURED)
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]))

function configure(values: Partial<Record<keyof typeof CONFIGURED, string>>) {
  for (const key of KEYS) delete process.env[key]
  Object.assign(process.env, values)
  resetEnvCacheForTests()
}

afterEach(() => configure({}))
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  resetEnvCacheForTests()
})

describe('getPublicConfig over the wire', () => {
  it('tells an anonymous caller nothing is configured when nothing is', async () => {
    configure({})
    expect(await callOverWire(getPublicConfig)).toEqual({
      posthog: null,
      googleSignIn: false,
      billing: false,
    })
  })

  it('tells what is configured, the same to anyone, and no secret crosses', async () => {
    configure(CONFIGURED)
    const expected = {
      posthog: { key: CONFIGURED.POSTHOG_KEY, host: CONFIGURED.POSTHOG_HOST },
      googleSignIn: true,
      billing: true,
    }
    const anonymous = await callOverWire(getPublicConfig)
    expect(anonymous).toEqual(expected)
    const someone = await createActor(await getDb(), 'Config Reader')
    expect(
      await callOverWire(getPublicConfig, { cookie: await sessionCookie(someone.id) }),
    ).toEqual(expected)
    const text = JSON.stringify(anonymous)
    for (const secret of [...Object.values(SECRETS), getEnv().AUTH_SECRET]) {
      expect(text).not.toContain(secret)
    }
    expect(text).not.toContain(CONFIGURED.GOOGLE_CLIENT_ID)
  })

  it('offers Google sign-in only with both its id and its secret', async () => {
    configure({ GOOGLE_CLIENT_ID: CONFIGURED.GOOGLE_CLIENT_ID })
    expect((await callOverWire(getPublicConfig)).googleSignIn).toBe(false)
    configure({ GOOGLE_CLIENT_SECRET: SECRETS.GOOGLE_CLIENT_SECRET })
    expect((await callOverWire(getPublicConfig)).googleSignIn).toBe(false)
  })
})
