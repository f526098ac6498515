/** Connect YouTube: Google OAuth, subscriptions import, disconnect. */
export const connectEn = {
  'connect.error.notConnected': 'No YouTube account is connected.',
  'connect.error.failed': 'YouTube could not be connected. Try again.',
  'connect.error.notConfigured': 'Connecting YouTube is not set up on this server.',
  'connect.error.denied':
    'You did not allow Tubefold to read your YouTube subscriptions, so nothing was imported.',
  'connect.error.state':
    'That sign-in with Google expired or was started in another browser. Start again.',
  'connect.error.quota': "Today's YouTube quota is used up. Try again tomorrow.",
  'connect.error.empty': 'This YouTube account has no subscriptions to import.',
  'connect.source.title': 'From your YouTube account',
  'connect.source.description':
    'Sign in with Google and import every channel you subscribe to. Tubefold asks for read-only access, only now, and you choose the groups before anything is saved.',
  'connect.source.action': 'Connect YouTube',
  'connect.source.unavailable':
    'Not available here: this server has no Google sign-in set up. Use a Google Takeout file instead.',
  'connect.meta.title': 'Connections',
  'connect.settings.nav': 'Connections',
  'connect.settings.title': 'YouTube',
  'connect.settings.description':
    'Connect your YouTube account to import your subscriptions. Tubefold only reads them; it never posts or changes anything.',
  'connect.settings.account': 'Account',
  'connect.settings.noChannel': 'A Google account without a YouTube channel',
  'connect.settings.connectedAt': 'Connected',
  'connect.settings.lastImport': 'Last import',
  'connect.settings.never': 'Never',
  'connect.settings.importAgain': 'Import subscriptions again',
  'connect.settings.importing': 'Reading your subscriptions…',
  'connect.settings.disconnect': 'Disconnect',
  'connect.disconnect.title': 'Disconnect YouTube?',
  'connect.disconnect.body':
    'Tubefold will ask Google to revoke its access and will delete the stored tokens. Channels you already imported stay in your library.',
  'connect.disconnect.cancel': 'Cancel',
  'connect.disconnect.busy': 'Disconnecting…',
  'connect.disconnect.done': 'YouTube disconnected.',
}
