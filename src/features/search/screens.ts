import type { MessageKey } from '~/lib/i18n/messages/en'

/** The screens quick search offers by name (and a few words people look for them by). */
export const SEARCH_SCREENS = [
  {
    href: '/dashboard/',
    label: 'search.screen.overview',
    keywords: 'search.screen.overview.keywords',
  },
  {
    href: '/dashboard/groups/',
    label: 'search.screen.groups',
    keywords: 'search.screen.groups.keywords',
  },
  {
    href: '/dashboard/channels/',
    label: 'search.screen.channels',
    keywords: 'search.screen.channels.keywords',
  },
  {
    href: '/dashboard/animes/',
    label: 'search.screen.animes',
    keywords: 'search.screen.animes.keywords',
  },
  {
    href: '/dashboard/import/',
    label: 'search.screen.import',
    keywords: 'search.screen.import.keywords',
  },
  {
    href: '/dashboard/settings/account/',
    label: 'search.screen.account',
    keywords: 'search.screen.account.keywords',
  },
  {
    href: '/dashboard/settings/appearance/',
    label: 'search.screen.appearance',
    keywords: 'search.screen.appearance.keywords',
  },
  {
    href: '/dashboard/settings/groups/',
    label: 'search.screen.groupSettings',
    keywords: 'search.screen.groupSettings.keywords',
  },
  {
    href: '/dashboard/settings/privacy/',
    label: 'search.screen.privacy',
    keywords: 'search.screen.privacy.keywords',
  },
  {
    href: '/dashboard/settings/connections/',
    label: 'search.screen.connections',
    keywords: 'search.screen.connections.keywords',
  },
] as const satisfies readonly { href: string; label: MessageKey; keywords: MessageKey }[]
