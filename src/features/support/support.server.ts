import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Database } from '~/db/client.server'
import { user } from '~/db/schema'
import { loadMessages } from '~/lib/i18n/load-messages'
import { LOCALE_TAGS, type Locale } from '~/lib/i18n/locales'
import { createTranslator } from '~/lib/i18n/translate'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { getEnv } from '~/server/env.server'
import { sendMail } from '~/server/mail/mail.server'
import { renderMail } from '~/server/mail/render-mail.server'
import { createRateLimiter } from '~/server/rate-limit.server'
import type { contactSchema } from './support.schemas'

type Contact = z.output<typeof contactSchema>

/** Five messages per address per hour keeps the form usable and the inbox clean. */
const limiter = createRateLimiter({ bucket: 'support', limit: 5, windowMs: 60 * 60 * 1000 })

const TOPIC_KEYS = {
  question: 'support.contact.topic.question',
  bug: 'support.contact.topic.bug',
  billing: 'support.contact.topic.billing',
  feedback: 'support.contact.topic.feedback',
} as const

// Anyone can type any address: a receipt there would mail a stranger the attacker's text.
async function ownsAddress(db: Database, sender: Actor | null, email: string): Promise<boolean> {
  if (!sender) return false
  const [row] = await db
    .select({ email: user.email, confirmed: user.emailVerified })
    .from(user)
    .where(eq(user.id, sender.id))
  return row?.confirmed === true && row.email.toLowerCase() === email.toLowerCase()
}

/** A receipt goes only when the address is the signed-in sender's confirmed one. */
export async function deliverSupportMessage(
  db: Database,
  contact: Contact,
  locale: Locale,
  sender: Actor | null,
) {
  const env = getEnv()
  const t = createTranslator(await loadMessages(locale))
  const en = createTranslator(await loadMessages('en'))
  const topic = en(TOPIC_KEYS[contact.topic])
  const toSupport = renderMail({
    lang: 'en',
    heading: en('support.mail.subject', { topic, name: contact.name }),
    paragraphs: [
      en('support.mail.intro', { name: contact.name, email: contact.email, topic }),
      contact.message,
    ],
    footer: `Locale: ${LOCALE_TAGS[locale]}`,
  })
  await sendMail({
    to: env.SUPPORT_EMAIL,
    replyTo: contact.email,
    subject: en('support.mail.subject', { topic, name: contact.name }),
    ...toSupport,
  })
  if (!(await ownsAddress(db, sender, contact.email))) return
  const receipt = renderMail({
    lang: LOCALE_TAGS[locale],
    heading: t('support.mail.receiptSubject'),
    paragraphs: [t('support.mail.receiptBody', { name: contact.name }), contact.message],
    footer: t('footer.tagline'),
  })
  await sendMail({ to: contact.email, subject: t('support.mail.receiptSubject'), ...receipt })
}

/** A filled honeypot gets the same answer as a real message, and nothing is sent. */
export async function submitSupportMessage(
  db: Database,
  contact: Contact,
  request: { ip: string; locale: Locale; sender: Actor | null },
): Promise<{ sent: true }> {
  await limiter.hit(db, request.ip)
  if (contact.website) return { sent: true }
  await deliverSupportMessage(db, contact, request.locale, request.sender)
  return { sent: true }
}
