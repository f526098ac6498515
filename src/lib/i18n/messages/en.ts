import { channelDataEn } from './channel-data/en'
import { connectEn } from './connect/en'
import { feedEn } from './feed/en'
import { groupsEn } from './groups/en'
import { growthEn } from './growth/en'
import { libraryEn } from './library/en'
import { organiserEn } from './organiser/en'
import { overviewEn } from './overview/en'
import { shareMailEn } from './share-mail/en'
import { sharedEn } from './shared/en'
import { sharingEn } from './sharing/en'
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

  // Landing: hero
  'hero.badge': 'Nested groups · feeds · growth · sharing',
  'hero.title': 'Fold hundreds of channels into groups that make sense',
  'hero.subtitle':
    'Tubefold turns one endless subscription list into nested groups with icons — each with its own feed and growth charts — and lets your team work on them with you.',
  'hero.primary': 'Start your free account',
  'hero.secondary': 'See how it works',
  'hero.trial': '{days}-day free trial of Pro, no credit card',
  'hero.preview.label': 'Example of a group tree',
  'hero.preview.tech': 'Tech',
  'hero.preview.reviews': 'Reviews',
  'hero.preview.phones': 'Phones',
  'hero.preview.cooking': 'Cooking',
  'hero.preview.baking': 'Baking',
  'hero.preview.anime': 'Anime this season',
  'hero.preview.channels': '{count} channels',
  'hero.preview.newVideos': '{count} new',

  // Landing: stats
  'stats.title': 'Tubefold in numbers',
  'stats.depth': 'levels of nesting',
  'stats.formats': 'import formats',
  'stats.languages': 'languages',
  'stats.quota': 'API quota units spent on your feeds',

  // Landing: features
  'features.title': 'Everything a big subscription list needs',
  'features.subtitle': 'Built for people who follow hundreds to thousands of channels.',
  'features.nesting.title': 'Nested groups',
  'features.nesting.body':
    'Tech › Reviews › Phones: up to {depth} levels, one channel in as many groups as you like, reordered by drag and drop or keyboard.',
  'features.icons.title': 'Icons and colours',
  'features.icons.body':
    'Give every group an icon or emoji and a colour, all bundled with the app — nothing is fetched from third parties.',
  'features.feeds.title': 'A feed per group',
  'features.feeds.body':
    'The latest uploads of a group and its subgroups, newest first, with Shorts and watched videos hidden if you wish.',
  'features.growth.title': 'Growth charts',
  'features.growth.body':
    'Subscribers, views and videos over time for every channel and group, with 7, 30 and 90-day changes.',
  'features.sharing.title': 'Sharing at view or edit level',
  'features.sharing.body':
    'Share a group and its subgroups with a link or an invitation; teammates can look or edit, and you can take access back at any time.',
  'features.importExport.title': 'Import and export, lossless',
  'features.importExport.body':
    'Bring your subscriptions from YouTube, NewPipe, FreeTube, Piped and more; take your whole tree out again whenever you want.',

  // Landing: integrations
  'integrations.title': 'Works with what you already use',
  'integrations.subtitle':
    'Your channels come from the platforms; your groups travel between apps.',
  'integrations.youtube.title': 'YouTube',
  'integrations.youtube.body':
    'Channel data and statistics from the YouTube Data API, feeds from YouTube RSS at no quota cost.',
  'integrations.crunchyroll.title': 'Crunchyroll',
  'integrations.crunchyroll.body':
    'Add a series by its link; posters, episodes and scores come from AniList.',
  'integrations.apps.title': 'Your other apps',
  'integrations.apps.body': 'Read and write the files of {formats}.',
  'integrations.browser.title': 'Browser extension',
  'integrations.browser.body': 'See your groups right inside YouTube.',
  'integrations.planned': 'Planned',

  // Landing: use-case stories
  'stories.title': 'Made for how people really watch',
  'stories.subtitle': 'Three ways people use Tubefold.',
  'stories.creator.role': 'A creator',
  'stories.creator.body':
    'Keeps a “Competitors” group and a “Collab ideas” group, checks their growth charts every Monday, and watches the group feed instead of the home page.',
  'stories.agency.role': 'An agency',
  'stories.agency.body':
    'Has one group per client, shares “Client A” with the account manager at edit level and with the client at view level — and nobody sees “Client B”.',
  'stories.fan.role': 'A fan',
  'stories.fan.body':
    'Follows 2,000 channels and a dozen anime series, folded into “Cooking › Baking” or “Anime this season”, each with its own feed.',

  // Landing: pricing
  'pricing.title': 'Simple pricing',
  'pricing.subtitle': 'Start free. Try Pro or Business for {days} days — no credit card.',
  'pricing.plan.free': 'Free',
  'pricing.plan.pro': 'Pro',
  'pricing.plan.business': 'Business',
  'pricing.plan.free.tagline': 'For getting your subscriptions in order.',
  'pricing.plan.pro.tagline': 'For heavy viewers and creators.',
  'pricing.plan.business.tagline': 'For agencies and teams.',
  'pricing.perMonth': '/month',
  'pricing.perMemberMonth': 'per member / month',
  'pricing.yearly': 'or {price} per year',
  'pricing.popular': 'Most popular',
  'pricing.trial': '{days}-day free trial, no credit card',
  'pricing.choose.free': 'Start free',
  'pricing.choose.trial': 'Start free trial',
  'pricing.limit.groups': '{count} groups',
  'pricing.limit.groupsUnlimited': 'Unlimited groups',
  'pricing.limit.depth': 'Nesting up to {count} levels',
  'pricing.limit.channels': '{count} channels',
  'pricing.limit.channelsUnlimited': 'Unlimited channels',
  'pricing.limit.share': 'Share with up to {count} people',
  'pricing.limit.shareUnlimited': 'Unlimited sharing',
  'pricing.feature.importExport': 'Import and export',
  'pricing.feature.feeds': 'A feed per group',
  'pricing.feature.growthAnalytics': 'Growth analytics',
  'pricing.feature.teams': 'Teams',
  'pricing.feature.activityLog': 'Activity log',
  'pricing.feature.prioritySupport': 'Priority support',
  'pricing.selfHosted':
    'Running your own copy? Every feature is unlocked when no payment provider is configured.',

  // Landing: call to action
  'cta.title': 'Your subscriptions, finally in order',
  'cta.body':
    'Create an account, import your subscriptions and build your first groups in a few minutes.',
  'cta.button': 'Create your free account',

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

  // Not found and errors (seed §2, §8)
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

  // Validation shared by every form (seed §5)
  'validation.emailRequired': 'Email is required',
  'validation.emailInvalid': 'Please enter a valid email address',

  // Support
  'support.title': 'Support',
  'support.subtitle': 'Answers to common questions, and a way to reach us.',
  'support.faq.title': 'Frequently asked questions',
  'support.faq.q1': 'How deep can groups be nested?',
  'support.faq.a1': 'Up to {depth} levels. A channel can be in several groups at once.',
  'support.faq.q2': 'Which files can I import?',
  'support.faq.a2': 'Subscriptions from {formats}.',
  'support.faq.q3': 'Does Tubefold use my YouTube quota or password?',
  'support.faq.a3':
    'No. Group feeds come from YouTube’s public RSS, which costs no API quota, and connecting YouTube uses Google’s own sign-in; we never see your Google password.',
  'support.faq.q4': 'Can I share a group without sharing everything?',
  'support.faq.a4':
    'Yes. Sharing covers one group and its subgroups, at view or edit level; your other groups stay private.',
  'support.faq.q5': 'Is there a free trial?',
  'support.faq.a5':
    'Pro and Business start with a {days}-day free trial, and no credit card is needed.',
  'support.faq.q6': 'How do I take my data out?',
  'support.faq.a6':
    'Export everything as a Tubefold backup, OPML, CSV or the formats of NewPipe, FreeTube and Piped, or delete your account, from the settings.',
  'support.contact.title': 'Contact us',
  'support.contact.subtitle': 'We usually answer within two working days.',
  'support.contact.name': 'Your name',
  'support.contact.email': 'Email',
  'support.contact.topic': 'Topic',
  'support.contact.topic.question': 'A question',
  'support.contact.topic.bug': 'Something is broken',
  'support.contact.topic.billing': 'Billing',
  'support.contact.topic.feedback': 'Feedback',
  'support.contact.message': 'Message',
  'support.contact.submit': 'Send message',
  'support.contact.sending': 'Sending...',
  'support.contact.sent': 'Thanks! Your message was sent; we will reply to {email}.',
  'support.contact.website': 'Leave this field empty',
  'support.contact.error.nameRequired': 'Please enter your name',
  'support.contact.error.nameLong': 'Please keep your name under {max} characters',
  'support.contact.error.messageShort': 'Please write at least {min} characters',
  'support.contact.error.messageLong': 'Please keep it under {max} characters',
  'support.mail.subject': '[Tubefold support] {topic} from {name}',
  'support.mail.intro': '{name} <{email}> wrote about “{topic}”:',
  'support.mail.receiptSubject': 'We received your message',
  'support.mail.receiptBody':
    'Hi {name}, thanks for writing to Tubefold support. We received your message and will reply to this address.',

  // Accounts (seed §4, §5)
  'meta.title.login': 'Sign in',
  'meta.title.register': 'Create your account',
  'meta.title.forgot': 'Forgot password',
  'meta.title.reset': 'Choose a new password',
  'meta.title.confirm': 'Confirm your email',
  'meta.title.dashboard': 'Overview',
  'meta.title.settings': 'Settings',
  'auth.error.nameRequired': 'Full name is required',
  'auth.error.nameShort': 'Name must be at least {min} characters long',
  'auth.error.nameLong': 'Name must be at most {max} characters long',
  'auth.error.passwordRequired': 'Password is required',
  'auth.error.passwordShort': 'Password must be at least {min} characters long',
  'auth.error.passwordLong': 'Password must be at most {max} characters long',
  'auth.error.confirmRequired': 'Please confirm your password',
  'auth.error.passwordMismatch': 'Passwords do not match',
  'auth.error.termsRequired': 'Please accept the Terms of Service and Privacy Policy',
  'auth.error.invalidCredentials': 'Invalid email or password',
  'auth.error.wrongPassword': 'The current password is not correct',
  'auth.error.tokenInvalid': 'This link is invalid or has expired. Ask for a new one.',
  'auth.error.resetMailFailed': 'Failed to send reset email. Please try again.',
  'auth.error.signInRequired': 'Please sign in to continue',
  'auth.field.fullName': 'Full name',
  'auth.field.email': 'Email',
  'auth.field.password': 'Password',
  'auth.field.confirmPassword': 'Confirm password',
  'auth.field.newPassword': 'New password',
  'auth.field.currentPassword': 'Current password',
  'auth.field.showPassword': 'Show password',
  'auth.field.hidePassword': 'Hide password',
  'auth.terms.before': 'I agree to the',
  'auth.terms.terms': 'Terms of Service',
  'auth.terms.and': 'and the',
  'auth.terms.privacy': 'Privacy Policy',
  'auth.or': 'or',
  'auth.google': 'Continue with Google',
  'auth.login.title': 'Welcome back',
  'auth.login.subtitle': 'Sign in to your groups.',
  'auth.login.submit': 'Sign in',
  'auth.login.busy': 'Signing in...',
  'auth.login.forgot': 'Forgot password?',
  'auth.login.noAccount': 'New to Tubefold?',
  'auth.login.createAccount': 'Create an account',
  'auth.login.demo': 'Demo account: {email} / {password}',
  'auth.login.useDemo': 'Fill in the demo account',
  'auth.register.title': 'Create your account',
  'auth.register.subtitle': 'Free forever for your first groups.',
  'auth.register.submit': 'Create account',
  'auth.register.busy': 'Creating account...',
  'auth.register.haveAccount': 'Already have an account?',
  'auth.register.checkTitle': 'Check your email',
  'auth.register.checkBody':
    'If {email} can be used for a new account, we sent a link to confirm it. It is valid for 24 hours.',
  'auth.register.checkSpam':
    'Nothing after a few minutes? Check your spam folder, or send the link again.',
  'auth.forgot.title': 'Forgot your password?',
  'auth.forgot.subtitle': 'Enter your email and we will send you a link to choose a new one.',
  'auth.forgot.submit': 'Send reset link',
  'auth.forgot.busy': 'Sending...',
  'auth.forgot.back': 'Back to sign in',
  'auth.forgotSuccess.title': 'Check your email',
  'auth.forgotSuccess.body':
    'If an account exists for {email}, a link to reset the password is on its way. It is valid for 1 hour.',
  'auth.forgotSuccess.resend': 'Send the link again',
  'auth.forgotSuccess.resendIn': 'Send again in {seconds} s',
  'auth.forgotSuccess.resent': 'We sent another link.',
  'auth.reset.title': 'Choose a new password',
  'auth.reset.subtitle': 'Signing in with the new password signs you out everywhere else.',
  'auth.reset.submit': 'Save new password',
  'auth.reset.busy': 'Saving...',
  'auth.reset.done': 'Your password was changed. Sign in with the new one.',
  'auth.confirm.checking': 'Confirming your email…',
  'auth.confirm.confirmed': 'Your email is confirmed. Welcome to Tubefold!',
  'auth.confirm.used.title': 'This link was already used',
  'auth.confirm.used.body':
    'Each confirmation link works once. If your email is not confirmed yet, ask for a new link.',
  'auth.confirm.expired.title': 'This link has expired',
  'auth.confirm.expired.body':
    'Confirmation links are valid for 24 hours. Ask for a new one below.',
  'auth.confirm.invalid.title': 'This link is not valid',
  'auth.confirm.invalid.body': 'The link may be incomplete. Ask for a new one below.',
  'auth.confirm.sendNew': 'Send a new link',
  'auth.confirm.sending': 'Sending...',
  'auth.confirm.sent': 'If {email} has an unconfirmed account, a new link is on its way.',
  'auth.banner.unverified':
    'Please confirm your email address ({email}). Sharing needs a confirmed address.',
  'auth.banner.resend': 'Resend the link',
  'auth.banner.sent': 'Sent! Check your inbox.',

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
} as const

export type MessageKey = keyof typeof messages
export type Messages = Record<MessageKey, string>
