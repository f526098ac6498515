import type { z } from 'zod'
import { loadMessages } from '~/lib/i18n/load-messages'
import { LOCALE_TAGS, type Locale } from '~/lib/i18n/locales'
import { createTranslator } from '~/lib/i18n/translate'
import { getEnv } from '~/server/env.server'
import { sendMail } from '~/server/mail/mail.server'
import { renderMail } from '~/server/mail/render-mail.server'
import type { contactSchema } from './support.schemas'

type Contact = z.output<typeof contactSchema>

const TOPIC_KEYS = {
  question: 'support.contact.topic.question',
  bug: 'support.contact.topic.bug',
  billing: 'support.contact.topic.billing',
  feedback: 'support.contact.topic.feedback',
} as const

/**
 * Delivers a contact-form message to the support address (reply-to the
 * sender), then a receipt to the sender in their language.
 */
export async function deliverSupportMessage(contact: Contact, locale: Locale) {
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
  const receipt = renderMail({
    lang: LOCALE_TAGS[locale],
    heading: t('support.mail.receiptSubject'),
    paragraphs: [t('support.mail.receiptBody', { name: contact.name }), contact.message],
    footer: t('footer.tagline'),
  })
  await sendMail({ to: contact.email, subject: t('support.mail.receiptSubject'), ...receipt })
}
