/** Deleting the account: the confirmation dialog, the goodbye page and the mail; a former member's screen. */
export const accountEn = {
  'settings.account.deleteDialog.title': 'Delete your account?',
  'settings.account.deleteDialog.intro': 'This deletes, for good and at once:',
  'settings.account.deleteDialog.counting': 'Counting what you have…',
  'settings.account.deleteDialog.groups.one': '{count} group, with its icon and activity',
  'settings.account.deleteDialog.groups.other': '{count} groups, with their icons and activity',
  'settings.account.deleteDialog.channels.one': '{count} channel in your library',
  'settings.account.deleteDialog.channels.other': '{count} channels in your library',
  'settings.account.deleteDialog.animes.one': '{count} anime in your library',
  'settings.account.deleteDialog.animes.other': '{count} animes in your library',
  'settings.account.deleteDialog.shared.one':
    '{count} group you share with others: it is deleted for its members too. To keep it for them, transfer its ownership to one of its editors first (Share → Transfer ownership).',
  'settings.account.deleteDialog.shared.other':
    '{count} groups you share with others: they are deleted for their members too. To keep one for them, transfer its ownership to one of its editors first (Share → Transfer ownership).',
  'settings.account.deleteDialog.memberOf.one':
    'Your access to {count} group others share with you ends; the group stays theirs.',
  'settings.account.deleteDialog.memberOf.other':
    'Your access to {count} groups others share with you ends; the groups stay theirs.',
  'settings.account.deleteDialog.undo': 'This cannot be undone. We send a confirmation to {email}.',
  'settings.account.deleteDialog.confirm': 'Delete my account for good',
  'settings.account.deleteDialog.cancel': 'Keep my account',
  'goodbye.meta.title': 'Account deleted',
  'goodbye.title': 'Your account was deleted',
  'goodbye.body':
    'Your groups, library and shares are gone, and you are signed out everywhere. We sent a confirmation to your email address.',
  'goodbye.thanks': 'Thank you for using Tubefold. You are welcome back any time.',
  'goodbye.home': 'Go to the home page',
  'goodbye.register': 'Create a new account',
  'mail.deleted.subject': 'Your Tubefold account was deleted',
  'mail.deleted.heading': 'Goodbye, {name}',
  'mail.deleted.body':
    'Your Tubefold account {email} was deleted, with its groups, library and shares. Groups you shared with others were deleted for them too.',
  'mail.deleted.notYou': 'If you did not delete it, tell us at once through the support page.',
  'mail.deleted.action': 'Contact support',
  'sharing.accessEnded.title': 'You no longer have access to this group',
  'sharing.accessEnded.body':
    'You left this group, or its owner, {owner}, removed your access. To see it again, ask {owner} to share it with you.',
  'sharing.accessEnded.dashboard': 'Back to your dashboard',
  'sharing.accessEnded.shared': 'Groups shared with you',
}
