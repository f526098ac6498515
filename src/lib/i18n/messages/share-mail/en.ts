/** Sharing mails: the invitation, and "X joined your group" to the owner. */
export const shareMailEn = {
  'shareMail.invite.subject': '{inviter} invited you to “{group}” on Tubefold',
  'shareMail.invite.heading': 'You are invited to “{group}”',
  'shareMail.invite.bodyEditor':
    '{inviter} invited you to edit the group “{group}” and its subgroups: you will be able to add, remove and arrange channels and animes in it.',
  'shareMail.invite.bodyViewer':
    '{inviter} invited you to view the group “{group}” and its subgroups, with their feeds and growth charts.',
  'shareMail.invite.account': 'To accept, sign in or create an account with {email}.',
  'shareMail.invite.expiry':
    'The invitation expires in {days} days. If you were not expecting it, you can ignore this mail.',
  'shareMail.invite.action': 'Open the invitation',
  'shareMail.joined.subject': '{member} joined “{group}”',
  'shareMail.joined.heading': 'Hi {name}',
  'shareMail.joined.bodyEditor': '{member} joined your group “{group}” and can now edit it.',
  'shareMail.joined.bodyViewer': '{member} joined your group “{group}” and can now view it.',
  'shareMail.joined.manage':
    'You can change their role or take their access back at any time on the sharing page.',
  'shareMail.joined.action': 'Manage sharing',
} as const
