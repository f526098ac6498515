import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'
import { getAuth, withClientAddress } from '~/features/auth/auth.server'

async function handle({ request }: { request: Request }) {
  const auth = await getAuth()
  const headers = withClientAddress(request.headers, getRequestIP())
  return auth.handler(new Request(request, { headers }))
}

/** Better Auth's endpoints (sign-in, sign-out, reset, sessions…) under /api/auth. */
export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
