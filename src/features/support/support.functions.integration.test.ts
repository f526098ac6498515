import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { rateLimitWindow } from '~/db/schema'
import { AppError } from '~/lib/app-error'
import { messages as en } from '~/lib/i18n/messages/en'
import { messages as pt } from '~/lib/i18n/messages/pt'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { codeOf, errorOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import { mailsTo, mailToOutbox } from '../../../tests/support/outbox-mail'
import { callOverWire, sessionCookie } from '../../../tests/support/wire'
import { sendSupportMessage } from './support.functions'

/*
 * The contact form over the wire, as the page sends it: open to anyone, one
 * mail to support (reply-to the sender), a receipt only to a signed-in
 * sender's own confirmed address, a silent success for the honeypot, and a
 * limit per client address. Each test speaks from its own address (behind a
 * trusted proxy), so their counts stay apart.
 */

mailToOutbox()

const SUPPORT = 'help@tubefold.test'
const ENV = { SUPPORT_EMAIL: SUPPORT, TRUST_PROXY: 'true' }
const saved = Object.fromEntries(Object.keys(ENV).map((key) => [key, process.env[key]]))

beforeAll(async () => {
  Object.assign(process.env, ENV)
  resetEnvCacheForTests()
})
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  resetEnvCacheForTests()
})

let ipSequence = 0
/** Headers of a client at an address no other test uses. */
const client = (extra: Record<string, string> = {}) => {
  ipSequence += 1
  return { 'x-forwarded-for': `10.20.0.${ipSequence}`, ...extra }
}

const contact = (email: string, message = `A question from ${email}: where is my feed?`) => ({
  name: 'Casey Contact',
  email,
  topic: 'question' as const,
  message,
})

/** Mails to support whose reply-to is `email`. */
async function supportMailsFrom(email: string) {
  return (await mailsTo(SUPPORT)).filter((mail) => mail.replyTo === email)
}

describe('sendSupportMessage over the wire', () => {
  it('takes an anonymous message: one mail to support, no receipt to the typed address', async () => {
    const email = 'anonymous.sender@example.test'
    const answer = await callOverWire(sendSupportMessage, {
      data: contact(email),
      headers: client(),
    })
    expect(answer).toEqual({ sent: true })
    const mails = await supportMailsFrom(email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('Casey Contact')
    expect(mails[0]?.text).toContain(`A question from ${email}: where is my feed?`)
    expect(await mailsTo(email)).toEqual([])
  })

  it('sends a signed-in sender writing from their confirmed address a receipt in their language', async () => {
    const sender = await createActor(db, 'Rosa Receipt')
    const answer = await callOverWire(sendSupportMessage, {
      data: contact(sender.email.toUpperCase()),
      cookie: await sessionCookie(sender.id),
      headers: client({ 'accept-language': 'pt-BR' }),
    })
    expect(answer).toEqual({ sent: true })
    expect(await supportMailsFrom(sender.email)).toHaveLength(1)
    const receipts = await mailsTo(sender.email)
    expect(receipts.map((mail) => mail.subject)).toEqual([pt['support.mail.receiptSubject']])
  })

  it('mails no receipt to an address that is not the signed-in sender’s confirmed one', async () => {
    const victim = await createActor(db, 'Vic Victim')
    const writer = await createActor(db, 'Wren Writer')
    const unconfirmed = await createActor(db, 'Una Unconfirmed', { verified: false })
    await callOverWire(sendSupportMessage, {
      data: contact(victim.email, 'Spam text that must never reach the victim’s inbox.'),
      cookie: await sessionCookie(writer.id),
      headers: client(),
    })
    await callOverWire(sendSupportMessage, {
      data: contact(unconfirmed.email),
      cookie: await sessionCookie(unconfirmed.id),
      headers: client(),
    })
    expect(await supportMailsFrom(victim.email)).toHaveLength(1)
    expect(await supportMailsFrom(unconfirmed.email)).toHaveLength(1)
    expect(await mailsTo(victim.email)).toEqual([])
    expect(await mailsTo(writer.email)).toEqual([])
    expect(await mailsTo(unconfirmed.email)).toEqual([])
  })

  it('answers a filled honeypot like a real message and sends nothing', async () => {
    const email = 'bot@example.test'
    const answer = await callOverWire(sendSupportMessage, {
      data: { ...contact(email), website: 'https://spam.example.test' },
      headers: client(),
    })
    expect(answer).toEqual({ sent: true })
    expect(await supportMailsFrom(email)).toEqual([])
    expect(await mailsTo(email)).toEqual([])
  })

  it('refuses a message too short in the validator, before counting or sending', async () => {
    const email = 'short@example.test'
    const headers = client()
    const windowsBefore = (await db.select().from(rateLimitWindow)).length
    let refusal: unknown
    try {
      await callOverWire(sendSupportMessage, { data: contact(email, 'Too short'), headers })
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(Error)
    expect(refusal).not.toBeInstanceOf(AppError)
    const issues = z
      .array(z.object({ path: z.array(z.string()), message: z.string() }))
      .parse(JSON.parse(refusal instanceof Error ? refusal.message : '[]'))
    expect(issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'message: support.contact.error.messageShort',
    ])
    expect((await db.select().from(rateLimitWindow)).length).toBe(windowsBefore)
    expect(await supportMailsFrom(email)).toEqual([])
  })

  it('limits messages per client address to 5 an hour; another address is not held back', async () => {
    const headers = client()
    const email = 'chatty@example.test'
    const codes = []
    for (let round = 0; round < 5; round++) {
      codes.push(await codeOf(callOverWire(sendSupportMessage, { data: contact(email), headers })))
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok'])
    const refused = await errorOf(
      callOverWire(sendSupportMessage, { data: contact(email), headers }),
    )
    expect(refused.code).toBe('RATE_LIMITED')
    expect(refused.params.seconds).toBeGreaterThan(0)
    expect(await supportMailsFrom(email)).toHaveLength(5)
    // The subject support reads stays English whatever the sender's language.
    expect((await supportMailsFrom(email))[0]?.subject).toContain(
      en['support.contact.topic.question'],
    )

    expect(
      await codeOf(callOverWire(sendSupportMessage, { data: contact(email), headers: client() })),
    ).toBe('ok')
  })
})
