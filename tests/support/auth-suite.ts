/**
 * Set-up shared by the Better Auth integration tests: Better Auth end to end
 * over the test database (the HTTP handler as the browser reaches it, plus
 * auth.api where the app calls it server-side). Everything the process writes
 * to stdout/stderr is kept, and `itWroteNoSecrets()` checks it at the end of
 * a file against every secret the file used.
 */
import { format } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../src/seed/factories/users.server'
import { type Auth, getAuth, resetAuthForTests } from '../../src/server/auth/auth.server'
import { getEnv, resetEnvCacheForTests } from '../../src/server/env.server'
import { setLogLevel } from '../../src/server/logger.server'
import { listOutbox } from '../../src/server/mail/mail.server'

export const BASE_URL = 'http://localhost:3000'
const SESSION_COOKIE = 'better-auth.session_token'

type WriteCallback = (error?: Error | null) => void
type WriteRest = [(BufferEncoding | WriteCallback)?, WriteCallback?]
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const

export type CallOptions = { ip?: string; cookie?: string; method?: 'GET' | 'POST'; on?: Auth }

/** Registers the file's set-up; call once at the top level of a test file, before anything reads getEnv(). */
export function authSuite() {
  const savedEnv = {
    BASE_URL: process.env.BASE_URL,
    LOG_LEVEL: process.env.LOG_LEVEL,
    SMTP_URL: process.env.SMTP_URL,
    AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT,
  }

  // Vitest's own BASE_URL is '/', and mail must go to the outbox.
  process.env.BASE_URL = BASE_URL
  process.env.LOG_LEVEL = 'debug'
  delete process.env.SMTP_URL
  delete process.env.AUTH_RATE_LIMIT
  resetEnvCacheForTests()
  resetAuthForTests()

  /** Every password, token, cookie value and code the file handles. */
  const secrets = new Set<string>()
  function secret<T extends string>(value: T): T {
    secrets.add(value)
    return value
  }

  /** Everything written to stdout/stderr (and through console, which Vitest reroutes) while the file runs. */
  const written: string[] = []
  const restorers: (() => void)[] = []

  /**
   * Wraps rather than vi.spyOn: loud-console's vi.restoreAllMocks() after a
   * failing test must not switch the capture off for the rest of the file.
   */
  function captureStream(stream: NodeJS.WriteStream) {
    const original = stream.write
    stream.write = (chunk: string | Uint8Array, ...rest: WriteRest): boolean => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      return Reflect.apply(original, stream, [chunk, ...rest])
    }
    restorers.push(() => {
      stream.write = original
    })
  }

  function captureConsole() {
    for (const method of CONSOLE_METHODS) {
      const original = console[method]
      console[method] = (...args: unknown[]) => {
        written.push(format(...args))
        original(...args)
      }
      restorers.push(() => {
        console[method] = original
      })
    }
  }

  let current: Auth | undefined

  beforeAll(async () => {
    captureStream(process.stdout)
    captureStream(process.stderr)
    captureConsole()
    setLogLevel('debug')
    expect(getEnv().APP_ENV).toBe('test')
    expect(getEnv().BASE_URL).toBe(BASE_URL)
    current = await getAuth()
  })

  afterAll(() => {
    for (const restore of restorers.splice(0).reverse()) restore()
    setLogLevel('silent')
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    resetEnvCacheForTests()
    resetAuthForTests()
  })

  const auth = (): Auth => {
    if (!current) throw new Error('Better Auth is not set up yet')
    return current
  }

  let ipSequence = 0
  /** A fresh client address, so Better Auth's per-IP buckets never overlap by accident. */
  function nextIp(): string {
    ipSequence += 1
    return `10.1.${Math.floor(ipSequence / 250) % 250}.${(ipSequence % 250) + 1}`
  }

  function call(
    path: string,
    body: Record<string, unknown> | undefined,
    options: CallOptions = {},
  ) {
    const headers = new Headers({
      'content-type': 'application/json',
      origin: BASE_URL,
      'x-forwarded-for': options.ip ?? nextIp(),
    })
    if (options.cookie) headers.set('cookie', options.cookie)
    const method = options.method ?? 'POST'
    return (options.on ?? auth()).handler(
      new Request(`${BASE_URL}/api/auth${path}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      }),
    )
  }

  function signIn(email: string, password: string, options: CallOptions = {}) {
    return call('/sign-in/email', { email, password }, options)
  }

  /** The session cookie a response sets: its `name=value` pair and its attributes. */
  function sessionCookie(response: Response) {
    const header = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
    if (!header) throw new Error(`no ${SESSION_COOKIE} cookie in ${response.status} response`)
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
    const value = pair.slice(SESSION_COOKIE.length + 1)
    secret(value)
    secret(decodeURIComponent(value))
    // The cookie is `<session token>.<signature>`; the token alone is a secret too.
    secret(decodeURIComponent(value).split('.')[0] ?? value)
    return { pair, value, attributes }
  }

  async function signedIn(email: string, password: string): Promise<string> {
    const response = await signIn(email, password)
    expect(response.status).toBe(200)
    return sessionCookie(response).pair
  }

  async function sessionEmail(cookie: string): Promise<string | null> {
    const response = await call('/get-session', undefined, { cookie, method: 'GET' })
    expect(response.status).toBe(200)
    const body: unknown = await response.json()
    if (!body || typeof body !== 'object' || !('user' in body)) return null
    const sessionUser: unknown = body.user
    if (!sessionUser || typeof sessionUser !== 'object' || !('email' in sessionUser)) return null
    return typeof sessionUser.email === 'string' ? sessionUser.email : null
  }

  async function newUser(input: Parameters<typeof createUser>[1] = {}) {
    const created = await createUser(auth(), input)
    secret(created.password)
    return created
  }

  /** Registers the file's last check: nothing the file handled as a secret reached the output. */
  function itWroteNoSecrets() {
    describe('logs', () => {
      it('never wrote a password, token, cookie value or code to stdout or stderr', () => {
        const output = written.join('')
        // The capture saw the app's logger at debug level, so silence is not why nothing leaked.
        expect(output).toContain('"msg":"mail sent"')
        expect(secrets.size).toBeGreaterThan(20)
        for (const value of secrets) {
          expect(value.length, 'a secret too short to search for').toBeGreaterThanOrEqual(8)
          expect(output.includes(value), `secret ${value.slice(0, 4)}… in process output`).toBe(
            false,
          )
        }
      })
    })
  }

  return {
    auth,
    secret,
    nextIp,
    call,
    signIn,
    sessionCookie,
    signedIn,
    sessionEmail,
    newUser,
    itWroteNoSecrets,
  }
}

export async function json(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json()
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error(`expected a JSON object, got ${JSON.stringify(body)}`)
  }
  return Object.fromEntries(Object.entries(body))
}

export async function mailsTo(email: string) {
  return (await listOutbox(500)).filter((mail) => mail.to === email)
}

/** The path of the one link in a mail's plain text that starts with `prefix`. */
export function linkPath(text: string, prefix: string): string {
  const urls = [...text.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]))
  const found = urls.find((url) => url.pathname.startsWith(prefix))
  if (!found) throw new Error(`no ${prefix} link in:\n${text}`)
  expect(found.origin).toBe(BASE_URL)
  return found.pathname
}
