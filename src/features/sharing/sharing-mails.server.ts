import type { MemberRole } from '~/db/schema'
import type { MessageKey } from '~/lib/i18n/messages/en'
import { appLink, type Recipient, sendTranslatedMail } from '~/server/mail/translated-mail.server'

/*
 * The mails of sharing, in the recipient's language. A role is part of the
 * sentence (one key per role), so it is translated with the rest of it.
 */

const INVITE_BODY = {
  editor: 'shareMail.invite.bodyEditor',
  viewer: 'shareMail.invite.bodyViewer',
} as const satisfies Record<MemberRole, MessageKey>

const JOINED_BODY = {
  editor: 'shareMail.joined.bodyEditor',
  viewer: 'shareMail.joined.bodyViewer',
} as const satisfies Record<MemberRole, MessageKey>

export type InvitationMail = {
  inviter: string
  group: string
  role: MemberRole
  /** The raw token: the mail is the only place it is ever written down. */
  token: string
  days: number
}

export type MemberJoinedMail = { member: string; group: string; groupId: string; role: MemberRole }

export const shareMails = {
  invitation: (to: Recipient, mail: InvitationMail) =>
    sendTranslatedMail(to, {
      subject: 'shareMail.invite.subject',
      heading: 'shareMail.invite.heading',
      body: [INVITE_BODY[mail.role], 'shareMail.invite.account', 'shareMail.invite.expiry'],
      action: {
        label: 'shareMail.invite.action',
        url: appLink(`/invitations/${encodeURIComponent(mail.token)}/`),
      },
      params: { inviter: mail.inviter, group: mail.group, email: to.email, days: mail.days },
    }),
  memberJoined: (to: Recipient, mail: MemberJoinedMail) =>
    sendTranslatedMail(to, {
      subject: 'shareMail.joined.subject',
      heading: 'shareMail.joined.heading',
      body: [JOINED_BODY[mail.role], 'shareMail.joined.manage'],
      action: {
        label: 'shareMail.joined.action',
        url: appLink(`/dashboard/groups/${encodeURIComponent(mail.groupId)}/share/`),
      },
      params: { member: mail.member, group: mail.group },
    }),
}
