/** Sharing and teams: the share screen, share links, invitations, members, mails. */
export const sharingEn = {
  // Errors (src/lib/app-error.ts)
  'sharing.error.linkUnavailable':
    'This link is not available. It may have expired or been revoked — ask for a new one.',
  'sharing.error.invitationUnavailable':
    'This invitation is not available. It may have expired, been cancelled or already been used.',
  'sharing.error.wrongAccount':
    'This invitation was sent to {email}. Sign in with that address to accept it.',
  'sharing.error.emailNotVerified': 'Confirm your email address before inviting people.',
  'sharing.error.memberNotFound': 'This person is no longer a member of the group.',
  'sharing.error.alreadyMember': '{email} already has access to this group.',
  'sharing.error.inviteSelf': 'You own this group already.',

  // Page titles
  'sharing.meta.screen': 'Share group',
  'sharing.meta.screenNamed': 'Share “{name}”',
  'sharing.meta.link': 'Shared group',
  'sharing.meta.linkNamed': '“{name}” — shared group',
  'sharing.meta.invitation': 'Invitation',
  'sharing.meta.invitationNamed': 'Invitation to “{name}”',

  // Roles and permissions
  'sharing.role.owner': 'Owner',
  'sharing.role.editor': 'Editor',
  'sharing.role.viewer': 'Viewer',
  'sharing.role.editorHint':
    'Can add, remove and move channels, animes and subgroups, and rename subgroups.',
  'sharing.role.viewerHint': 'Can look at channels, animes, feeds and charts, and export them.',
  'sharing.permission.view': 'Can view',
  'sharing.permission.edit': 'Can edit',
  'sharing.date.expires': 'Expires {date}',
  'sharing.date.expired': 'Expired {date}',

  // The share screen (owner only)
  'sharing.button': 'Share',
  'sharing.screen.back': 'Back to {name}',
  'sharing.screen.title': 'Share “{name}”',
  'sharing.screen.subtitle':
    'Everyone you share with sees this group and all its subgroups — nothing else of yours. Only you decide who has access.',

  'sharing.members.title': 'Members',
  'sharing.members.you': 'You',
  'sharing.members.empty': 'Nobody else has access yet. Create a link or send an invitation.',
  'sharing.members.joined': 'Joined {date}',
  'sharing.members.roleLabel': 'Role of {name}',
  'sharing.members.roleChanged': '{name} is now: {role}.',
  'sharing.members.remove': 'Remove',
  'sharing.members.removeLabel': 'Remove {name}',
  'sharing.members.removeTitle': 'Remove {name}?',
  'sharing.members.removeBody':
    '{name} loses access to this group and its subgroups at once. What they added stays. Revoke any link they still have, or they can join again with it.',
  'sharing.members.removing': 'Removing…',
  'sharing.members.removed': '{name} no longer has access.',

  'sharing.links.title': 'Links',
  'sharing.links.subtitle':
    'Whoever has a link can open it and join. View links show a preview without an account; edit links need one.',
  'sharing.links.permission': 'Permission',
  'sharing.links.expiry': 'Expires after',
  'sharing.links.expiry.never': 'Never',
  'sharing.links.expiry.day': '1 day',
  'sharing.links.expiry.week': '7 days',
  'sharing.links.expiry.month': '30 days',
  'sharing.links.create': 'Create link',
  'sharing.links.creating': 'Creating…',
  'sharing.links.created': 'Link created. Copy it and send it to whoever should have access.',
  'sharing.links.empty': 'No links yet.',
  'sharing.links.noExpiry': 'Never expires',
  'sharing.links.revokedOn': 'Revoked {date}',
  'sharing.links.createdOn': 'Created {date}',
  'sharing.links.uses.one': 'Used {count} time',
  'sharing.links.uses.other': 'Used {count} times',
  'sharing.links.state.active': 'Active',
  'sharing.links.state.expired': 'Expired',
  'sharing.links.state.revoked': 'Revoked',
  'sharing.links.copy': 'Copy',
  'sharing.links.copyLabel': 'Copy the “{permission}” link created {date}',
  'sharing.links.copied': 'Link copied.',
  'sharing.links.copyUnavailable':
    'This link was made before links were stored safely and cannot be shown again. It still works; to share it anew, create a new link.',
  'sharing.links.copyFailed': 'The link could not be copied. Copy it by hand: {url}',
  'sharing.links.revoke': 'Revoke',
  'sharing.links.revokeLabel': 'Revoke the “{permission}” link created {date}',
  'sharing.links.revokeTitle': 'Revoke this link?',
  'sharing.links.revokeBody':
    'The link stops working at once. People who already joined keep their access; remove them under Members.',
  'sharing.links.revoking': 'Revoking…',
  'sharing.links.revoked': 'Link revoked.',

  'sharing.invitations.title': 'Invitations',
  'sharing.invitations.subtitle':
    'We email a link valid for {days} days. It is accepted after signing in or signing up with that address.',
  'sharing.invitations.email': 'Email address',
  'sharing.invitations.role': 'Role',
  'sharing.invitations.send': 'Send invitation',
  'sharing.invitations.sending': 'Sending…',
  'sharing.invitations.sent': 'Invitation sent to {email}.',
  'sharing.invitations.resent': 'Invitation sent again to {email}.',
  'sharing.invitations.needsVerified':
    'Confirm your email address to invite people by email. Links work without it.',
  'sharing.invitations.pending': 'Pending invitations',
  'sharing.invitations.empty': 'No pending invitations.',
  'sharing.invitations.cancel': 'Cancel',
  'sharing.invitations.cancelLabel': 'Cancel the invitation to {email}',
  'sharing.invitations.cancelTitle': 'Cancel the invitation to {email}?',
  'sharing.invitations.cancelBody':
    'The link in the email stops working. You can invite them again at any time.',
  'sharing.invitations.cancelConfirm': 'Cancel invitation',
  'sharing.invitations.keep': 'Keep it',
  'sharing.invitations.cancelling': 'Cancelling…',
  'sharing.invitations.cancelled': 'Invitation to {email} cancelled.',

  'sharing.transfer.title': 'Transfer ownership',
  'sharing.transfer.body':
    'The new owner alone manages sharing and may delete the group. You cannot take it back yourself.',
  'sharing.transfer.to': 'New owner',
  'sharing.transfer.choose': 'Choose an editor',
  'sharing.transfer.noEditors':
    'Only an editor can become the owner. Give someone the Editor role first.',
  'sharing.transfer.button': 'Transfer ownership…',
  'sharing.transfer.confirmTitle': 'Make {name} the owner of “{group}”?',
  'sharing.transfer.confirmBody':
    '{name} will manage sharing and may delete “{group}” and its subgroups. Only {name} can give it back.',
  'sharing.transfer.confirm': 'Transfer',
  'sharing.transfer.transferring': 'Transferring…',
  'sharing.transfer.done': '{name} now owns “{group}”.',

  // The public share-link page
  'sharing.page.eyebrow': 'Shared group',
  'sharing.page.sharedBy': 'Shared by {name}',
  'sharing.page.itemsTitle': 'Inside',
  'sharing.page.more': '+{count} more',
  'sharing.page.subgroupsTitle': 'Subgroups',
  'sharing.page.allows.view':
    'This link lets you view the group: its channels, animes, feed and charts.',
  'sharing.page.allows.edit':
    'This link lets you edit the group: add, remove and move channels, animes and subgroups.',
  'sharing.page.join': 'Join group',
  'sharing.page.joinAsEditor': 'Join as editor',
  'sharing.page.joining': 'Joining…',
  'sharing.page.joined': 'You joined “{name}”.',
  'sharing.page.open': 'Open group',
  'sharing.page.owner': 'This is your group.',
  'sharing.page.member': 'You already have access to this group ({role}).',
  'sharing.page.guestHint':
    'This is a read-only preview. Sign in or create an account to add this group to your dashboard.',
  'sharing.page.signInToJoin': 'Sign in to join',
  'sharing.page.createAccount': 'Create an account',
  'sharing.page.signInTitle': 'Sign in to open this link',
  'sharing.page.signInBody':
    'This link lets its holders edit a shared group, so it needs an account. Sign in and you will come back here.',
  'sharing.page.unavailableTitle': 'Link not available',
  'sharing.page.home': 'Go to Tubefold',
  'sharing.incomplete.title': 'This link is incomplete or wrong',
  'sharing.incomplete.body':
    'Part of the address is missing or was changed, so it does not say what the link allows. Chat apps and mail programs sometimes cut off the end of a link.',
  'sharing.incomplete.howTo':
    'Ask the person who shared it for the link again: the “Copy” button on their share screen copies all of it, to paste whole.',

  // The public invitation page
  'sharing.invitation.eyebrow': 'Invitation',
  'sharing.invitation.title': '{owner} invited you to “{name}”',
  'sharing.invitation.role': 'You would join as: {role}.',
  'sharing.invitation.sentTo': 'Sent to {email}',
  'sharing.invitation.validUntil': 'Valid until {date}',
  'sharing.invitation.accept': 'Accept invitation',
  'sharing.invitation.accepting': 'Accepting…',
  'sharing.invitation.signInHint':
    'Sign in with {email} to accept, or create an account with that address.',
  'sharing.invitation.signIn': 'Sign in to accept',
  'sharing.invitation.switch': 'Sign out and use another account',
  'sharing.invitation.unavailableTitle': 'Invitation not available',
} as const
