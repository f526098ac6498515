import { ReactQueryDevtools } from '@tanstack/react-query-devtools'
import { TanStackRouterDevtools } from '@tanstack/react-router-devtools'

/** Development only (imported behind import.meta.env.DEV); open at start, as the seed asks. */
export default function Devtools() {
  return (
    <>
      <TanStackRouterDevtools initialIsOpen position="bottom-left" />
      <ReactQueryDevtools initialIsOpen={false} buttonPosition="bottom-right" />
    </>
  )
}
