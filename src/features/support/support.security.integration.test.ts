import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { mailOutbox } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { db } from '../../../tests/support/database'
import { contactSchema } from './support.schemas'
import { deliverSupportMessage } from './support.server'

/*
 * Issue 21 item 14: the contact form mailed attacker-written text to any
 * address as a "receipt". Only a signed-in user writing from their own
 * confirmed address gets a receipt now; support still gets every message.
 */

const ENV_KEYS = ['SMTP_URL', 'BASE_URL', 'SUPPORT_EMAIL'] as const
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]))
const SPAM = 'Cheap watches at https://spam.example — reply now to claim your prize!'

const contactFrom = (email: string) =>
  contactSchema.parse({ name: 'Totally Real', email, topic: 'question', message: SPAM })

async function recipients(): Promise<string[]> {
  return (await db.select({ to: mailOutbox.to }).from(mailOutbox)).map((row) => row.to).sort()
}

beforeAll(async () => {
  delete process.env.SMTP_URL
  process.env.BASE_URL = 'http://127.0.0.1:3000'
  process.env.SUPPORT_EMAIL = 'help@tubefold.test'
  resetEnvCacheForTests()
})

beforeEach(async () => {
  await db.delete(mailOutbox)
})

afterAll(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  resetEnvCacheForTests()
})

describe('the contact form’s receipt', () => {
  it('is not sent to an address typed by an anonymous visitor', async () => {
    await deliverSupportMessage(db, contactFrom('victim@example.com'), 'en', null)
    expect(await recipients()).toEqual(['help@tubefold.test'])
  })

  it('is not sent to someone else’s address by a signed-in user', async () => {
    const mallory = await createActor(db, 'Mallory')
    await deliverSupportMessage(db, contactFrom('victim2@example.com'), 'en', mallory)
    expect(await recipients()).toEqual(['help@tubefold.test'])
  })

  it('is not sent to an address its account has not confirmed', async () => {
    const unconfirmed = await createActor(db, 'Uma', {
      email: 'uma@example.com',
      verified: false,
    })
    await deliverSupportMessage(db, contactFrom('uma@example.com'), 'en', unconfirmed)
    expect(await recipients()).toEqual(['help@tubefold.test'])
  })

  it('goes, with the message, to a signed-in user writing from their confirmed address', async () => {
    const ana = await createActor(db, 'Ana', { email: 'Ana.Receipt@Example.com' })
    await deliverSupportMessage(db, contactFrom('ana.receipt@example.com'), 'en', ana)
    expect(await recipients()).toEqual(['ana.receipt@example.com', 'help@tubefold.test'])
    const [receipt] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'ana.receipt@example.com'))
    expect(receipt?.text).toContain(SPAM)
  })
})
