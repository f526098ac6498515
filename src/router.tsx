import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { ErrorScreen } from './components/errors/error-screen'
import { NotFound } from './components/errors/not-found'
import { routeTree } from './routeTree.gen'

/** Seed §9: results fresh for 300 s, failed queries retried 2 times. */
export const QUERY_STALE_TIME_MS = 300_000
export const QUERY_RETRIES = 2

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: QUERY_STALE_TIME_MS, retry: QUERY_RETRIES } },
  })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    trailingSlash: 'preserve',
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: () => <NotFound />,
    // The request middleware's nonce lets the CSP allow exactly our inline scripts.
    ssr: { nonce: getGlobalStartContext()?.nonce },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
