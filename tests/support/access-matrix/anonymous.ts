import { createServerEntry } from '@tanstack/react-start/server'
import { allServerFunctions } from '../server-function-gates'
import { compiledServerFunctions } from '../server-functions'
import { callOverWire } from '../wire'
import type { Mismatch } from './cells'
import { attempt, summarize } from './outcome'
import type { Row } from './rows'

/*
 * The anonymous column of gated rows. Server modules take an Actor, so an
 * anonymous caller must be stopped before them: every server function that
 * reaches a row's export is called over the wire without a session (and
 * without valid input) and must answer UNAUTHENTICATED. Which functions
 * reach an export is read from their source; exports reached through a plain
 * route name it in `via`, and the probe sees the route refuse a request
 * without a session.
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
  /** Each server function reaching a gated row, and what it answered an anonymous call. */
  serverFunctions: Record<string, string>
  routes: Record<string, number>
}

const BASE = process.env.BASE_URL ?? 'http://localhost:3000'
const serverFunctions = allServerFunctions()

/** Runs `body` inside a real Start request scope, as a route handler runs. */
async function inRequest(request: Request, body: () => Promise<Response>): Promise<Response> {
  return createServerEntry({ fetch: body }).fetch(request, {})
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
 * Each server function in `entries` called over the wire without a session,
 * and each route requested without one. Fills `refusing` with what was seen
 * refusing the anonymous request.
 */
export async function probeAnonymous(
  routes: readonly ProbedRoute[],
  entries: readonly string[],
  refusing: Set<string>,
): Promise<Probe> {
  const compiled = compiledServerFunctions()
  const functions: Record<string, string> = {}
  for (const entry of entries) {
    const fn = compiled.get(entry)
    if (!fn) continue
    const outcome = await attempt(callOverWire(fn, { malformed: undefined }))
    functions[entry] = summarize(outcome)
    if (outcome.kind === 'deny' && outcome.code === 'UNAUTHENTICATED') refusing.add(entry)
  }
  const statuses: Record<string, number> = {}
  for (const route of routes) {
    const status = await anonymousStatus(route)
    statuses[route.entry] = status
    if (status === 401) refusing.add(route.entry)
  }
  return { serverFunctions: functions, routes: statuses }
}

/** The server functions (`file#name`) and routes through which requests reach the export. */
export function entryPointsOf(
  row: Row,
  modulePath: string,
  name: string,
): readonly string[] | 'none' {
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
    else if (!refusing.has(entry)) add(`${entry} did not refuse an anonymous call over the wire`)
  }
}
