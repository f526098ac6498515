import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'
import { getAuth, withClientAddress } from '~/server/auth/auth.server'

async function handle({ request }: { request: Request }) {
  const auth = await getAuth()
  const headers = withClientAddress(request.headers, getRequestIP())
  // Rebuilt from its parts: the production server's request object is not
  // undici's own, and `new Request(request, init)` throws on it there.
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
  return auth.handler(
    new Request(request.url, { method: request.method, headers, body, signal: request.signal }),
  )
}

/** Better Auth's endpoints (sign-in, sign-out, reset, sessions…) under /api/auth. */
export const Route = createFileRoute('/api/auth/$')({
  server: { handlers: { GET: handle, POST: handle } },
})
