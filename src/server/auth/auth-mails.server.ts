import { loadMessages } from '~/lib/i18n/load-messages'
import { LOCALE_TAGS, type Locale, parseLocale } from '~/lib/i18n/locales'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { createTranslator } from '~/lib/i18n/translate'
import { getEnv } from '~/server/env.server'
import { sendMail } from '~/server/mail/mail.server'
import { renderMail } from '~/server/mail/render-mail.server'

type Recipient = { email: string; name: string; locale?: string | null }

type AccountMail = {
  subject: MessageKey
  heading: MessageKey
  body: MessageKey[]
  action?: { label: MessageKey; url: string }
  params?: Record<string, string | number>
}

/** Every account mail: in the recipient's language, HTML and plain text, one layout. */
async function sendAccountMail(to: Recipient, mail: AccountMail) {
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

const link = (path: string) => `${getEnv().BASE_URL}${path}`

export const authMails = {
  confirmEmail: (to: Recipient, code: string) =>
    sendAccountMail(to, {
      subject: 'mail.confirm.subject',
      heading: 'mail.confirm.heading',
      body: ['mail.confirm.body', 'mail.confirm.expiry'],
      action: {
        label: 'mail.confirm.action',
        url: link(`/subscriptions/confirm/${encodeURIComponent(code)}`),
      },
    }),
  existingAccount: (to: Recipient) =>
    sendAccountMail(to, {
      subject: 'mail.existing.subject',
      heading: 'mail.existing.heading',
      body: ['mail.existing.body', 'mail.existing.ignore'],
      action: { label: 'mail.existing.action', url: link('/forgot-password/') },
    }),
  resetPassword: (to: Recipient, token: string) =>
    sendAccountMail(to, {
      subject: 'mail.reset.subject',
      heading: 'mail.reset.heading',
      body: ['mail.reset.body', 'mail.reset.expiry'],
      action: {
        label: 'mail.reset.action',
        url: link(`/reset-password/${encodeURIComponent(token)}/`),
      },
    }),
  changeEmail: (to: Recipient, url: string) =>
    sendAccountMail(to, {
      subject: 'mail.changeEmail.subject',
      heading: 'mail.changeEmail.heading',
      body: ['mail.changeEmail.body'],
      action: { label: 'mail.changeEmail.action', url },
      params: { email: to.email },
    }),
}
