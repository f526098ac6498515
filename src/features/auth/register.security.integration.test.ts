import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getAuth, resetAuthForTests } from '~/server/auth/auth.server'
import { getDb } from '~/server/database.server'
import { claimDailyNotice } from '~/server/mail/mail-notice.server'
import { codeOf } from '../../../tests/support/app-errors'
import { authSuite, BASE_URL, mailsTo } from '../../../tests/support/auth-suite'
import { registerSchema } from './auth.schemas'
import { registerAccount } from './register.server'

/*
 * Issue 21 item 13: `register` called Better Auth's API directly, past its
 * limiter, so 25 calls mailed an address's owner 25 "someone tried to sign
 * up" mails. Sign-up is now limited per client address and per email
 * address, and that mail goes out at most once a day per address.
 */

const { auth, nextIp, secret, newUser } = authSuite()
const EXISTING_SUBJECT = 'Someone tried to sign up with your email'
const PASSWORD = secret('a long enough password 1')

const headers = (ip: string) => new Headers({ origin: BASE_URL, 'x-forwarded-for': ip })
const form = (email: string) =>
  registerSchema.parse({
    name: 'Somebody',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
  })
const attempt = (email: string, ip = nextIp()) =>
  codeOf(registerAccount(form(email), { headers: headers(ip), ip, locale: 'en' }))
const fresh = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`

beforeAll(() => {
  expect(auth()).toBeDefined()
})

afterEach(() => {
  delete process.env.AUTH_RATE_LIMIT
})

describe('the "someone tried to sign up" mail', () => {
  it('reaches an address’s owner at most once a day, however often and from wherever someone tries', async () => {
    const owner = await newUser({ name: 'Olivia Owner' })
    for (let round = 0; round < 8; round++) {
      await auth().api.signUpEmail({
        body: { name: 'Impostor', email: owner.email, password: PASSWORD, locale: 'en' },
        headers: headers(nextIp()),
      })
    }
    // A restart (a new Better Auth over the same database) does not start the count again.
    resetAuthForTests()
    const restarted = await getAuth()
    await restarted.api.signUpEmail({
      body: { name: 'Impostor', email: owner.email, password: PASSWORD, locale: 'en' },
      headers: headers(nextIp()),
    })
    const mails = await mailsTo(owner.email)
    expect(mails.filter((mail) => mail.subject === EXISTING_SUBJECT)).toHaveLength(1)
  })

  it('may go again a day later', async () => {
    const db = await getDb()
    const address = fresh('daily')
    const now = new Date('2031-03-01T10:00:00Z')
    expect(await claimDailyNotice(db, 'existing-account', address, now)).toBe(true)
    const later = (hours: number) => new Date(now.getTime() + hours * 3600_000)
    expect(await claimDailyNotice(db, 'existing-account', address, later(23))).toBe(false)
    expect(await claimDailyNotice(db, 'existing-account', address, later(24))).toBe(true)
    expect(await claimDailyNotice(db, 'existing-account', address, later(30))).toBe(false)
  })
})

describe('sign-up limits', () => {
  it('limits sign-ups per client address', async () => {
    process.env.AUTH_RATE_LIMIT = 'on'
    const ip = nextIp()
    const codes = []
    for (let round = 0; round < 11; round++) codes.push(await attempt(fresh('ip'), ip))
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('ok'))
    expect(codes[10]).toBe('RATE_LIMITED')
    // Another client is not held back.
    expect(await attempt(fresh('other'))).toBe('ok')
  })

  it('limits attempts per email address from any client, alike for taken and free addresses', async () => {
    process.env.AUTH_RATE_LIMIT = 'on'
    const owner = await newUser({ name: 'Tess Taken' })
    const free = fresh('free')
    const taken = []
    const open = []
    for (let round = 0; round < 4; round++) {
      taken.push(await attempt(owner.email))
      open.push(await attempt(free))
    }
    expect(taken).toEqual(['ok', 'ok', 'ok', 'RATE_LIMITED'])
    expect(open).toEqual(taken)
  })
})
