import { createHash } from 'node:crypto'
import { eq, like, or } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  account,
  group,
  mailOutbox,
  rateLimit,
  session,
  usedConfirmationCode,
  user,
  verification,
} from '~/db/schema'
import { messages as en } from '~/lib/i18n/messages/en'
import { messages as pt } from '~/lib/i18n/messages/pt'
import { createTree } from '~/seed/factories/organiser.server'
import type { Auth } from '~/server/auth/auth.server'
import { getDb } from '~/server/database.server'
import { authSuite, BASE_URL, json, linkPath, mailsTo } from '../../../tests/support/auth-suite'
import { withBrokenSmtp } from '../../../tests/support/outbox-mail'
import { confirmationCodes } from './auth.repository.server'

/* An account made (sign-up, confirmation) and deleted. */

const {
  auth: currentAuth,
  secret,
  nextIp,
  call,
  signIn,
  signedIn,
  sessionEmail,
  newUser,
  itWroteNoSecrets,
} = authSuite()
let auth: Auth
beforeAll(() => {
  auth = currentAuth()
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
    // A fresh session alone is not enough: without the password nothing is deleted.
    for (const body of [{}, { password: '' }]) {
      const bare = await call('/delete-user', body, { cookie })
      expect(bare.status).toBe(400)
      expect((await json(bare)).code).toBe('PASSWORD_REQUIRED')
    }
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

    const after = await rowsOf(person)
    expect({ ...after, mailOutbox: [] }).toEqual({
      user: [],
      session: [],
      account: [],
      verification: [],
      rateLimit: [],
      usedConfirmationCode: [],
      mailOutbox: [],
    })
    // The outbox is the development transport: what names the user there is only the goodbye mail.
    expect(after.mailOutbox.map((mail) => mail.subject)).toEqual([en['mail.deleted.subject']])
    expect(await sessionEmail(cookie)).toBeNull()
    expect((await signIn(person.email, person.password)).status).toBe(401)
    // Nobody else's rows went with it.
    expect(await rowsOf(bystander.person)).toEqual(bystanderBefore)
  })

  it('mails a confirmation in the user’s language, once the rows are gone', async () => {
    const db = await getDb()
    const person = await newUser({ name: 'Paula Português', locale: 'pt' })
    await createTree(db, person.id, [{ name: 'Shared' }], new Map())
    const cookie = await signedIn(person.email, person.password)

    const response = await call('/delete-user', { password: person.password }, { cookie })
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual({ success: true, message: 'User deleted' })

    expect(await db.select().from(user).where(eq(user.id, person.id))).toEqual([])
    expect(await db.select().from(group).where(eq(group.ownerId, person.id))).toEqual([])
    const mails = await mailsTo(person.email)
    expect(mails.map((mail) => mail.subject)).toEqual([pt['mail.deleted.subject']])
    const [mail] = mails
    expect(mail?.text).toContain(pt['mail.deleted.heading'].replace('{name}', person.name))
    expect(mail?.text).toContain(pt['mail.deleted.body'].replace('{email}', person.email))
    expect(mail?.text).toContain('/support/')
    expect(mail?.html).toContain('lang="pt-BR"')
  })

  it('mails no address its owner never confirmed', async () => {
    const person = await newUser({ name: 'Call +1 555 0100 to restore', verified: false })
    const cookie = await signedIn(person.email, person.password)
    const response = await call('/delete-user', { password: person.password }, { cookie })
    expect(response.status).toBe(200)
    expect(await mailsTo(person.email)).toEqual([])
  })

  it('still deletes when the mail cannot be sent', async () => {
    const db = await getDb()
    const person = await newUser({ name: 'Bruno Broken' })
    const cookie = await signedIn(person.email, person.password)
    const response = await withBrokenSmtp(() =>
      call('/delete-user', { password: person.password }, { cookie }),
    )
    expect(response.status).toBe(200)
    expect(await db.select().from(user).where(eq(user.id, person.id))).toEqual([])
    expect(await mailsTo(person.email)).toEqual([])
  })
})

itWroteNoSecrets()
