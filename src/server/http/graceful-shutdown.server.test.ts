import { Agent, get } from 'node:http'
import type { Server } from 'srvx'
import { serve } from 'srvx/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushLog, setLogLevel } from '../logger.server'
import { createDrain } from './graceful-shutdown.server'

type Answer = { status: number; body: string; connection: string | undefined }

function request(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
      )
    })
    sent.on('error', reject)
  })
}

/** A promise with its resolve function, to hold a handler until the test lets it go. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

/** Paths the handler holds until the test releases them; `arrived` tells the request is in flight. */
function held() {
  const arrived = gate()
  const release = gate()
  return { arrived, release }
}

async function start(graceMs: number, holds: Record<string, ReturnType<typeof held>>) {
  const drain = createDrain({ graceMs })
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    gracefulShutdown: false,
    silent: true,
    fetch: drain.wrap(async (req) => {
      const path = new URL(req.url).pathname
      const hold = holds[path]
      if (hold) {
        hold.arrived.open()
        await hold.release.opened
      }
      return new Response(path)
    }),
  })
  await server.ready()
  const port = Number(new URL(server.url ?? '').port)
  return { drain, server, port }
}

let running: Server | undefined
const releaseAll: (() => void)[] = []
afterEach(async () => {
  for (const release of releaseAll.splice(0)) release()
  await running?.close(true)
  running = undefined
  vi.restoreAllMocks()
  setLogLevel('silent')
})

describe('graceful shutdown', () => {
  it('finishes requests in flight, closes kept-alive connections after one answer and refuses new ones', async () => {
    setLogLevel('silent')
    const slowPath = held()
    releaseAll.push(slowPath.release.open)
    // A grace far past the test's timeout: the drain can only end because the server closed.
    const { drain, server, port } = await start(600_000, { '/slow': slowPath })
    running = server
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const slowAgent = new Agent({ keepAlive: true, maxSockets: 1 })
    // Open a kept-alive connection, then start a request the drain must wait for.
    expect((await request(port, '/fast', agent)).connection).toBe('keep-alive')
    const slow = request(port, '/slow', slowAgent)
    await slowPath.arrived.opened

    const drained = drain.drain(server, 'test')
    // The kept-alive client keeps sending while /slow is held; it gets at most one answer more,
    // marked close, then its connection is gone and new ones are refused.
    const after: Answer[] = []
    const refused: unknown[] = []
    for (let attempt = 0; attempt < 5 && refused.length === 0; attempt += 1) {
      try {
        after.push(await request(port, '/fast', agent))
      } catch (error) {
        refused.push(error)
      }
    }
    slowPath.release.open()

    expect(await slow).toEqual({ status: 200, body: '/slow', connection: 'close' })
    expect(await drained).toEqual({ cut: 0 })
    expect(after.length).toBeLessThanOrEqual(1)
    for (const answer of after) expect(answer.connection).toBe('close')
    expect(refused.length).toBeGreaterThan(0)
    agent.destroy()
    slowAgent.destroy()
  }, 30_000)

  it('cuts what is still running at the grace and says so in the JSON log', async () => {
    setLogLevel('info')
    const lines: string[] = []
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    // Never released before the drain ends: only the grace can end it.
    const hangPath = held()
    releaseAll.push(hangPath.release.open)
    const { drain, server, port } = await start(200, { '/hang': hangPath })
    running = server
    const hanging = request(port, '/hang', new Agent({ keepAlive: true })).catch(
      (error: unknown) => error,
    )
    await hangPath.arrived.opened

    expect(await drain.drain(server, 'SIGTERM')).toEqual({ cut: 1 })
    expect(await hanging).toBeInstanceOf(Error)
    flushLog()
    const logged = lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'info', msg: 'shutting down: draining requests' }),
    )
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'request cut at the shutdown grace',
        method: 'GET',
        path: '/hang',
      }),
    )
  }, 30_000)
})
