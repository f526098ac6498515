/**
 * The server the end-to-end suite runs against: the production build on a
 * fresh, throw-away embedded database, so every run starts from zero and
 * leaves nothing behind. Playwright starts it (`webServer`) and stops it with
 * SIGTERM; the temp data directory is removed whichever way it ends.
 * It never builds: `npm test` builds first, and so must anyone running e2e by hand.
 * E2E_OUTPUT_DIR points it at another build than `.output/` (e.g. a copy kept
 * apart while the work tree is rebuilt).
 * YouTube and AniList are local fakes started in this process (ports from
 * tests/fakes/e2e-ports.ts), so no test reaches the internet.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startAnilistFake } from '../tests/fakes/anilist-fake.ts'
import { E2E_STRIPE, E2E_YOUTUBE_API_KEY, e2eFakePorts } from '../tests/fakes/e2e-ports.ts'
import {
  FAKE_GOOGLE_CLIENT_ID,
  FAKE_GOOGLE_CLIENT_SECRET,
} from '../tests/fakes/google-oauth-fake.ts'
import { startStripeFake } from '../tests/fakes/stripe-fake.ts'
import { startYoutubeFake } from '../tests/fakes/youtube-fake.ts'

const E2E_HOST = '127.0.0.1'
// E2E_PORT lets a second suite run beside one already on 3210.
const E2E_PORT = Number(process.env.E2E_PORT || 3210)
const E2E_BASE_URL = `http://${E2E_HOST}:${E2E_PORT}`

const root = resolve(import.meta.dirname, '..')
const outputDir = resolve(root, process.env.E2E_OUTPUT_DIR || '.output')
const entry = join(outputDir, 'server/index.mjs')
if (!existsSync(entry)) {
  console.error(`No build at ${entry}: run \`npx vite build\` first.`)
  process.exit(1)
}

const dataDir = mkdtempSync(join(tmpdir(), 'tubefold-e2e-'))
let cleaned = false
function cleanUp() {
  if (cleaned) return
  cleaned = true
  rmSync(dataDir, { recursive: true, force: true })
}

const fakePorts = e2eFakePorts(E2E_PORT)
const [youtube, anilist, stripe] = await Promise.all([
  startYoutubeFake({ host: E2E_HOST, port: fakePorts.youtube }),
  startAnilistFake({ host: E2E_HOST, port: fakePorts.anilist }),
  // Billing against the fake Stripe: Checkout's pay page sends signed webhooks to the app.
  startStripeFake({
    host: E2E_HOST,
    port: fakePorts.stripe,
    webhookSecret: E2E_STRIPE.STRIPE_WEBHOOK_SECRET,
    webhookUrl: `${E2E_BASE_URL}/api/stripe/webhook`,
  }),
]).catch((error: unknown) => {
  console.error(`Could not start the fake YouTube/AniList/Stripe: ${String(error)}`)
  cleanUp()
  process.exit(1)
})
let fakesClosed: Promise<unknown> | undefined
const closeFakes = () => {
  fakesClosed ??= Promise.all([youtube.close(), anilist.close(), stripe.close()])
  return fakesClosed
}

const server = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    APP_ENV: 'test',
    // Imports run as background jobs: the e2e server runs its worker like production does.
    JOBS_ENABLED: 'true',
    HOST: E2E_HOST,
    PORT: String(E2E_PORT),
    BASE_URL: E2E_BASE_URL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Mail goes to the dev outbox, analytics stay off: nothing leaves the machine.
    SMTP_URL: '',
    POSTHOG_KEY: '',
    DATABASE_URL: '',
    YOUTUBE_API_KEY: E2E_YOUTUBE_API_KEY,
    YOUTUBE_API_BASE_URL: youtube.apiBaseUrl,
    YOUTUBE_WEB_BASE_URL: youtube.webBaseUrl,
    YOUTUBE_FEED_BASE_URL: youtube.feedBaseUrl,
    ANILIST_API_URL: anilist.url,
    // Connect YouTube against the fake Google (consent page, token, revoke, subscriptions).
    GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
    GOOGLE_OAUTH_AUTHORIZE_URL: youtube.oauthUrls.authorize,
    GOOGLE_OAUTH_TOKEN_URL: youtube.oauthUrls.token,
    GOOGLE_OAUTH_REVOKE_URL: youtube.oauthUrls.revoke,
    ...E2E_STRIPE,
    STRIPE_API_BASE_URL: stripe.url,
  },
})

let stopping = false
const running = () => server.exitCode === null && server.signalCode === null

/**
 * Playwright signals the whole process group, so the server usually has the
 * signal already: give it a moment to shut down on its own (a second signal
 * would force-close it), then pass the signal on, then SIGKILL after 10 s.
 */
function stop(signal: NodeJS.Signals) {
  if (stopping) return
  stopping = true
  setTimeout(() => running() && server.kill(signal), 2_000).unref()
  setTimeout(() => running() && server.kill('SIGKILL'), 10_000).unref()
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => stop(signal))
}
process.on('exit', cleanUp)

server.on('error', async (error) => {
  console.error(`Could not start the e2e server: ${error.message}`)
  cleanUp()
  await closeFakes()
  process.exit(1)
})

server.on('exit', async (code, signal) => {
  cleanUp()
  await closeFakes()
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)))
})
