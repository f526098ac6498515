import { safeRedirect } from '~/lib/safe-redirect'
import { appLink, type Recipient, sendTranslatedMail } from '~/server/mail/translated-mail.server'

function nextParam(next: string | null): string {
  if (next === null) return ''
  const path = safeRedirect(next, '')
  return path === '' || path === '/' || path === '/dashboard/'
    ? ''
    : `?next=${encodeURIComponent(path)}`
}

export const authMails = {
  /** `next`: where the user was going when they signed up (kept only if it is a local path). */
  confirmEmail: (to: Recipient, code: string, next: string | null = null) =>
    sendTranslatedMail(to, {
      subject: 'mail.confirm.subject',
      heading: 'mail.confirm.heading',
      body: ['mail.confirm.body', 'mail.confirm.expiry'],
      action: {
        label: 'mail.confirm.action',
        url: appLink(`/subscriptions/confirm/${encodeURIComponent(code)}${nextParam(next)}`),
      },
    }),
  existingAccount: (to: Recipient) =>
    sendTranslatedMail(to, {
      subject: 'mail.existing.subject',
      heading: 'mail.existing.heading',
      body: ['mail.existing.body', 'mail.existing.ignore'],
      action: { label: 'mail.existing.action', url: appLink('/forgot-password/') },
    }),
  resetPassword: (to: Recipient, token: string) =>
    sendTranslatedMail(to, {
      subject: 'mail.reset.subject',
      heading: 'mail.reset.heading',
      body: ['mail.reset.body', 'mail.reset.expiry'],
      action: {
        label: 'mail.reset.action',
        url: appLink(`/reset-password/${encodeURIComponent(token)}/`),
      },
    }),
  changeEmail: (to: Recipient, url: string) =>
    sendTranslatedMail(to, {
      subject: 'mail.changeEmail.subject',
      heading: 'mail.changeEmail.heading',
      body: ['mail.changeEmail.body'],
      action: { label: 'mail.changeEmail.action', url },
      params: { email: to.email },
    }),
  /** After the account is gone: the confirmation, and a way to tell us if it was not them. */
  accountDeleted: (to: Recipient) =>
    sendTranslatedMail(to, {
      subject: 'mail.deleted.subject',
      heading: 'mail.deleted.heading',
      body: ['mail.deleted.body', 'mail.deleted.notYou'],
      action: { label: 'mail.deleted.action', url: appLink('/support/') },
      params: { email: to.email },
    }),
}
