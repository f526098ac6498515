import type { ServerRequest, Server as SrvxServer } from 'srvx'
import { log, redactPath } from '../logger.server'

type Fetch = (request: ServerRequest) => Response | Promise<Response>
type Pending = { method: string; path: string; started: number }

const SWEEP_MS = 50

/**
 * `server.close()` keeps serving kept-alive connections, so once draining every answer says
 * `Connection: close`. A request still arriving is served, not refused: the database stays
 * open, while a 503 would make the client retry a write it cannot tell was not done.
 */
export function createDrain(options: { graceMs: number }) {
  let draining = false
  const pending = new Set<Pending>()

  function closeAfterAnswer(request: ServerRequest) {
    const res = request.runtime?.node?.res
    // HTTP/2 has no Connection header; its sessions end with the server.
    if (!res || res.headersSent || request.runtime?.node?.req.httpVersion === '2.0') return
    res.setHeader('connection', 'close')
  }

  /** Wraps the app's fetch: counts requests in flight and closes connections once draining. */
  function wrap(handler: Fetch): Fetch {
    return async (request) => {
      const entry: Pending = {
        method: request.method,
        path: redactPath(new URL(request.url).pathname),
        started: Date.now(),
      }
      pending.add(entry)
      const res = request.runtime?.node?.res
      if (res) res.once('close', () => pending.delete(entry))
      try {
        const response = await handler(request)
        if (draining) closeAfterAnswer(request)
        return response
      } finally {
        if (!res) pending.delete(entry)
      }
    }
  }

  /** Lets requests in flight finish within the grace, then cuts what is left (each logged). */
  async function drain(server: SrvxServer, reason: string): Promise<{ cut: number }> {
    draining = true
    log.info('shutting down: draining requests', {
      reason,
      inFlight: pending.size,
      graceMs: options.graceMs,
    })
    const http = server.node?.server
    // Once nothing is in flight, an idle connection a client keeps open would hold the drain to the grace.
    const closeIdle = () => {
      if (!http) return
      if (pending.size === 0 && 'closeAllConnections' in http) http.closeAllConnections()
      else if ('closeIdleConnections' in http) http.closeIdleConnections()
    }
    const closed = server.close().then(
      () => true,
      (error: unknown) => {
        log.warn('closing the HTTP server failed', {
          error: error instanceof Error ? error.message : String(error),
        })
        return true
      },
    )
    closeIdle()
    const sweep = setInterval(closeIdle, SWEEP_MS)
    let timer: NodeJS.Timeout | undefined
    const graceOver = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), options.graceMs)
    })
    const inTime = await Promise.race([closed, graceOver])
    clearInterval(sweep)
    clearTimeout(timer)
    if (inTime) return { cut: 0 }
    const now = Date.now()
    const cut = pending.size
    for (const request of pending) {
      log.warn('request cut at the shutdown grace', {
        method: request.method,
        path: request.path,
        ms: now - request.started,
      })
    }
    await server.close(true).catch(() => {})
    return { cut }
  }

  return {
    wrap,
    drain,
    get draining() {
      return draining
    },
    get inFlight() {
      return pending.size
    },
  }
}
