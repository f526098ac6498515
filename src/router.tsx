import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { getGlobalStartContext } from '@tanstack/react-start'
import { ErrorScreen } from './components/errors/error-screen'
import { NotFound } from './components/errors/not-found'
import { QUERY_STALE_TIME_MS, retryQuery } from './lib/query-defaults'
import { routeTree } from './routeTree.gen'

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: QUERY_STALE_TIME_MS, retry: retryQuery } },
  })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders only ensure TanStack Query data, so each preload asks the query cache, which decides.
    defaultPreloadStaleTime: 0,
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
