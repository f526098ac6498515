import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { account, groupMember, session, usedConfirmationCode, user } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { messages as en } from '~/lib/i18n/messages/en'
import { messages as pt } from '~/lib/i18n/messages/pt'
import { addToLibrary, createTree, upsertCatalogue } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { getAuth } from '~/server/auth/auth.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailsTo, mailToOutbox } from '../../../tests/support/outbox-mail'
import { callOverWire, sessionCookie } from '../../../tests/support/wire'
import { confirmEmail, register } from './auth.functions'
import { DEMO_ACCOUNT } from './auth.repository.server'
import {
  getDeletionSummary,
  getDemoHint,
  getSessionUser,
  listActiveSessions,
} from './session.functions'

/*
 * Sign-up, confirmation and the session reads, called over the wire as the
 * pages call them: register → the code mailed to the outbox → confirmEmail,
 * then who is signed in, their sessions, and what deleting them would take.
 */

mailToOutbox()

const PASSWORD = 'a long enough password 1'
const CONFIRM_PREFIX = '/subscriptions/confirm/'

let sequence = 0
const fresh = (label: string) => {
  sequence += 1
  return `${label}.${sequence}.${crypto.randomUUID().slice(0, 8)}@example.test`
}

const form = (name: string, email: string, redirect?: string) => ({
  name,
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true as const,
  ...(redirect ? { redirect } : {}),
})

/** The confirmation link of the one confirmation mail an address got: its code and `next`. */
async function mailedConfirmation(email: string, subject: string = en['mail.confirm.subject']) {
  const mails = (await mailsTo(email)).filter((mail) => mail.subject === subject)
  expect(mails).toHaveLength(1)
  const link = [...(mails[0]?.text ?? '').matchAll(/https?:\/\/\S+/g)]
    .map((match) => new URL(match[0]))
    .find((url) => url.pathname.startsWith(CONFIRM_PREFIX))
  if (!link) throw new Error(`no ${CONFIRM_PREFIX} link in the mail to ${email}`)
  expect(link.origin).toBe(process.env.BASE_URL)
  return {
    code: decodeURIComponent(link.pathname.slice(CONFIRM_PREFIX.length)),
    next: link.searchParams.get('next'),
  }
}

async function userRow(email: string) {
  const rows = await db.select().from(user).where(eq(user.email, email))
  expect(rows.length).toBeLessThanOrEqual(1)
  return rows[0]
}

const issueSchema = z.array(
  z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }),
)

/** What the validator said when it refused a call: `path: message key` per issue. */
async function validatorIssues(promise: Promise<unknown>): Promise<string[]> {
  try {
    await promise
  } catch (error) {
    if (!(error instanceof Error) || error instanceof AppError) throw error
    return issueSchema
      .parse(JSON.parse(error.message))
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
  }
  throw new Error('expected the validator to refuse the call')
}

describe('register and confirmEmail over the wire', () => {
  it('registers, mails a code in the reader’s language, and the code confirms the address once', async () => {
    const email = fresh('newcomer')
    const answer = await callOverWire(register, {
      data: form('Nina Newcomer', email, '/share/abc123/'),
      headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
    })
    expect(answer).toEqual({ email })

    const created = await userRow(email)
    expect(created).toMatchObject({ name: 'Nina Newcomer', emailVerified: false, locale: 'pt' })
    const id = created?.id ?? ''
    const [credential] = await db.select().from(account).where(eq(account.userId, id))
    expect(credential?.providerId).toBe('credential')
    expect(credential?.password).toBeTruthy()
    expect(credential?.password).not.toContain(PASSWORD)
    // Sign-up does not sign in: the address is confirmed first.
    expect(await db.select().from(session).where(eq(session.userId, id))).toEqual([])

    const { code, next } = await mailedConfirmation(email, pt['mail.confirm.subject'])
    expect(code).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(next).toBe('/share/abc123/')

    expect(await callOverWire(confirmEmail, { data: { code } })).toEqual({ status: 'confirmed' })
    expect((await userRow(email))?.emailVerified).toBe(true)
    const hash = createHash('sha256').update(code).digest('hex')
    const spent = await db
      .select()
      .from(usedConfirmationCode)
      .where(eq(usedConfirmationCode.userId, id))
    expect(spent.map((row) => row.codeHash)).toEqual([hash])
    // Confirming signs the new user in.
    expect(await db.select().from(session).where(eq(session.userId, id))).toHaveLength(1)

    // The same code again is spent, and signs nobody in a second time.
    expect(await callOverWire(confirmEmail, { data: { code } })).toEqual({ status: 'used' })
    expect(await db.select().from(session).where(eq(session.userId, id))).toHaveLength(1)
  })

  it('answers a taken address like a new one, keeps the account, and mails only its owner', async () => {
    const owner = await createActor(db, 'Olivia Owner')
    const answer = await callOverWire(register, { data: form('Impostor', owner.email) })
    expect(answer).toEqual({ email: owner.email })

    const row = await userRow(owner.email)
    expect(row).toMatchObject({ id: owner.id, name: 'Olivia Owner', emailVerified: true })
    expect(await db.select().from(account).where(eq(account.userId, owner.id))).toEqual([])
    const mails = await mailsTo(owner.email)
    expect(mails.map((mail) => mail.subject)).toEqual([en['mail.existing.subject']])
    expect(mails[0]?.text).not.toContain(CONFIRM_PREFIX)
  })

  it('refuses a form without the terms accepted before anything is stored or mailed', async () => {
    const email = fresh('no-terms')
    const issues = await validatorIssues(
      callOverWire(register, { malformed: { ...form('Tom Terms', email), acceptTerms: false } }),
    )
    expect(issues).toEqual(['acceptTerms: auth.error.termsRequired'])
    expect(await userRow(email)).toBeUndefined()
    expect(await mailsTo(email)).toEqual([])
  })

  it('answers invalid for a forged or unknown code, leaving the address unconfirmed', async () => {
    const email = fresh('forged')
    await callOverWire(register, { data: form('Fern Forged', email) })
    const { code } = await mailedConfirmation(email)
    const [header, payload, signature = ''] = code.split('.')
    const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`
    expect(forged).not.toBe(code)

    expect(await callOverWire(confirmEmail, { data: { code: forged } })).toEqual({
      status: 'invalid',
    })
    expect(await callOverWire(confirmEmail, { data: { code: 'not-a-code' } })).toEqual({
      status: 'invalid',
    })
    const otherPayload = Buffer.from(
      JSON.stringify({ email: fresh('nobody'), iat: 1, exp: 4102444800 }),
    ).toString('base64url')
    expect(
      await callOverWire(confirmEmail, {
        data: { code: `${header}.${otherPayload}.${signature}` },
      }),
    ).toEqual({ status: 'invalid' })

    const row = await userRow(email)
    expect(row?.emailVerified).toBe(false)
    // A code that failed is not counted as spent, and nobody was signed in.
    const id = row?.id ?? ''
    expect(
      await db.select().from(usedConfirmationCode).where(eq(usedConfirmationCode.userId, id)),
    ).toEqual([])
    expect(await db.select().from(session).where(eq(session.userId, id))).toEqual([])

    // The real code still works afterwards.
    expect(await callOverWire(confirmEmail, { data: { code } })).toEqual({ status: 'confirmed' })
    expect((await userRow(email))?.emailVerified).toBe(true)
  })
})

describe('the session reads over the wire', () => {
  /** The session row a cookie from `sessionCookie` names. */
  async function sessionOf(cookie: string) {
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? ''
    const [row] = await db.select().from(session).where(eq(session.token, token))
    if (!row) throw new Error('no session row for the cookie')
    return row
  }

  it('getSessionUser: null without a session, the caller (and this session) with one', async () => {
    expect(await callOverWire(getSessionUser)).toBeNull()

    const pending = await createActor(db, 'Paula Pending', { verified: false, locale: 'es' })
    const cookie = await sessionCookie(pending.id)
    const answer = await callOverWire(getSessionUser, { cookie })
    expect(answer).toEqual({
      id: pending.id,
      name: 'Paula Pending',
      email: pending.email,
      emailVerified: false,
      image: null,
      locale: 'es',
      sessionId: (await sessionOf(cookie)).id,
    })
    // The session's token (the cookie's secret) is not part of the answer.
    expect(JSON.stringify(answer)).not.toContain((await sessionOf(cookie)).token)

    const other = await createActor(db, 'Oscar Other')
    const theirs = await callOverWire(getSessionUser, { cookie: await sessionCookie(other.id) })
    expect(theirs?.id).toBe(other.id)
  })

  it('listActiveSessions: the caller’s own sessions only, never another user’s token', async () => {
    const ctx = await (await getAuth()).$context
    const me = await createActor(db, 'Sam Sessions')
    const stranger = await createActor(db, 'Stan Stranger')
    const cookie = await sessionCookie(me.id)
    await ctx.internalAdapter.createSession(me.id)
    await sessionCookie(stranger.id)
    await ctx.internalAdapter.createSession(stranger.id)

    const listed = await callOverWire(listActiveSessions, { cookie })
    const mine = await db.select().from(session).where(eq(session.userId, me.id))
    const theirs = await db.select().from(session).where(eq(session.userId, stranger.id))
    expect(mine).toHaveLength(2)
    expect(theirs).toHaveLength(2)
    expect(listed.map((row) => [row.id, row.token]).sort()).toEqual(
      mine.map((row) => [row.id, row.token]).sort(),
    )
    for (const row of listed) {
      expect(Date.parse(row.createdAt)).not.toBeNaN()
      expect(Object.keys(row).sort()).toEqual([
        'createdAt',
        'id',
        'ipAddress',
        'token',
        'userAgent',
      ])
    }
    const text = JSON.stringify(listed)
    for (const row of theirs) {
      expect(text).not.toContain(row.token)
      expect(text).not.toContain(row.id)
    }

    expect(await codeOf(callOverWire(listActiveSessions))).toBe('UNAUTHENTICATED')
  })

  it('getDeletionSummary: counts what the caller’s deletion takes, nobody else’s', async () => {
    const person = await createActor(db, 'Sasha Summary')
    const other = await createActor(db, 'Olga Other')
    const friend = await createActor(db, 'Fred Friend')
    const channels = ['UCwiresummary0000000001', 'UCwiresummary0000000002'].map((id, at) => ({
      id,
      title: `Wire summary ${at}`,
      avatarUrl: null,
    }))
    await upsertCatalogue(db, {
      channels,
      animes: [{ id: 'GWIRESUM01', slug: 'wire-summary', title: 'Wire Summary', posterUrl: null }],
    })
    const entries = await addToLibrary(db, person.id, {
      channelIds: channels.map((channel) => channel.id),
      animeIds: ['GWIRESUM01'],
    })
    await addToLibrary(db, other.id, { channelIds: [channels[0]?.id ?? ''] })
    const mine = await createTree(
      db,
      person.id,
      [{ name: 'Mine', children: [{ name: 'Inner' }] }, { name: 'Shared out' }],
      entries,
    )
    const theirs = await createTree(db, other.id, [{ name: 'Theirs' }], new Map())
    await db.insert(groupMember).values([
      { groupId: mine.get('Shared out') ?? '', userId: other.id, role: 'viewer' },
      { groupId: mine.get('Shared out') ?? '', userId: friend.id, role: 'editor' },
      { groupId: theirs.get('Theirs') ?? '', userId: person.id, role: 'viewer' },
    ])

    const summary = (actor: { id: string }) =>
      sessionCookie(actor.id).then((cookie) => callOverWire(getDeletionSummary, { cookie }))
    expect(await summary(person)).toEqual({
      groups: 3,
      channels: 2,
      animes: 1,
      sharedGroups: 1,
      memberOf: 1,
    })
    expect(await summary(other)).toEqual({
      groups: 1,
      channels: 1,
      animes: 0,
      sharedGroups: 1,
      memberOf: 1,
    })
    expect(await summary(friend)).toEqual({
      groups: 0,
      channels: 0,
      animes: 0,
      sharedGroups: 0,
      memberOf: 1,
    })
    expect(await codeOf(callOverWire(getDeletionSummary))).toBe('UNAUTHENTICATED')
  })

  describe('getDemoHint', () => {
    const saved = process.env.DEMO_MODE
    beforeAll(() => {
      process.env.DEMO_MODE = 'true'
      resetEnvCacheForTests()
    })
    afterAll(() => {
      if (saved === undefined) delete process.env.DEMO_MODE
      else process.env.DEMO_MODE = saved
      resetEnvCacheForTests()
    })

    it('is null until the demo account exists, then names it to anyone', async () => {
      expect(await callOverWire(getDemoHint)).toBeNull()
      await createActor(db, DEMO_ACCOUNT.name, { email: DEMO_ACCOUNT.email })
      const hint = { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }
      expect(await callOverWire(getDemoHint)).toEqual(hint)
      const someone = await createActor(db, 'Sid Signed-in')
      expect(await callOverWire(getDemoHint, { cookie: await sessionCookie(someone.id) })).toEqual(
        hint,
      )
    })
  })
})
