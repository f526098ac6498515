import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailOutbox } from '~/db/schema'
import { messages as en } from '~/lib/i18n/messages/en'
import { messages as pt } from '~/lib/i18n/messages/pt'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getDb } from '~/server/database.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { db } from '../../../tests/support/database'
import { contactSchema } from './support.schemas'
import { deliverSupportMessage } from './support.server'

const ENV_KEYS = ['SMTP_URL', 'BASE_URL', 'SUPPORT_EMAIL', 'MAIL_FROM']
const savedEnv = { ...process.env }

/** Signed-in senders writing from their confirmed addresses: they get receipts. */
let ana: Actor
let eve: Actor

beforeAll(async () => {
  ana = await createActor(db, 'Ana Souza', { email: 'ana@example.com' })
  eve = await createActor(db, 'Eve', { email: 'eve@example.com' })
})

async function outbox() {
  const db = await getDb()
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt))
}

beforeEach(async () => {
  for (const key of ENV_KEYS) delete process.env[key]
  // No SMTP_URL: mail lands in the outbox table. Vitest's own BASE_URL ('/') is replaced.
  process.env.BASE_URL = 'http://127.0.0.1:3000'
  process.env.SUPPORT_EMAIL = 'help@tubefold.test'
  process.env.MAIL_FROM = 'Tubefold <no-reply@tubefold.test>'
  resetEnvCacheForTests()
  await (await getDb()).delete(mailOutbox)
})

afterAll(() => {
  for (const key of ENV_KEYS) {
    if (savedEnv[key] === undefined) delete process.env[key]
    else process.env[key] = savedEnv[key]
  }
  resetEnvCacheForTests()
})

describe('deliverSupportMessage', () => {
  const contact = contactSchema.parse({
    name: 'Ana Souza',
    email: 'Ana@Example.com',
    topic: 'bug',
    message: 'The feed of my Cooking group is empty since yesterday.',
  })

  it('sends one mail to support, reply-to the sender, and a receipt in the sender’s language', async () => {
    await deliverSupportMessage(db, contact, 'pt', ana)

    const mails = await outbox()
    expect(mails).toHaveLength(2)
    const toSupport = mails.filter((mail) => mail.to === 'help@tubefold.test')
    const toSender = mails.filter((mail) => mail.to === 'ana@example.com')
    expect(toSupport).toHaveLength(1)
    expect(toSender).toHaveLength(1)

    const [support] = toSupport
    expect(support).toMatchObject({
      from: 'Tubefold <no-reply@tubefold.test>',
      replyTo: 'ana@example.com',
      subject: '[Tubefold support] Something is broken from Ana Souza',
    })
    // The team reads English, with the sender's language noted.
    expect(support?.text).toContain(
      'Ana Souza <ana@example.com> wrote about “Something is broken”:',
    )
    expect(support?.text).toContain(contact.message)
    expect(support?.text).toContain('Locale: pt-BR')
    expect(support?.html).toContain('<html lang="en">')
    expect(support?.html).toContain(contact.message)

    const [receipt] = toSender
    expect(receipt?.subject).toBe(pt['support.mail.receiptSubject'])
    expect(receipt?.subject).not.toBe(en['support.mail.receiptSubject'])
    expect(receipt?.replyTo).toBeNull()
    expect(receipt?.html).toContain('<html lang="pt-BR">')
    expect(receipt?.text).toContain(
      'Olá, Ana Souza! Obrigado por escrever para o suporte do Tubefold.',
    )
    expect(receipt?.text).toContain(contact.message)
    expect(receipt?.text).toContain(pt['footer.tagline'])
  })

  it('writes the receipt in English for an English sender', async () => {
    await deliverSupportMessage(db, contact, 'en', ana)
    const receipt = (await outbox()).find((mail) => mail.to === 'ana@example.com')
    expect(receipt?.subject).toBe('We received your message')
    expect(receipt?.html).toContain('<html lang="en">')
  })

  it('escapes HTML from the form in both mails and keeps the text parts literal', async () => {
    const hostile = contactSchema.parse({
      name: '<img src=x onerror=alert(1)>',
      email: 'eve@example.com',
      topic: 'question',
      message: '<script>alert("hi")</script> & <a href="https://evil.example">click</a>',
    })
    await deliverSupportMessage(db, hostile, 'pt', eve)

    const mails = await outbox()
    expect(mails).toHaveLength(2)
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).not.toContain('<img')
      expect(mail.html).not.toContain('href="https://evil.example"')
      expect(mail.html).toContain(
        '&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt;',
      )
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
      expect(mail.text).toContain(hostile.message)
    }
  })
})
