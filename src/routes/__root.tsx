/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query'
import {
  createRootRouteWithContext,
  HeadContent,
  Outlet,
  retainSearchParams,
  Scripts,
} from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense } from 'react'
import { Analytics } from '~/components/layout/analytics'
import { AppToaster } from '~/components/layout/app-toaster'
import { ChunkReloadGuard } from '~/components/layout/chunk-reload-guard'
import { getPublicConfig } from '~/config/public-config.functions'
import { I18nProvider } from '~/lib/i18n/i18n-provider'
import { loadMessages } from '~/lib/i18n/load-messages'
import { LOCALE_TAGS } from '~/lib/i18n/locales'
import { getPreferences } from '~/lib/preferences/appearance.functions'
import { htmlAttributes } from '~/lib/preferences/appearance.schemas'
import { PreferencesProvider, usePreferences } from '~/lib/preferences/preferences-provider'
import { definedParams, optionalString, type RawSearch } from '~/lib/search-params'
import { pageMeta } from '~/lib/seo'
import appCss from '~/styles/app.css?url'

const Devtools = import.meta.env.DEV ? lazy(() => import('~/components/layout/devtools')) : null

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The root keeps `rootValue` across navigation.
  validateSearch: (search: RawSearch) =>
    definedParams({ rootValue: optionalString(search.rootValue) }),
  search: { middlewares: [retainSearchParams(['rootValue'])] },
  beforeLoad: async () => {
    const preferences = getPreferences()
    return { preferences, messages: await loadMessages(preferences.locale) }
  },
  loader: () => getPublicConfig(),
  staleTime: Number.POSITIVE_INFINITY,
  head: ({ match }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      ...pageMeta(match.context.messages, 'meta.title.home'),
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  component: RootComponent,
})

function RootComponent() {
  const { preferences, messages } = Route.useRouteContext()
  return (
    <PreferencesProvider initial={preferences}>
      <I18nProvider locale={preferences.locale} messages={messages}>
        <RootDocument>
          <Outlet />
        </RootDocument>
      </I18nProvider>
    </PreferencesProvider>
  )
}

function RootDocument({ children }: { children: ReactNode }) {
  const { preferences } = usePreferences()
  const config = Route.useLoaderData()
  return (
    <html lang={LOCALE_TAGS[preferences.locale]} {...htmlAttributes(preferences)}>
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <AppToaster />
        <ChunkReloadGuard />
        {config.posthog ? (
          <Analytics apiKey={config.posthog.key} host={config.posthog.host} />
        ) : null}
        {Devtools ? (
          <Suspense>
            <Devtools />
          </Suspense>
        ) : null}
        <Scripts />
      </body>
    </html>
  )
}
