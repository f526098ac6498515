import { loadMessages } from '~/lib/i18n/load-messages'
import { LOCALE_TAGS, type Locale, parseLocale } from '~/lib/i18n/locales'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'
import { getEnv } from '~/server/env.server'
import { sendMail } from './mail.server'
import { renderMail } from './render-mail.server'

export type Recipient = { email: string; name: string; locale?: string | null }

export type TranslatedMail = {
  subject: MessageKey
  heading: MessageKey
  body: MessageKey[]
  action?: { label: MessageKey; url: string }
  params?: Record<string, string | number>
}

/** Every mail we send: in the recipient's language, HTML and plain text, one layout. */
export async function sendTranslatedMail(to: Recipient, mail: TranslatedMail) {
  const locale: Locale = parseLocale(to.locale)
  const t = createTranslator(await loadMessages(locale))
  const params = { name: to.name, ...mail.params }
  const content = renderMail({
    lang: LOCALE_TAGS[locale],
    heading: t(mail.heading, params),
    paragraphs: mail.body.map((key) => t(key, params)),
    action: mail.action ? { label: t(mail.action.label), url: mail.action.url } : undefined,
    footer: t('mail.footer'),
  })
  await sendMail({ to: to.email, subject: t(mail.subject, params), ...content })
}

/** An absolute link into the app, for mails. */
export const appLink = (path: string) => `${getEnv().BASE_URL}${path}`
