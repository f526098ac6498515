import { createClientRpc } from '@tanstack/start-client-core/client-rpc'
import { runWithStartContext } from '@tanstack/start-storage-context'
import { makeSignature } from 'better-auth/crypto'
import { z } from 'zod'
import { appFetch } from '../../src/app-fetch.server'
import { getAuth } from '../../src/server/auth/auth.server'
import { startInstance } from '../../src/start'
import type { ServerFn } from './server-functions'

/*
 * Server functions called the way a page calls them: Start's own client
 * serialises the call into a Request, the app's fetch handler answers it
 * (request middleware, the function's middleware, its validator, its
 * handler, the serialised answer or error), and the client reads the answer
 * back. Only the transport is in-process. Runs in the `integration` Vitest
 * project, whose Start plugins compile the functions (tests/setup/start-compiler.ts).
 */

const BASE = process.env.BASE_URL ?? 'http://localhost:3000'

/** What the function's validator takes (unknown for one without input). */
export type WireInput<F extends ServerFn> =
  NonNullable<Parameters<F>[0]> extends { data?: infer D } ? D : undefined

export type WireCall<F extends ServerFn> = {
  data?: WireInput<F>
  /** Sent as is instead of `data`: what a hand-made request could carry. */
  malformed?: unknown
  /** The caller's session (`sessionCookie`); none is an anonymous caller. */
  cookie?: string | null
  headers?: Record<string, string>
}

const meta = z.object({ id: z.string() })
const devId = z.object({ file: z.string(), export: z.string() })

/** `src/features/search/search.functions.ts#quickSearch`, from the id the compiler gave it. */
export function serverFnName(fn: ServerFn): string {
  const { id } = meta.parse(Reflect.get(fn, 'serverFnMeta'))
  const decoded = devId.parse(JSON.parse(Buffer.from(id, 'base64url').toString('utf8')))
  const file = decoded.file.replace(/^\//, '').replace(/\?.*$/, '')
  return `${file}#${decoded.export.replace(/_createServerFn_handler$/, '')}`
}

/** Functions this test file called over the wire, with whether a call of each was answered. */
export const wireCalls = new Map<string, { answered: boolean }>()

const sessions = new Map<string, string>()

/** A signed session cookie for the user, as Better Auth sets it at sign-in. */
export async function sessionCookie(userId: string): Promise<string> {
  const known = sessions.get(userId)
  if (known) return known
  const ctx = await (await getAuth()).$context
  const session = await ctx.internalAdapter.createSession(userId)
  const signature = await makeSignature(session.token, ctx.secret)
  const cookie = `${ctx.authCookies.sessionToken.name}=${session.token}.${signature}`
  sessions.set(userId, cookie)
  return cookie
}

const envelope = z.union([
  z.object({ error: z.unknown() }),
  z.object({ result: z.unknown() }).passthrough(),
])

/**
 * Calls `fn` through the app's request handler; resolves to its answer and
 * rejects with the error the page would see (an AppError keeps its code).
 * The answer is typed as the function declares it, as the page's client does.
 */
export function callOverWire<F extends ServerFn>(
  fn: F,
  call?: WireCall<F>,
): Promise<Awaited<ReturnType<F>>>
export async function callOverWire(fn: ServerFn, call: WireCall<ServerFn> = {}): Promise<unknown> {
  const name = serverFnName(fn)
  const { id } = meta.parse(Reflect.get(fn, 'serverFnMeta'))
  const method = z.enum(['GET', 'POST']).parse(Reflect.get(fn, 'method'))
  const headers: Record<string, string> = {
    'sec-fetch-site': 'same-origin',
    ...(call.cookie ? { cookie: call.cookie } : {}),
    ...call.headers,
  }
  const send = (url: string, init: RequestInit) => appFetch(new Request(new URL(url, BASE), init))
  const data = 'malformed' in call ? call.malformed : call.data
  const startOptions = await startInstance.getOptions()
  // The client reads its serialisation adapters from the Start context a page has.
  const answer: unknown = await runWithStartContext(
    {
      startOptions,
      contextAfterGlobalMiddlewares: {},
      request: new Request(BASE),
      handlerType: 'serverFn',
      getRouter: () => {
        throw new Error('a page client has no server router')
      },
    },
    () => createClientRpc(id)({ data, method, headers, fetch: send }),
  )
  if (answer instanceof Response) {
    wireCalls.set(name, { answered: answer.ok || wireCalls.get(name)?.answered === true })
    return answer
  }
  const parsed = envelope.parse(answer)
  const answered = !('error' in parsed)
  wireCalls.set(name, { answered: answered || wireCalls.get(name)?.answered === true })
  if ('error' in parsed) throw parsed.error
  return parsed.result
}
