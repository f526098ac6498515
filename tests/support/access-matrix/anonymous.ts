import { createServerEntry } from '@tanstack/react-start/server'
import { createUser } from '../../../src/seed/factories/users.server'
import { getAuth } from '../../../src/server/auth/auth.server'
import { maybeSignedIn, signedIn } from '../../../src/server/auth/signed-in.middleware'
import { allServerFunctions } from '../server-function-gates'
import type { Mismatch } from './cells'
import { attempt, type Outcome, summarize } from './outcome'
import type { Row } from './rows'

/*
 * The anonymous column of gated rows. Server modules take an Actor, so an
 * anonymous caller is stopped by the `signedIn` middleware: the probe runs
 * the middleware for real (a request scope without a session refused, one
 * with a live session let through), and every server function that reaches
 * a row's export must be gated by it (read from the source). Exports reached
 * through a plain route name it in `via`; the probe sees the route refuse a
 * request without a session.
 */

/** A route the network reaches with GET, probed without a session. */
export type ProbedRoute = {
  /** `route:<file>`, as rows name it in `via`. */
  entry: string
  /** The route module's `Route`. */
  route: { options: { server?: unknown } }
  /** A valid request for it, from the site root. */
  path: string
}

export type Probe = {
  anonymous: string
  signedInLetsTheSessionThrough: boolean
  maybeSignedIn: unknown
  routes: Record<string, number>
}

const BASE = process.env.BASE_URL ?? 'http://localhost:3000'
const serverFunctions = allServerFunctions()

/** Runs `body` inside a real Start request scope, as a server function's middleware runs. */
async function inRequest(request: Request, body: () => Promise<Response>): Promise<Response> {
  return createServerEntry({ fetch: body }).fetch(request, {})
}

/** A real session cookie for a new user, from Better Auth's sign-in endpoint. */
async function sessionCookie(): Promise<{ cookie: string; userId: string }> {
  const auth = await getAuth()
  const person = await createUser(auth)
  const response = await auth.handler(
    new Request(`${BASE}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ email: person.email, password: person.password }),
    }),
  )
  const cookie = response.headers
    .getSetCookie()
    .find((header) => header.startsWith('better-auth.session_token='))
    ?.split(';')[0]
  if (!cookie) throw new Error(`sign-in answered ${response.status} without a session`)
  return { cookie, userId: person.id }
}

/** Calls a middleware's server part as Start calls it. */
function callMiddleware(
  middleware: unknown,
  next: (options?: { context?: unknown }) => Promise<unknown>,
): unknown {
  // Through Reflect: the middleware's generic `next` type cannot be written by hand.
  return Reflect.apply(typeof middleware === 'function' ? middleware : () => undefined, undefined, [
    {
      next,
      context: {},
      data: undefined,
      method: 'POST',
      serverFnMeta: { id: 'probe', name: 'probe', filename: 'probe' },
      signal: new AbortController().signal,
    },
  ])
}

/** The status a route's GET handler answers a request without a session. */
async function anonymousStatus({ entry, route, path }: ProbedRoute): Promise<number> {
  const server = route.options.server
  const handlers =
    server && typeof server === 'object' && 'handlers' in server ? server.handlers : undefined
  const get =
    handlers && typeof handlers === 'object' && 'GET' in handlers ? handlers.GET : undefined
  if (typeof get !== 'function') throw new Error(`${entry} lost its GET handler`)
  const request = new Request(`${BASE}${path}`)
  const response = await inRequest(request, async () => {
    const answer: unknown = await Reflect.apply(get, undefined, [
      {
        request,
        params: {},
        context: { nonce: 'probe', requestId: 'probe' },
        pathname: new URL(request.url).pathname,
        next: () => {
          throw new Error('no next')
        },
      },
    ])
    if (!(answer instanceof Response)) throw new Error(`${entry} answered no Response`)
    return answer
  })
  return response.status
}

/**
 * The gates for real: the signedIn middleware in a request scope without a
 * cookie and with a live session (and maybeSignedIn, which passes a null
 * actor on), and each route without a session. Fills `refusing` with what
 * was seen refusing an anonymous request.
 */
export async function probeAnonymous(
  routes: readonly ProbedRoute[],
  refusing: Set<string>,
): Promise<Probe> {
  const request = (headers: Record<string, string> = {}) =>
    new Request(`${BASE}/_serverFn/probe`, { headers })
  let anonymous: Outcome = { kind: 'crash', message: 'not run' }
  let maybe: unknown = 'not run'
  await inRequest(request(), async () => {
    anonymous = await attempt(
      Promise.resolve(
        callMiddleware(signedIn.options.server, async () => {
          throw new Error('signedIn let an anonymous request through')
        }),
      ),
    )
    await callMiddleware(maybeSignedIn.options.server, async (options) => {
      maybe = options?.context
      return {}
    })
    return new Response(null, { status: 204 })
  })
  const session = await sessionCookie()
  let signedInActor: unknown = 'not run'
  await inRequest(request({ cookie: session.cookie }), async () => {
    await callMiddleware(signedIn.options.server, async (options) => {
      const context = options?.context
      signedInActor =
        context && typeof context === 'object' && 'actor' in context ? context.actor : null
      return {}
    })
    return new Response(null, { status: 204 })
  })
  const refusal = summarize(anonymous)
  const lets =
    signedInActor !== null &&
    typeof signedInActor === 'object' &&
    'id' in signedInActor &&
    signedInActor.id === session.userId
  if (refusal === 'refused UNAUTHENTICATED' && lets) refusing.add('signedIn')

  const statuses: Record<string, number> = {}
  for (const route of routes) {
    const status = await anonymousStatus(route)
    statuses[route.entry] = status
    if (status === 401) refusing.add(route.entry)
  }
  return {
    anonymous: refusal,
    signedInLetsTheSessionThrough: lets,
    maybeSignedIn: maybe,
    routes: statuses,
  }
}

function entryPointsOf(row: Row, modulePath: string, name: string): readonly string[] | 'none' {
  if (row.via) return row.via
  return serverFunctions
    .filter((fn) => fn.calls.includes(`${modulePath}#${name}`))
    .map((fn) => `${fn.file}#${fn.name}`)
}

/** Records an unexpected allow when some way in reaches the export without the signedIn gate. */
export function checkAnonymous(
  found: Mismatch[],
  refusing: ReadonlySet<string>,
  row: Row,
  label: string,
  modulePath: string,
  name: string,
) {
  const add = (detail: string) =>
    found.push({ row: label, persona: 'anonymous', kind: 'unexpected allow', detail })
  const entries = entryPointsOf(row, modulePath, name)
  if (entries === 'none') return
  if (entries.length === 0) {
    add('no server function reaches this export: declare `via`')
    return
  }
  for (const entry of entries) {
    if (entry.startsWith('route:')) {
      if (!refusing.has(entry)) add(`${entry} was not seen refusing an anonymous request`)
      continue
    }
    const fn = serverFunctions.find((candidate) => `${candidate.file}#${candidate.name}` === entry)
    if (!fn) add(`${entry} does not exist`)
    else if (fn.gate !== 'signedIn') add(`${entry} is gated by ${fn.gate}`)
    else if (!refusing.has('signedIn')) add('signedIn was not seen refusing a request')
  }
}
