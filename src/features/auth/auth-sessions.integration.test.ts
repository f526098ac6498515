import { eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rateLimit, session } from '~/db/schema'
import { type Auth, createAuth } from '~/server/auth/auth.server'
import { getDb } from '~/server/database.server'
import { getEnv } from '~/server/env.server'
import { authSuite, json, linkPath, mailsTo } from '../../../tests/support/auth-suite'

/* Signing in, and getting back in with a new password: who holds a session. */

const { secret, call, signIn, sessionCookie, signedIn, sessionEmail, newUser, itWroteNoSecrets } =
  authSuite()

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

itWroteNoSecrets()
