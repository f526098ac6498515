import { createHash } from 'node:crypto'
import { format } from 'node:util'
import { eq, like, or } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '~/db/factories/users.server'
import {
  account,
  mailOutbox,
  rateLimit,
  session,
  usedConfirmationCode,
  user,
  verification,
} from '~/db/schema'
import { type Auth, createAuth, getAuth, resetAuthForTests } from '~/server/auth/auth.server'
import { getDb } from '~/server/database.server'
import { getEnv, resetEnvCacheForTests } from '~/server/env.server'
import { setLogLevel } from '~/server/logger.server'
import { listOutbox } from '~/server/mail/mail.server'
import { confirmationCodes } from './auth.repository.server'

/*
 * Better Auth end to end over the test database: the HTTP handler as the
 * browser reaches it, plus auth.api where the app calls it server-side.
 * Everything the process writes to stdout/stderr is kept and checked at the
 * end against every secret the file used.
 */

const BASE_URL = 'http://localhost:3000'
const SESSION_COOKIE = 'better-auth.session_token'

const savedEnv = {
  BASE_URL: process.env.BASE_URL,
  LOG_LEVEL: process.env.LOG_LEVEL,
  SMTP_URL: process.env.SMTP_URL,
  AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT,
}

// Before anything reads getEnv(): Vitest's own BASE_URL is '/', and mail must go to the outbox.
process.env.BASE_URL = BASE_URL
process.env.LOG_LEVEL = 'debug'
delete process.env.SMTP_URL
delete process.env.AUTH_RATE_LIMIT
resetEnvCacheForTests()
resetAuthForTests()

/** Every password, token, cookie value and code this file handles. */
const secrets = new Set<string>()
function secret<T extends string>(value: T): T {
  secrets.add(value)
  return value
}

type WriteCallback = (error?: Error | null) => void
type WriteRest = [(BufferEncoding | WriteCallback)?, WriteCallback?]
const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const

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

let auth: Auth

beforeAll(async () => {
  captureStream(process.stdout)
  captureStream(process.stderr)
  captureConsole()
  setLogLevel('debug')
  expect(getEnv().APP_ENV).toBe('test')
  expect(getEnv().BASE_URL).toBe(BASE_URL)
  auth = await getAuth()
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

let ipSequence = 0
/** A fresh client address, so Better Auth's per-IP buckets never overlap by accident. */
function nextIp(): string {
  ipSequence += 1
  return `10.1.${Math.floor(ipSequence / 250) % 250}.${(ipSequence % 250) + 1}`
}

type CallOptions = { ip?: string; cookie?: string; method?: 'GET' | 'POST'; on?: Auth }

function call(path: string, body: Record<string, unknown> | undefined, options: CallOptions = {}) {
  const headers = new Headers({
    'content-type': 'application/json',
    origin: BASE_URL,
    'x-forwarded-for': options.ip ?? nextIp(),
  })
  if (options.cookie) headers.set('cookie', options.cookie)
  const method = options.method ?? 'POST'
  return (options.on ?? auth).handler(
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

async function json(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json()
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new Error(`expected a JSON object, got ${JSON.stringify(body)}`)
  }
  return Object.fromEntries(Object.entries(body))
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
  const created = await createUser(auth, input)
  secret(created.password)
  return created
}

async function mailsTo(email: string) {
  return (await listOutbox(500)).filter((mail) => mail.to === email)
}

/** The path of the one link in a mail's plain text that starts with `prefix`. */
function linkPath(text: string, prefix: string): string {
  const urls = [...text.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]))
  const found = urls.find((url) => url.pathname.startsWith(prefix))
  if (!found) throw new Error(`no ${prefix} link in:\n${text}`)
  expect(found.origin).toBe(BASE_URL)
  return found.pathname
}

describe('sign-in', () => {
  it('signs the factory user in with an HttpOnly, SameSite=Lax session cookie, new on each sign-in', async () => {
    const person = await newUser()

    const first = await signIn(person.email, person.password)
    expect(first.status).toBe(200)
    const firstCookie = sessionCookie(first)
    const attributes = firstCookie.attributes.map((attribute) => attribute.toLowerCase())
    expect(attributes).toContain('httponly')
    expect(attributes).toContain('samesite=lax')
    expect(attributes).toContain('path=/')
    // Plain http in this test: no Secure flag, or the browser would drop the cookie.
    expect(attributes).not.toContain('secure')

    const second = await signIn(person.email, person.password)
    expect(second.status).toBe(200)
    const secondCookie = sessionCookie(second)
    expect(secondCookie.value).not.toBe(firstCookie.value)

    // Both cookies are live sessions of that user, and the user has exactly those two.
    expect(await sessionEmail(firstCookie.pair)).toBe(person.email)
    expect(await sessionEmail(secondCookie.pair)).toBe(person.email)
    const db = await getDb()
    const rows = await db.select().from(session).where(eq(session.userId, person.id))
    expect(rows).toHaveLength(2)
    expect(new Set(rows.map((row) => row.token)).size).toBe(2)
  })

  it('answers a wrong password and an unknown email with the same 401', async () => {
    const person = await newUser()
    const wrongPassword = secret('not the right password')

    const wrong = await signIn(person.email, wrongPassword)
    const unknown = await signIn('nobody.here@example.test', person.password)

    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    const wrongBody = await json(wrong)
    const unknownBody = await json(unknown)
    expect(wrongBody.code).toBe('INVALID_EMAIL_OR_PASSWORD')
    expect(unknownBody).toEqual(wrongBody)
    expect(wrong.headers.getSetCookie()).toEqual([])
    expect(unknown.headers.getSetCookie()).toEqual([])
  })

  it('limits sign-in per account across addresses: 429 with X-Retry-After after 10 tries', async () => {
    const person = await newUser()
    const wrongPassword = secret('guessing again and again')

    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await signIn(person.email, wrongPassword, { ip: `192.0.2.${attempt}` })
      expect(response.status, `attempt ${attempt}`).toBe(401)
    }

    // Another address, the right password, different case: still the same account, still limited.
    const limited = await signIn(person.email.toUpperCase(), person.password, { ip: '192.0.2.99' })
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('X-Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect((await json(limited)).code).toBe('RATE_LIMITED')
    expect(limited.headers.getSetCookie()).toEqual([])

    // Another account is not affected.
    const other = await newUser()
    expect((await signIn(other.email, other.password, { ip: '192.0.2.99' })).status).toBe(200)
  })

  it('limits sign-in per address with Better Auth’s limiter when it is on', async () => {
    process.env.AUTH_RATE_LIMIT = 'on'
    let limitedAuth: Auth
    try {
      limitedAuth = createAuth(await getDb(), getEnv())
    } finally {
      delete process.env.AUTH_RATE_LIMIT
    }
    const ip = '198.51.100.7'
    const person = await newUser()

    // Distinct unknown addresses, so the per-account limiter never counts twice.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await signIn(`stranger${attempt}@example.test`, person.password, {
        ip,
        on: limitedAuth,
      })
      expect(response.status, `attempt ${attempt}`).toBe(401)
    }

    const limited = await signIn(person.email, person.password, { ip, on: limitedAuth })
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('X-Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers.getSetCookie()).toEqual([])

    // The counter lives in the database, keyed by address and path.
    const db = await getDb()
    const [bucket] = await db
      .select()
      .from(rateLimit)
      .where(like(rateLimit.key, `${ip}|%sign-in%`))
    expect(bucket?.count).toBe(10)

    // Another address is not affected.
    const other = await signIn(person.email, person.password, {
      ip: '198.51.100.8',
      on: limitedAuth,
    })
    expect(other.status).toBe(200)
    sessionCookie(other)
  })
})

describe('sign-up', () => {
  const headers = () => new Headers({ origin: BASE_URL, 'x-forwarded-for': nextIp() })

  it('answers an existing address like a new one and tells only its owner', async () => {
    const owner = await newUser({ name: 'Olivia Owner' })
    const attempted = secret('someone else’s password')
    const newcomerPassword = secret('a brand new password')
    const newcomer = `newcomer.${Date.now()}@example.test`

    const existing = await auth.api.signUpEmail({
      body: { name: 'Impostor', email: owner.email, password: attempted, locale: 'en' },
      headers: headers(),
    })
    const fresh = await auth.api.signUpEmail({
      body: { name: 'Nina Newcomer', email: newcomer, password: newcomerPassword, locale: 'en' },
      headers: headers(),
    })

    expect(existing.token).toBeNull()
    expect(fresh.token).toBeNull()
    expect(Object.keys(existing).sort()).toEqual(Object.keys(fresh).sort())
    expect(Object.keys(existing.user).sort()).toEqual(Object.keys(fresh.user).sort())
    expect(existing.user.email).toBe(owner.email)
    expect(existing.user.emailVerified).toBe(false)
    // The synthetic answer does not reveal the real account's id.
    expect(existing.user.id).not.toBe(owner.id)

    const ownerMails = await mailsTo(owner.email)
    expect(ownerMails.map((mail) => mail.subject)).toEqual([
      'Someone tried to sign up with your email',
    ])
    expect(linkPath(ownerMails[0]?.text ?? '', '/forgot-password/')).toBe('/forgot-password/')

    const newcomerMails = await mailsTo(newcomer)
    expect(newcomerMails.map((mail) => mail.subject)).toEqual(['Confirm your email for Tubefold'])
    const path = linkPath(newcomerMails[0]?.text ?? '', '/subscriptions/confirm/')
    const code = secret(decodeURIComponent(path.slice('/subscriptions/confirm/'.length)))
    expect(code).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(newcomerMails[0]?.html).toContain(`/subscriptions/confirm/${code}`)

    // The existing account is untouched: its password still works, the attempted one does not.
    expect((await signIn(owner.email, attempted)).status).toBe(401)
    expect((await signIn(owner.email, owner.password)).status).toBe(200)
  })

  it('is not served over HTTP: POST /api/auth/sign-up/email is 404', async () => {
    const email = `http.signup.${Date.now()}@example.test`
    const response = await call('/sign-up/email', {
      name: 'Over HTTP',
      email,
      password: secret('http sign-up password'),
    })
    expect(response.status).toBe(404)
    const db = await getDb()
    expect(await db.select().from(user).where(eq(user.email, email))).toEqual([])
    expect(await mailsTo(email)).toEqual([])
  })

  it('accepts a confirmation code once', async () => {
    const email = `confirm.${Date.now()}@example.test`
    await auth.api.signUpEmail({
      body: { name: 'Cora Confirm', email, password: secret('confirm me please'), locale: 'en' },
      headers: headers(),
    })
    const [mail] = await mailsTo(email)
    const path = linkPath(mail?.text ?? '', '/subscriptions/confirm/')
    const code = secret(decodeURIComponent(path.slice('/subscriptions/confirm/'.length)))
    const hash = createHash('sha256').update(code).digest('hex')

    expect(await confirmationCodes.claim(hash, email)).toBe('claimed')
    expect(await confirmationCodes.claim(hash, email)).toBe('used')
    expect(await confirmationCodes.claim(hash, email.toUpperCase())).toBe('used')
    expect(await confirmationCodes.claim(hash, 'nobody@example.test')).toBe('unknown-user')

    // The code itself is a valid Better Auth token for that address.
    await auth.api.verifyEmail({ query: { token: code }, headers: headers() })
    const db = await getDb()
    const [row] = await db.select().from(user).where(eq(user.email, email))
    expect(row?.emailVerified).toBe(true)
    // Only the hash is stored.
    const stored = await db.select().from(usedConfirmationCode)
    expect(stored.map((entry) => entry.codeHash)).toContain(hash)
    expect(stored.some((entry) => entry.codeHash === code)).toBe(false)
  })
})

describe('password reset', () => {
  it('resets once through the mailed link, swaps the passwords and revokes every session', async () => {
    const person = await newUser({ name: 'Rita Reset' })
    const deviceA = await signedIn(person.email, person.password)
    const deviceB = await signedIn(person.email, person.password)

    const requested = await call('/request-password-reset', {
      email: person.email,
      redirectTo: '/reset-password/',
    })
    expect(requested.status).toBe(200)
    const mails = await mailsTo(person.email)
    expect(mails.map((mail) => mail.subject)).toEqual(['Reset your Tubefold password'])
    const path = linkPath(mails[0]?.text ?? '', '/reset-password/')
    expect(path).toMatch(/^\/reset-password\/[^/]+\/$/)
    const token = secret(decodeURIComponent(path.split('/')[2] ?? ''))
    expect(token.length).toBeGreaterThanOrEqual(16)

    const newPassword = secret('a fresh and long password')
    const reset = await call('/reset-password', { token, newPassword })
    expect(reset.status).toBe(200)

    const again = await call('/reset-password', {
      token,
      newPassword: secret('yet another new password'),
    })
    expect(again.status).toBe(400)
    expect((await json(again)).code).toBe('INVALID_TOKEN')

    expect(await sessionEmail(deviceA)).toBeNull()
    expect(await sessionEmail(deviceB)).toBeNull()
    const db = await getDb()
    expect(await db.select().from(session).where(eq(session.userId, person.id))).toEqual([])

    expect((await signIn(person.email, person.password)).status).toBe(401)
    expect((await signIn(person.email, 'yet another new password')).status).toBe(401)
    const fresh = await signedIn(person.email, newPassword)
    expect(await sessionEmail(fresh)).toBe(person.email)
  })

  it('answers an unknown address the same way and mails nobody', async () => {
    const email = 'no.account.here@example.test'
    const response = await call('/request-password-reset', {
      email,
      redirectTo: '/reset-password/',
    })
    expect(response.status).toBe(200)
    expect(await mailsTo(email)).toEqual([])
  })
})

describe('delete user', () => {
  /** Every row in every table of src/db/schema.ts that belongs to or names the user. */
  async function rowsOf(person: { id: string; email: string }) {
    const db = await getDb()
    return {
      user: await db
        .select()
        .from(user)
        .where(or(eq(user.id, person.id), eq(user.email, person.email))),
      session: await db.select().from(session).where(eq(session.userId, person.id)),
      account: await db.select().from(account).where(eq(account.userId, person.id)),
      verification: await db
        .select()
        .from(verification)
        .where(
          or(
            eq(verification.value, person.id),
            like(verification.value, `%${person.id}%`),
            like(verification.identifier, `%${person.id}%`),
            like(verification.identifier, `%${person.email}%`),
          ),
        ),
      rateLimit: await db
        .select()
        .from(rateLimit)
        .where(or(like(rateLimit.key, `%${person.id}%`), like(rateLimit.key, `%${person.email}%`))),
      usedConfirmationCode: await db
        .select()
        .from(usedConfirmationCode)
        .where(eq(usedConfirmationCode.userId, person.id)),
      mailOutbox: await db.select().from(mailOutbox).where(eq(mailOutbox.to, person.email)),
    }
  }

  /** A user with rows in as many tables as the app writes for one: sessions, a code, mail, a reset token. */
  async function busyUser() {
    const person = await newUser({ name: 'Dana Delete' })
    const cookie = await signedIn(person.email, person.password)
    await signedIn(person.email, person.password)
    const code = secret(`code-for-${person.id}`)
    const hash = createHash('sha256').update(code).digest('hex')
    expect(await confirmationCodes.claim(hash, person.email)).toBe('claimed')
    const requested = await call('/request-password-reset', {
      email: person.email,
      redirectTo: '/reset-password/',
    })
    expect(requested.status).toBe(200)
    const [mail] = await mailsTo(person.email)
    secret(decodeURIComponent(linkPath(mail?.text ?? '', '/reset-password/').split('/')[2] ?? ''))
    return { person, cookie }
  }

  it('keeps everything when the password is wrong', async () => {
    const { person, cookie } = await busyUser()
    const before = await rowsOf(person)
    expect(before.user).toHaveLength(1)
    expect(before.session).toHaveLength(2)
    expect(before.account).toHaveLength(1)
    expect(before.usedConfirmationCode).toHaveLength(1)
    expect(before.mailOutbox).toHaveLength(1)
    expect(before.verification.length).toBeGreaterThan(0)

    const response = await call(
      '/delete-user',
      { password: secret('not my password at all') },
      { cookie },
    )
    expect(response.status).toBe(400)
    expect((await json(response)).code).toBe('INVALID_PASSWORD')
    expect(await rowsOf(person)).toEqual(before)
    expect(await sessionEmail(cookie)).toBe(person.email)
  })

  it('removes every row of the user in every table with the right password', async () => {
    const { person, cookie } = await busyUser()
    const bystander = await busyUser()
    const bystanderBefore = await rowsOf(bystander.person)

    const response = await call('/delete-user', { password: person.password }, { cookie })
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual({ success: true, message: 'User deleted' })

    expect(await rowsOf(person)).toEqual({
      user: [],
      session: [],
      account: [],
      verification: [],
      rateLimit: [],
      usedConfirmationCode: [],
      mailOutbox: [],
    })
    expect(await sessionEmail(cookie)).toBeNull()
    expect((await signIn(person.email, person.password)).status).toBe(401)
    // Nobody else's rows went with it.
    expect(await rowsOf(bystander.person)).toEqual(bystanderBefore)
  })
})

describe('logs', () => {
  it('never wrote a password, token, cookie value or code to stdout or stderr', () => {
    const output = written.join('')
    // The capture saw the app's logger at debug level, so silence is not why nothing leaked.
    expect(output).toContain('"msg":"mail sent"')
    expect(secrets.size).toBeGreaterThan(20)
    for (const value of secrets) {
      expect(value.length, 'a secret too short to search for').toBeGreaterThanOrEqual(8)
      expect(output.includes(value), `secret ${value.slice(0, 4)}… in process output`).toBe(false)
    }
  })
})
