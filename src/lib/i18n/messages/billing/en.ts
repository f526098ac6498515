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
  'billing.meta.title': 'Billing',
  'billing.nav': 'Billing',
  'billing.title': 'Plan and billing',
  'billing.selfHosted':
    'This instance has no payment provider configured: every feature is unlocked.',
  'billing.current': 'Current plan: {plan}',
  'billing.trial.daysLeft.one': '{count} day left in your Pro trial.',
  'billing.trial.daysLeft.other': '{count} days left in your Pro trial.',
  'billing.cancelsAtPeriodEnd': 'Your subscription ends at the end of the current period.',
  'billing.usage.title': 'Usage',
  'billing.usage.groups': 'Groups',
  'billing.usage.depth': 'Nesting levels',
  'billing.usage.channels': 'Channels and animes',
  'billing.usage.shareMembers': 'People shared with',
  'billing.usage.of': '{used} of {max}',
  'billing.usage.unlimited': '{used} (unlimited)',
  'billing.seats.title': 'Seats',
  'billing.seats.billed': 'Seats billed',
  'billing.seats.counted': 'People counted now',
  'billing.seats.explain':
    'Business is billed per person: you plus everyone you share groups with (members and open invitations). The seats billed follow these people, prorated; a change shows here once Stripe has it.',
  'billing.upgrade.title': 'Upgrade',
  'billing.upgrade.proMonthly': 'Pro: {price} per month',
  'billing.upgrade.proYearly': 'Pro: {price} per year',
  'billing.upgrade.business': 'Business: {price} per member per month',
  'billing.manage': 'Payment method, invoices or cancel',
  'billing.banner.trial.one': 'Your Pro trial ends in {count} day.',
  'billing.banner.trial.other': 'Your Pro trial ends in {count} days.',
  'billing.banner.cta': 'Choose a plan',
  'billing.mail.soon.subject': 'Your Tubefold Pro trial ends in {days} days',
  'billing.mail.soon.heading': 'Your Pro trial ends soon',
  'billing.mail.soon.body':
    'Hi {name}, your Pro trial ends in {days} days. Choose a plan to keep unlimited groups and channels; otherwise your account moves to Free and keeps everything you made.',
  'billing.mail.ended.subject': 'Your Tubefold Pro trial has ended',
  'billing.mail.ended.heading': 'Your Pro trial has ended',
  'billing.mail.ended.body':
    'Hi {name}, your Pro trial ended today and your account is on Free. Nothing was deleted; upgrade any time to grow past the Free limits.',
  'billing.mail.action': 'Choose a plan',
  'billing.error.businessTrialUsed': 'Business can be tried once, and this account already has.',
  'billing.tryBusiness': 'Try Business free for {days} days',
} as const
