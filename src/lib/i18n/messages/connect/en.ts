/** Connect YouTube: Google OAuth, subscriptions import, disconnect. */
export const connectEn = {
  'connect.error.notConnected': 'No YouTube account is connected.',
  'connect.error.failed': 'YouTube could not be connected. Try again.',
  'connect.error.notConfigured': 'Connecting YouTube is not set up on this server.',
}
