import { IMPORT_MAX_BYTES } from '~/config/limits'

const KIB = 1024

/**
 * Refused before anything parses it. Without a session only small forms take bodies; a
 * signed-in JSON call stays far under 1 MB; the multipart import gets its limit plus framing.
 */
export const BODY_LIMITS = {
  anonymous: 64 * KIB,
  call: 1024 * KIB,
  upload: IMPORT_MAX_BYTES + 64 * KIB,
} as const

export type BodyLimits = { anonymous: number; call: number; upload: number }

/** Its mere presence lifts the limit; it is not verified here. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=/
const SERVER_FN_PREFIX = '/_serverFn/'

function isServerFn(request: Request): boolean {
  return new URL(request.url).pathname.startsWith(SERVER_FN_PREFIX)
}

export function bodyLimitFor(request: Request, limits: BodyLimits = BODY_LIMITS): number {
  if (!SESSION_COOKIE.test(request.headers.get('cookie') ?? '')) return limits.anonymous
  const multipart = (request.headers.get('content-type') ?? '')
    .toLowerCase()
    .startsWith('multipart/form-data')
  return multipart && isServerFn(request) ? limits.upload : limits.call
}

// Connection closed so the rest is not read; a server-function call gets it marked as thrown (REQUEST_TOO_LARGE).
export function payloadTooLarge(request: Request, limit: number): Response {
  const headers = new Headers({
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  })
  // TanStack Start's marker of a Response thrown by a server function.
  if (isServerFn(request)) headers.set('x-tss-raw', 'thrown')
  return new Response(`Request body too large: this request may carry at most ${limit} bytes.\n`, {
    status: 413,
    headers,
  })
}

function countingStream(limit: number, refusal: () => unknown) {
  let seen = 0
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength
      if (seen > limit) controller.error(refusal())
      else controller.enqueue(chunk)
    },
  })
}

/** What the server adapter hangs on its requests (client address, Node objects); kept on a copy. */
const ADAPTER_FIELDS = ['ip', 'runtime', 'context', 'waitUntil'] as const

function withBody(request: Request, body: ReadableStream<Uint8Array>): Request {
  const init: RequestInit & { duplex: 'half' } = {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: 'half',
  }
  const copy = new Request(request.url, init)
  for (const field of ADAPTER_FIELDS) {
    if (field in request) {
      Object.defineProperty(copy, field, {
        get: () => Reflect.get(request, field),
        configurable: true,
      })
    }
  }
  return copy
}

/** By declared Content-Length at once, else by counting a chunked body as it streams. */
export function limitRequestBody(
  request: Request,
  limits: BodyLimits = BODY_LIMITS,
): Request | Response {
  if (request.method === 'GET' || request.method === 'HEAD') return request
  const limit = bodyLimitFor(request, limits)
  const declared = request.headers.get('content-length')?.trim()
  if (declared && /^\d+$/.test(declared)) {
    if (Number(declared) > limit) return payloadTooLarge(request, limit)
    // Node's HTTP parser reads exactly the declared length: nothing more can follow.
    return request
  }
  if (!request.body) return request
  return withBody(
    request,
    request.body.pipeThrough(countingStream(limit, () => payloadTooLarge(request, limit))),
  )
}
