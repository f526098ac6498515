/**
 * Local stand-ins for YouTube, AniList and Stripe, for working offline:
 *
 *   npm run dev:fakes -- [--latency=200] [--fail-rate=0.1] [--quota-exhausted]
 *                        [--youtube-port=4010] [--anilist-port=4011] [--stripe-port=4012]
 *                        [--app-url=http://localhost:3000] (where Stripe's webhooks go)
 *
 * then start the app with the printed variables. Ctrl-C stops both.
 */
import { parseArgs } from 'node:util'
import { startAnilistFake } from '../tests/fakes/anilist-fake.ts'
import {
  FAKE_GOOGLE_CLIENT_ID,
  FAKE_GOOGLE_CLIENT_SECRET,
} from '../tests/fakes/google-oauth-fake.ts'
import { startStripeFake } from '../tests/fakes/stripe-fake.ts'
import { startYoutubeFake } from '../tests/fakes/youtube-fake.ts'

const { values } = parseArgs({
  options: {
    latency: { type: 'string', default: '0' },
    'fail-rate': { type: 'string', default: '0' },
    'quota-exhausted': { type: 'boolean', default: false },
    'youtube-port': { type: 'string', default: '4010' },
    'anilist-port': { type: 'string', default: '4011' },
    'stripe-port': { type: 'string', default: '4012' },
    /** Where the fake Stripe sends its signed webhooks (the app's endpoint). */
    'app-url': { type: 'string', default: 'http://localhost:3000' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

function number(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min || value > max) {
    console.error(`--${name} must be a number from ${min} to ${max}, got "${raw}"`)
    process.exit(2)
  }
  return value
}

if (values.help) {
  console.log(
    'Usage: npm run dev:fakes -- [--latency=MS] [--fail-rate=0..1] [--quota-exhausted] [--youtube-port=N] [--anilist-port=N]',
  )
  process.exit(0)
}

const trouble = {
  latencyMs: number('latency', values.latency, 0, 60_000),
  failRate: number('fail-rate', values['fail-rate'], 0, 1),
}
const youtube = await startYoutubeFake({
  ...trouble,
  quotaExhausted: values['quota-exhausted'],
  port: number('youtube-port', values['youtube-port'], 0, 65535),
})
const anilist = await startAnilistFake({
  ...trouble,
  port: number('anilist-port', values['anilist-port'], 0, 65535),
})

const STRIPE_WEBHOOK_SECRET = 'whsec_tubefold_dev_fake'
const stripe = await startStripeFake({
  port: number('stripe-port', values['stripe-port'], 0, 65535),
  webhookSecret: STRIPE_WEBHOOK_SECRET,
  webhookUrl: `${values['app-url']}/api/stripe/webhook`,
})

console.log(
  `Fake YouTube on ${youtube.url}, fake AniList on ${anilist.url}, fake Stripe on ${stripe.url}`,
)
console.log(
  `latency ${trouble.latencyMs} ms, fail rate ${trouble.failRate}, quota ${values['quota-exhausted'] ? 'exhausted' : 'available'}`,
)
console.log('\nStart the app with:\n')
console.log(
  [
    `YOUTUBE_API_BASE_URL=${youtube.apiBaseUrl}`,
    `YOUTUBE_WEB_BASE_URL=${youtube.webBaseUrl}`,
    `YOUTUBE_FEED_BASE_URL=${youtube.feedBaseUrl}`,
    `ANILIST_API_URL=${anilist.url}`,
    'YOUTUBE_API_KEY=fake-key',
    // Connect YouTube: the fake consent page, token and revoke endpoints.
    `GOOGLE_CLIENT_ID=${FAKE_GOOGLE_CLIENT_ID}`,
    `GOOGLE_CLIENT_SECRET=${FAKE_GOOGLE_CLIENT_SECRET}`,
    `GOOGLE_OAUTH_AUTHORIZE_URL=${youtube.oauthUrls.authorize}`,
    `GOOGLE_OAUTH_TOKEN_URL=${youtube.oauthUrls.token}`,
    `GOOGLE_OAUTH_REVOKE_URL=${youtube.oauthUrls.revoke}`,
    // Billing: the fake Stripe's API, its signing secret and three price ids.
    'STRIPE_SECRET_KEY=sk_test_fake',
    `STRIPE_WEBHOOK_SECRET=${STRIPE_WEBHOOK_SECRET}`,
    'STRIPE_PRICE_PRO_MONTHLY=price_pro_monthly',
    'STRIPE_PRICE_PRO_YEARLY=price_pro_yearly',
    'STRIPE_PRICE_BUSINESS=price_business',
    `STRIPE_API_BASE_URL=${stripe.url}`,
  ].join(' '),
)
console.log(
  '\n(leave YOUTUBE_API_KEY out to exercise the channel-page path; leave STRIPE_SECRET_KEY out for a self-hosted instance)',
)

let closing = false
async function stop() {
  if (closing) return
  closing = true
  await Promise.all([youtube.close(), anilist.close(), stripe.close()])
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
