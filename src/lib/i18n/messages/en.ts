import { accountEn } from './account/en'
import { authEn } from './auth/en'
import { billingEn } from './billing/en'
import { channelDataEn } from './channel-data/en'
import { connectEn } from './connect/en'
import { feedEn } from './feed/en'
import { groupsEn } from './groups/en'
import { growthEn } from './growth/en'
import { landingEn } from './landing/en'
import { libraryEn } from './library/en'
import { notifyEn } from './notify/en'
import { notifyMailEn } from './notify-mail/en'
import { organiserEn } from './organiser/en'
import { overviewEn } from './overview/en'
import { searchEn } from './search/en'
import { shareMailEn } from './share-mail/en'
import { sharedEn } from './shared/en'
import { sharingEn } from './sharing/en'
import { supportEn } from './support/en'
import { transferEn } from './transfer/en'

/**
 * English is the reference dictionary: its keys define `MessageKey`, and the
 * other languages must provide every one of them (checked by the compiler and
 * by `messages.test.ts`, which also fails on keys no code uses).
 */
export const messages = {
  // Meta
  'meta.title.home': 'Tubefold — Group youtube subscriptions',
  'meta.title.suffix': '{title} · Tubefold — Group youtube subscriptions',
  'meta.description.home':
    'Fold your YouTube channels and Crunchyroll animes into nested groups with icons, get a feed and growth charts per group, and share groups with your team.',
  'meta.title.terms': 'Terms of Service',
  'meta.description.terms': 'The terms under which Tubefold is offered.',
  'meta.title.privacy': 'Privacy Policy',
  'meta.description.privacy':
    'What Tubefold stores about you, why, and how to take it out or delete it.',
  'meta.title.support': 'Support',
  'meta.description.support': 'Answers to common questions and a form to reach the Tubefold team.',

  // Shared chrome
  'common.skipToContent': 'Skip to content',
  'common.appName': 'Tubefold',
  'common.home': 'Tubefold home',
  'common.signIn': 'Sign in',
  'common.getStarted': 'Get started free',
  'nav.primary': 'Main navigation',
  'nav.features': 'Features',
  'nav.integrations': 'Integrations',
  'nav.pricing': 'Pricing',
  'nav.support': 'Support',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',

  // Language and appearance controls
  'language.label': 'Language',
  'appearance.open': 'Display settings',
  'appearance.title': 'Display',
  'appearance.theme': 'Theme',
  'appearance.theme.light': 'Light',
  'appearance.theme.dark': 'Dark',
  'appearance.theme.system': 'System',
  'appearance.accentColor': 'Accent colour',
  'appearance.accent.blue': 'Blue',
  'appearance.accent.green': 'Green',
  'appearance.accent.purple': 'Purple',
  'appearance.accent.red': 'Red',
  'appearance.accent.orange': 'Orange',
  'appearance.fontSize': 'Font size',
  'appearance.fontSize.small': 'Small',
  'appearance.fontSize.medium': 'Medium',
  'appearance.fontSize.large': 'Large',
  'appearance.compactMode': 'Compact mode',
  'appearance.compactMode.hint': 'Tighter spacing to fit more on screen.',
  'appearance.animations': 'Animations',
  'appearance.animations.hint': 'Also off when your system asks for reduced motion.',

  ...landingEn,

  // Footer
  'footer.tagline': 'Nested groups for YouTube channels and Crunchyroll animes.',
  'footer.product': 'Product',
  'footer.legal': 'Legal',
  'footer.help': 'Help',
  'footer.terms': 'Terms of Service',
  'footer.privacy': 'Privacy Policy',
  'footer.support': 'Support',
  'footer.rights': '© {year} Tubefold.',
  'footer.notAffiliated':
    'Not affiliated with YouTube, Google or Crunchyroll. YouTube is a trademark of Google LLC.',

  // Not found and errors
  'notFound.title': 'Not Found',
  'notFound.message': 'The page you are looking for does not exist.',
  'notFound.goBack': 'Go back',
  'notFound.startOver': 'Start Over',
  'error.title': 'Something went wrong!',
  'error.show': 'Show Error',
  'error.hide': 'Hide Error',
  'error.retry': 'Try again',

  // Terms
  'terms.title': 'Terms of Service',
  'terms.updated': 'Last updated: {date}',
  'terms.intro':
    'These terms cover your use of Tubefold, a service for organising video channels and animes into groups. By creating an account you agree to them.',
  'terms.account.title': 'Your account',
  'terms.account.body':
    'You are responsible for your account and for keeping your password safe. Give accurate information and tell us if you suspect someone else is using your account.',
  'terms.content.title': 'Your content',
  'terms.content.body':
    'Your groups, notes and tags belong to you. You let us store and process them only to run the service for you and for the people you share them with. You can export or delete them at any time.',
  'terms.use.title': 'Acceptable use',
  'terms.use.body':
    'Do not abuse the service: no attempts to break in, to overload it, to scrape other users’ data, or to use it against the terms of YouTube or Crunchyroll.',
  'terms.plans.title': 'Plans and trials',
  'terms.plans.body':
    'The Free plan costs nothing. Paid plans start with a {days}-day trial that needs no credit card; when it ends without a subscription, your account returns to the Free plan and nothing is deleted.',
  'terms.thirdParty.title': 'Third-party platforms',
  'terms.thirdParty.body':
    'Channel and anime data come from YouTube and AniList. Tubefold is not affiliated with them, and their availability is outside our control.',
  'terms.liability.title': 'Availability and liability',
  'terms.liability.body':
    'We work to keep Tubefold available and your data safe, but the service is provided as is. To the extent the law allows, we are not liable for indirect losses.',
  'terms.changes.title': 'Changes',
  'terms.changes.body':
    'If these terms change in a way that matters, we will tell you by email before the change takes effect.',
  'terms.contact': 'Questions about these terms? Write to us through the support page.',

  // Privacy
  'privacy.title': 'Privacy Policy',
  'privacy.updated': 'Last updated: {date}',
  'privacy.intro':
    'Tubefold keeps as little about you as it can and never sells it. This page says exactly what is stored and why.',
  'privacy.stored.title': 'What we store',
  'privacy.stored.account':
    'Your account: name, email address, a hash of your password, and your language.',
  'privacy.stored.library':
    'Your library: the channels and animes you add, your groups, their icons and colours, your notes, tags and aliases.',
  'privacy.stored.sharing':
    'Sharing: who you share groups with, at which level, and the activity in shared groups.',
  'privacy.stored.sessions':
    'Sessions: a session cookie that keeps you signed in, with the browser and IP address that created it, so you can review and revoke sessions.',
  'privacy.stored.preferences':
    'Preferences: your theme, accent colour, font size and language, kept in cookies in your browser.',
  'privacy.notStored.title': 'What we do not do',
  'privacy.notStored.ads': 'No ads, no ad networks, no tag managers.',
  'privacy.notStored.trackers':
    'No third-party trackers. Product analytics run only if the operator of this instance turns them on, and then respect your browser’s Do Not Track setting.',
  'privacy.notStored.selling': 'We never sell or rent your data.',
  'privacy.youtube.title': 'YouTube and Google',
  'privacy.youtube.body':
    'Tubefold uses YouTube API Services. If you connect your YouTube account, we read your subscriptions only to import them, store the access token encrypted, and delete it when you disconnect. Google’s privacy policy applies to Google’s part.',
  'privacy.rights.title': 'Your rights',
  'privacy.rights.body':
    'You can export all your data and delete your account at any time from the settings. Deleting the account removes every row that belongs to you.',
  'privacy.contact': 'Questions about privacy? Write to us through the support page.',

  // Errors shared by every form and server call
  'errors.rateLimited': 'Too many attempts. Try again in {seconds} s.',
  'errors.mailFailed': 'The email could not be sent. Please try again.',
  'errors.validation': 'Please check this field.',
  'errors.internal': 'Something went wrong on our side. Please try again.',
  'errors.network': 'Could not reach the server. Check your connection and try again.',
  'errors.requestTooLarge':
    'This is too large to send. A file can be up to {max} MB: split a larger one and import the parts.',

  // Validation shared by every form
  'validation.emailRequired': 'Email is required',
  'validation.emailInvalid': 'Please enter a valid email address',

  ...supportEn,
  ...notifyEn,

  ...authEn,

  // Dashboard shell
  'dashboard.nav.label': 'Dashboard',
  'dashboard.nav.overview': 'Overview',
  'dashboard.nav.groups': 'Groups',
  'dashboard.nav.channels': 'Channels',
  'dashboard.nav.animes': 'Animes',
  'dashboard.nav.settings': 'Settings',
  'dashboard.userMenu': 'Account menu for {name}',
  'dashboard.signOut': 'Sign out',
  'dashboard.openNav': 'Open navigation',
  'dashboard.closeNav': 'Close navigation',
  'dashboard.overview.greeting': 'Hello, {name}',
  'dashboard.overview.subtitle': 'This is your Tubefold overview.',
  'dashboard.overview.origin.import': 'Your import is done — your groups are ready.',
  'dashboard.overview.origin.extension': 'Welcome from the browser extension!',
  'dashboard.overview.origin.confirmed': 'Your email is confirmed. Welcome to Tubefold!',
  'dashboard.overview.account': 'Your account',
  'dashboard.overview.emailConfirmed': 'Email confirmed',
  'dashboard.overview.emailPending': 'Email not confirmed yet',
  'dashboard.overview.settingsLink': 'Account settings',
  'dashboard.overview.appearanceLink': 'Appearance',

  // Settings
  'settings.title': 'Settings',
  'settings.nav.label': 'Settings sections',
  'settings.nav.account': 'Account',
  'settings.nav.appearance': 'Appearance',
  'settings.appearance.title': 'Appearance',
  'settings.appearance.subtitle': 'Applies at once on this device and is remembered for a year.',
  'settings.account.title': 'Account',
  'settings.account.profile': 'Profile',
  'settings.account.saveName': 'Save name',
  'settings.account.nameSaved': 'Name saved.',
  'settings.account.email': 'Email address',
  'settings.account.emailHint':
    'We send a link to the new address; the change takes effect when you open it.',
  'settings.account.changeEmail': 'Change email',
  'settings.account.emailSent': 'Check {email} to confirm the new address.',
  'settings.account.emailChanged': 'Your email address was changed.',
  'settings.account.password': 'Password',
  'settings.account.changePassword': 'Change password',
  'settings.account.passwordChanged': 'Password changed. Your other sessions were signed out.',
  'settings.account.sessions': 'Active sessions',
  'settings.account.sessionsHint':
    'Devices where you are signed in. Revoke any you do not recognise.',
  'settings.account.thisDevice': 'This device',
  'settings.account.unknownDevice': 'Unknown device',
  'settings.account.lastActive': 'Signed in {date}',
  'settings.account.revoke': 'Revoke',
  'settings.account.revoked': 'Session revoked.',
  'settings.account.delete': 'Delete account',
  'settings.account.deleteHint':
    'Deletes your account and everything in it: groups, library, shares. This cannot be undone.',
  'settings.account.deleteConfirm': 'Enter your password to delete your account',
  'settings.account.deleteButton': 'Delete my account',
  'settings.account.deleting': 'Deleting...',
  'settings.account.saving': 'Saving...',

  // Mail
  'mail.footer': 'Tubefold — nested groups for YouTube channels and Crunchyroll animes.',
  'mail.confirm.subject': 'Confirm your email for Tubefold',
  'mail.confirm.heading': 'Welcome to Tubefold, {name}',
  'mail.confirm.body': 'Confirm your email address to finish creating your account.',
  'mail.confirm.expiry': 'The link works once and expires in 24 hours.',
  'mail.confirm.action': 'Confirm my email',
  'mail.existing.subject': 'Someone tried to sign up with your email',
  'mail.existing.heading': 'Hi {name}',
  'mail.existing.body':
    'Someone tried to create a Tubefold account with this address, which already has one. If it was you, sign in or reset your password.',
  'mail.existing.ignore': 'If it was not you, you can ignore this mail; nothing changed.',
  'mail.existing.action': 'Reset my password',
  'mail.reset.subject': 'Reset your Tubefold password',
  'mail.reset.heading': 'Hi {name}',
  'mail.reset.body':
    'Someone asked to reset the password of your Tubefold account. Choose a new one with this link.',
  'mail.reset.expiry':
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail.',
  'mail.reset.action': 'Choose a new password',
  'mail.changeEmail.subject': 'Confirm your new email address',
  'mail.changeEmail.heading': 'Hi {name}',
  'mail.changeEmail.body': 'Open this link to use {email} for your Tubefold account.',
  'mail.changeEmail.action': 'Confirm the new address',
  ...organiserEn,
  ...groupsEn,
  ...libraryEn,
  ...transferEn,
  ...sharingEn,
  ...connectEn,
  ...growthEn,
  ...feedEn,
  ...channelDataEn,
  ...sharedEn,
  ...shareMailEn,
  ...overviewEn,
  ...accountEn,
  ...searchEn,
  ...billingEn,
  ...notifyMailEn,
} as const

export type MessageKey = keyof typeof messages
export type Messages = Record<MessageKey, string>
