/**
 * A private instance of the production build for the auth specs: its own
 * port, its own throw-away database and a real SMTP sink, so a test can read
 * the mails it caused, look at the server's logs and, once the server is
 * stopped, open its database. The shared server of playwright.config.ts is
 * left alone (it writes mail to the dev outbox and is shared by every spec).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from '@playwright/test'
import { messages as en } from '../../../src/lib/i18n/messages/en'
import { type AnilistFake, startAnilistFake } from '../../fakes/anilist-fake'
import { E2E_YOUTUBE_API_KEY } from '../../fakes/e2e-ports'
import { startYoutubeFake, type YoutubeFake } from '../../fakes/youtube-fake'
import { clickForAnswer, expect, gotoHydrated, test as shared } from '../fixtures'
import { linkIn, type SmtpSink, startSmtpSink } from './smtp-sink'

export { expect }

const ROOT = resolve(import.meta.dirname, '../../..')
const HOST = '127.0.0.1'
// A first start creates, migrates and seeds a database: over a minute on a loaded 2-core machine.
const START_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 10_000

/** The Node the project pins (node_modules/.bin/node), else the one running the tests. */
function nodeBinary(): string {
  const pinned = join(ROOT, 'node_modules/.bin/node')
  return existsSync(pinned) ? pinned : process.execPath
}

/** A port of 127.0.0.1 nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, HOST, () => {
      const address = probe.address()
      const port = address && typeof address === 'object' ? address.port : 0
      probe.close(() => (port ? resolvePort(port) : reject(new Error('no free port'))))
    })
  })
}

export type AppServer = {
  /** This instance's fake YouTube (Data API and channel pages) and AniList. */
  readonly youtube: YoutubeFake
  readonly anilist: AnilistFake
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly baseURL: string
  readonly sink: SmtpSink
  /** The server's stdout and stderr, one entry per line, as they arrive. */
  readonly logs: readonly string[]
  /** DATA_DIR of this instance; the embedded database is in `<dataDir>/pglite`. */
  readonly dataDir: string
  /**
   * Stops the server (SIGTERM, then SIGKILL after 10 s) and the sink it
   * started; removes the data directory unless `keepData` is set, in which
   * case the caller may open the database and must call `removeData()`.
   */
  stop: (options?: { keepData?: boolean }) => Promise<void>
  removeData: () => void
  /**
   * Sends `signal` and waits (up to `withinMs`) for the process to end on its
   * own: its exit code (null if a signal killed it or it did not end in time).
   */
  signal: (
    signal: NodeJS.Signals,
    withinMs: number,
  ) => Promise<{ exited: boolean; code: number | null; ms: number }>
  /**
   * Stops the server with its data kept, runs `whileStopped` (e.g. to edit
   * the database, which only one process may open), and starts it again on
   * the same port, sink and fakes: a warm start, no new database to migrate.
   */
  restart: (
    whileStopped?: (dataDir: string) => Promise<void>,
    options?: { logLevel?: LogLevel },
  ) => Promise<void>
  /**
   * Starts one more server process configured like this one (same data
   * directory unless told), on `port`, without waiting for /health: for
   * tests of what a second process does. Killed with this server at the latest.
   */
  launchAnother: (options: { port: number; dataDir?: string }) => OtherProcess
}

export type OtherProcess = {
  readonly logs: readonly string[]
  /** Resolves with the exit code (null if ended by a signal), or 'running' after `ms`. */
  exited: (ms: number) => Promise<number | null | 'running'>
  kill: () => Promise<void>
}

type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export type AppServerOptions = {
  /** A sink to send mail to; by default the server gets its own, stopped with it. */
  sink?: SmtpSink
  /** Reuse a data directory (e.g. one kept by an earlier `stop({ keepData: true })`). */
  dataDir?: string
  logLevel?: LogLevel
  /** More variables for the server (e.g. SHUTDOWN_GRACE_MS). */
  env?: Record<string, string>
}

function collectLines(stream: NodeJS.ReadableStream | null, into: string[]) {
  if (!stream) return
  let pending = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    pending += chunk
    const lines = pending.split('\n')
    pending = lines.pop() ?? ''
    into.push(...lines.filter((line) => line.length > 0))
  })
  stream.on('end', () => {
    if (pending) into.push(pending)
    pending = ''
  })
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true)
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolveExit(true)
    })
  })
}

async function waitForHealth(baseURL: string, child: ChildProcess, logs: readonly string[]) {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(`The app server exited during start-up:\n${logs.join('\n')}`)
    }
    try {
      const response = await fetch(`${baseURL}/health`)
      if (response.status === 200) return
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100))
  }
  throw new Error(
    `The app server did not answer /health within ${START_TIMEOUT_MS} ms:\n${logs.join('\n')}`,
  )
}

/** Starts `node .output/server/index.mjs` on a free port and waits until /health answers 200. */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const entry = join(resolve(ROOT, process.env.E2E_OUTPUT_DIR || '.output'), 'server/index.mjs')
  if (!existsSync(entry)) throw new Error(`No build at ${entry}: run \`npx vite build\` first.`)

  const ownSink = options.sink ? undefined : await startSmtpSink()
  const sink = options.sink ?? ownSink
  if (!sink) throw new Error('no SMTP sink')
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tubefold-auth-e2e-'))
  const port = await freePort()
  const baseURL = `http://${HOST}:${port}`
  const logs: string[] = []
  const [youtube, anilist] = await Promise.all([
    startYoutubeFake({ host: HOST }),
    startAnilistFake({ host: HOST }),
  ])

  const env = {
    ...process.env,
    APP_ENV: 'test',
    JOBS_ENABLED: 'true',
    HOST,
    PORT: String(port),
    BASE_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'warn',
    SMTP_URL: sink.url,
    // Nothing configured from outside leaks in: own secret, embedded database, no analytics, no Google.
    AUTH_SECRET: '',
    DATABASE_URL: '',
    POSTHOG_KEY: '',
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    AUTH_RATE_LIMIT: '',
    YOUTUBE_API_KEY: E2E_YOUTUBE_API_KEY,
    YOUTUBE_API_BASE_URL: youtube.apiBaseUrl,
    YOUTUBE_WEB_BASE_URL: youtube.webBaseUrl,
    ANILIST_API_URL: anilist.url,
    ...options.env,
  }
  const launch = (into = logs, overrides: Record<string, string> = {}) => {
    const started = spawn(nodeBinary(), [entry], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, ...overrides },
    })
    collectLines(started.stdout, into)
    collectLines(started.stderr, into)
    return started
  }
  let child = launch()
  const others: ChildProcess[] = []

  let removed = false
  const removeData = () => {
    if (removed) return
    removed = true
    rmSync(dataDir, { recursive: true, force: true })
  }
  // If the test process dies first, the server must not outlive it.
  const killOnExit = () => {
    for (const other of [child, ...others]) if (!exited(other)) other.kill('SIGKILL')
    removeData()
  }
  process.once('exit', killOnExit)

  const stopServer = async () => {
    if (exited(child)) return
    child.kill('SIGTERM')
    if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
      child.kill('SIGKILL')
      await waitForExit(child, STOP_TIMEOUT_MS)
    }
  }

  const launchAnother = (options: { port: number; dataDir?: string }): OtherProcess => {
    const otherLogs: string[] = []
    const other = launch(otherLogs, {
      PORT: String(options.port),
      BASE_URL: `http://${HOST}:${options.port}`,
      DATA_DIR: options.dataDir ?? dataDir,
    })
    others.push(other)
    return {
      logs: otherLogs,
      exited: async (ms) => ((await waitForExit(other, ms)) ? other.exitCode : 'running'),
      kill: async () => {
        if (exited(other)) return
        other.kill('SIGKILL')
        await waitForExit(other, STOP_TIMEOUT_MS)
      },
    }
  }

  const stop = async (stopOptions: { keepData?: boolean } = {}) => {
    for (const other of others) if (!exited(other)) other.kill('SIGKILL')
    await stopServer()
    process.off('exit', killOnExit)
    await Promise.all([ownSink?.close(), youtube.close(), anilist.close()])
    if (!stopOptions.keepData) removeData()
  }

  /** A restart may log at another level (`logLevel`); without it, at the level it started with. */
  const restart = async (
    whileStopped?: (dataDir: string) => Promise<void>,
    restartOptions: { logLevel?: LogLevel } = {},
  ) => {
    await stopServer()
    await whileStopped?.(dataDir)
    env.LOG_LEVEL = restartOptions.logLevel ?? options.logLevel ?? 'warn'
    child = launch()
    await waitForHealth(baseURL, child, logs)
  }

  const signal = async (name: NodeJS.Signals, withinMs: number) => {
    const sent = Date.now()
    child.kill(name)
    const ended = await waitForExit(child, withinMs)
    return { exited: ended, code: child.exitCode, ms: Date.now() - sent }
  }

  try {
    await waitForHealth(baseURL, child, logs)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    baseURL,
    sink,
    youtube,
    anilist,
    logs,
    dataDir,
    stop,
    removeData,
    restart,
    launchAnother,
    signal,
  }
}

type AuthWorkerFixtures = {
  /** This worker's own app server with its SMTP sink; use `app.baseURL + path`. */
  app: AppServer
}

/** The shared fixtures (browser-error watch, axe helper) plus a private app server per worker. */
export const test = shared.extend<Record<never, never>, AuthWorkerFixtures>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const app = await startAppServer()
      await use(app)
      await app.stop()
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 2 * STOP_TIMEOUT_MS },
  ],
})

/* Flows the auth specs share: fresh users, sign-up, confirmation and sign-in, in English. */

export type TestUser = { name: string; email: string; password: string }

let users = 0

/** A user nobody registered yet (unique per worker, test and call). */
export function newUser(label = 'user'): TestUser {
  users += 1
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${users}`
  return {
    name: `Ada ${label} ${users}`,
    email: `${label}-${stamp}@example.com`,
    password: `pw-${stamp}-Secret!`,
  }
}

/** The subject of the confirmation mail (English, the default language of a new account). */
export const CONFIRM_SUBJECT = new RegExp(escapeRegExp(en['mail.confirm.subject']))
export const RESET_SUBJECT = new RegExp(escapeRegExp(en['mail.reset.subject']))

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Fills the sign-up form of the page that is open and accepts the terms; the caller sends it. */
export async function fillSignUpForm(page: Page, user: TestUser) {
  await page.getByLabel(en['auth.field.fullName']).fill(user.name)
  await page.getByLabel(en['auth.field.email']).fill(user.email)
  await page.getByLabel(en['auth.field.password'], { exact: true }).fill(user.password)
  await page.getByLabel(en['auth.field.confirmPassword']).fill(user.password)
  await page.getByRole('checkbox').check()
}

/** Fills and sends the sign-up form, and waits for the "Check your email" panel. */
export async function signUp(page: Page, app: AppServer, user: TestUser) {
  await gotoHydrated(page, `${app.baseURL}/register/`)
  await fillSignUpForm(page, user)
  // The form posts to a server function (`/_serverFn/<id>`), not to Better Auth's API.
  await clickForAnswer(
    page,
    page.getByRole('button', { name: en['auth.register.submit'] }),
    /^\/_serverFn\//,
  )
  await expect(page.getByRole('heading', { name: en['auth.register.checkTitle'] })).toBeVisible()
}

/** The next confirmation mail to `email`, and the `/subscriptions/confirm/…` link in it. */
export async function confirmationLink(app: AppServer, email: string) {
  const mail = await app.sink.waitForMail({ to: email, subject: CONFIRM_SUBJECT })
  return linkIn(mail, '/subscriptions/confirm/')
}

/** Opens a confirmation link and waits for the dashboard it signs in to. */
export async function openConfirmation(page: Page, link: string) {
  await page.goto(link)
  await expect(page).toHaveURL(/\/dashboard\/\?origin=confirmed$/)
  await expect(page.getByText(en['dashboard.overview.origin.confirmed'])).toBeVisible()
}

/** A fresh user, signed up and confirmed through the mail: the page is signed in on the dashboard. */
export async function signUpConfirmed(page: Page, app: AppServer, label = 'user') {
  const user = newUser(label)
  await signUp(page, app, user)
  await openConfirmation(page, await confirmationLink(app, user.email))
  return user
}

/** Opens /login/ (with an optional `redirect`, encoded) and sends the form; the caller checks where it lands. */
export async function signIn(
  page: Page,
  app: AppServer,
  user: Pick<TestUser, 'email' | 'password'>,
  redirect?: string,
) {
  const query = redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`
  await gotoHydrated(page, `${app.baseURL}/login/${query}`)
  await submitSignIn(page, user)
}

/** Fills and sends the sign-in form of the page that is open. */
export async function submitSignIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.getByLabel(en['auth.field.email']).fill(user.email)
  await page.getByLabel(en['auth.field.password'], { exact: true }).fill(user.password)
  await clickForAnswer(
    page,
    page.getByRole('button', { name: en['auth.login.submit'], exact: true }),
    '/api/auth/sign-in/email',
  )
}
