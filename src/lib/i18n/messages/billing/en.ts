/** Plans, the trial and billing: refused writes, the billing screen, the trial banner and mails. */
export const billingEn = {
  // Errors (src/lib/app-error.ts)
  'billing.error.groupsLimit': 'Your plan allows {max} groups. Upgrade to create more.',
  'billing.error.depthLimit': 'Your plan allows groups {max} levels deep. Upgrade to nest deeper.',
  'billing.error.channelsLimit':
    'Your plan allows {max} channels and animes in your library. Upgrade to add more.',
  'billing.error.shareLimit':
    'Your plan lets you share with {max} people. Upgrade to share with more.',
  'billing.upgradeLink': 'See plans and upgrade',
  'billing.error.unavailable': 'Billing is not available right now. Try again later.',
} as const
