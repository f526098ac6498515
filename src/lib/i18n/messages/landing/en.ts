/** The landing page: hero, stats, features, integrations, stories, pricing and the call to action. */
export const landingEn = {
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
  'pricing.subtitleNoTrial': 'Start free, move up when you need more.',
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
  'pricing.choose.getStarted': 'Get started',
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
}
