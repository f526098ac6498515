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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function start(graceMs: number) {
  const drain = createDrain({ graceMs })
  const server = serve({
    port: 0,
    hostname: '127.0.0.1',
    gracefulShutdown: false,
    silent: true,
    fetch: drain.wrap(async (req) => {
      const path = new URL(req.url).pathname
      if (path === '/slow') await wait(400)
      if (path === '/hang') await wait(5_000)
      return new Response(path)
    }),
  })
  await server.ready()
  const port = Number(new URL(server.url ?? '').port)
  return { drain, server, port }
}

let running: Server | undefined
afterEach(async () => {
  await running?.close(true)
  running = undefined
  vi.restoreAllMocks()
  setLogLevel('silent')
})

describe('graceful shutdown', () => {
  it('finishes requests in flight, closes kept-alive connections after one answer and refuses new ones', async () => {
    setLogLevel('silent')
    const { drain, server, port } = await start(5_000)
    running = server
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const slowAgent = new Agent({ keepAlive: true, maxSockets: 1 })
    // Open a kept-alive connection, then start a request the drain must wait for.
    expect((await request(port, '/fast', agent)).connection).toBe('keep-alive')
    const slow = request(port, '/slow', slowAgent)
    await wait(50)

    const began = Date.now()
    const drained = drain.drain(server, 'test')
    // The kept-alive client keeps sending; it gets at most one answer more, marked close.
    const after: Answer[] = []
    const refused: unknown[] = []
    while (Date.now() - began < 300) {
      try {
        after.push(await request(port, '/fast', agent))
      } catch (error) {
        refused.push(error)
      }
    }

    expect(await slow).toEqual({ status: 200, body: '/slow', connection: 'close' })
    expect(await drained).toEqual({ cut: 0 })
    expect(Date.now() - began).toBeLessThan(2_000)
    expect(after.length).toBeLessThanOrEqual(1)
    for (const answer of after) expect(answer.connection).toBe('close')
    expect(refused.length).toBeGreaterThan(0)
    agent.destroy()
    slowAgent.destroy()
  })

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
    const { drain, server, port } = await start(200)
    running = server
    const hanging = request(port, '/hang', new Agent({ keepAlive: true })).catch(
      (error: unknown) => error,
    )
    await wait(50)

    const began = Date.now()
    expect(await drain.drain(server, 'SIGTERM')).toEqual({ cut: 1 })
    expect(Date.now() - began).toBeLessThan(1_500)
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
  })
})
