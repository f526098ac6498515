/*
 * The plumbing both fakes share: a node:http server on 127.0.0.1, a request
 * log, and injectable trouble (latency, a random failure rate, and scripted
 * failures for the next requests). Plain TypeScript that `node` runs as is.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export type FakeCall = {
  method: string
  /** Path and query, as received. */
  url: string
  path: string
  params: Record<string, string>
  headers: Record<string, string>
  body: string
}

/** What the next request gets instead of its answer: an HTTP error, or no answer at all. */
export type Trouble = { status: number } | 'hang'

export type TroubleOptions = {
  /** Delay before every answer. */
  latencyMs?: number
  /** Probability (0–1) that a request fails with a 500. */
  failRate?: number
}

export type FakeHandler = (call: FakeCall, res: ServerResponse) => unknown

export type FakeServer = {
  url: string
  port: number
  calls: FakeCall[]
  options: TroubleOptions
  /** The next `count` requests get `trouble` instead of their answer. */
  failNext(count: number, trouble?: Trouble): void
  /** Requests whose address contains one of these get no answer: the socket is closed ([] ends it). */
  setUnreachable(matches: readonly string[]): void
  /** Forgets the log and any scripted trouble. */
  reset(): void
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'application/json; charset=UTF-8',
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': type, ...headers })
  res.end(body)
}

export async function startFakeServer(
  handler: FakeHandler,
  {
    port = 0,
    host = '127.0.0.1',
    failure,
    ...options
  }: TroubleOptions & {
    port?: number
    host?: string
    /** How a scripted or random failure looks for this service. */
    failure: (res: ServerResponse, status: number) => void
  },
): Promise<FakeServer> {
  const calls: FakeCall[] = []
  const troubles: Trouble[] = []
  const state: TroubleOptions = { ...options }
  let unreachable: readonly string[] = []

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://fake.localhost')
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string') headers[name] = value
        else if (Array.isArray(value)) headers[name] = value.join(', ')
      }
      const call: FakeCall = {
        method: req.method ?? 'GET',
        url: `${url.pathname}${url.search}`,
        path: url.pathname,
        params: Object.fromEntries(url.searchParams),
        headers,
        body: await readBody(req),
      }
      // Control endpoints (for tools outside this process) are not part of the log.
      if (url.pathname === '/__fake/calls') return send(res, 200, JSON.stringify(calls))
      if (url.pathname === '/__fake/reset' && call.method === 'POST') {
        calls.length = 0
        troubles.length = 0
        unreachable = []
        return send(res, 204, '')
      }
      if (url.pathname === '/__fake/unreachable' && call.method === 'POST') {
        const parsed: unknown = JSON.parse(call.body || '{}')
        const matches =
          typeof parsed === 'object' && parsed !== null && 'matches' in parsed ? parsed.matches : []
        unreachable = Array.isArray(matches) ? matches.map(String) : []
        return send(res, 204, '')
      }
      if (unreachable.some((match) => decodeURIComponent(call.url).includes(match))) {
        // Like a network failure: no status, the connection just ends.
        req.socket.destroy()
        return
      }
      calls.push(call)
      if (state.latencyMs) await sleep(state.latencyMs)
      const trouble = troubles.shift()
      if (trouble === 'hang') return // never answered; close() drops the socket
      if (trouble) return failure(res, trouble.status)
      if (state.failRate && Math.random() < state.failRate) return failure(res, 500)
      await handler(call, res)
    } catch (error) {
      if (!res.headersSent) send(res, 500, JSON.stringify({ error: String(error) }))
    }
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port

  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    calls,
    options: state,
    failNext(count, trouble = { status: 500 }) {
      for (let index = 0; index < count; index++) troubles.push(trouble)
    },
    setUnreachable(matches) {
      unreachable = [...matches]
    },
    reset() {
      calls.length = 0
      troubles.length = 0
      unreachable = []
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}
