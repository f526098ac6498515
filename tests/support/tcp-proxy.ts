import { createServer, Socket } from 'node:net'

/**
 * A loopback TCP proxy in front of PostgreSQL, so a test can do to one app
 * instance what a network does: hold back what the server sends (a slow
 * delivery), cut every connection, and refuse new ones for a while.
 */
export type TcpProxy = {
  /** `url` with its host and port replaced by the proxy's. */
  url: string
  /** Stops passing the server's bytes on until `release`. */
  hold(): void
  release(): void
  /** Cuts every open connection; with `refuse`, new ones are closed at once until `accept`. */
  cut(options?: { refuse?: boolean }): void
  accept(): void
  close(): Promise<void>
}

export async function startTcpProxy(url: string): Promise<TcpProxy> {
  const target = new URL(url)
  type Pair = { client: Socket; server: Socket; backlog: Buffer[] }
  const pairs = new Set<Pair>()
  let held = false
  let refusing = false
  const proxy = createServer((client) => {
    if (refusing) {
      client.destroy()
      return
    }
    const server = new Socket()
    const pair: Pair = { client, server, backlog: [] }
    pairs.add(pair)
    const end = () => {
      pairs.delete(pair)
      client.destroy()
      server.destroy()
    }
    client.on('error', end).on('close', end)
    server.on('error', end).on('close', end)
    server.connect(Number(target.port || 5432), target.hostname)
    client.pipe(server)
    server.on('data', (chunk: Buffer) => {
      if (held) pair.backlog.push(chunk)
      else client.write(chunk)
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const address = proxy.address()
  if (!address || typeof address === 'string') throw new Error('the proxy has no port')
  const proxied = new URL(url)
  proxied.hostname = '127.0.0.1'
  proxied.port = String(address.port)
  return {
    url: proxied.toString(),
    hold() {
      held = true
    },
    release() {
      held = false
      for (const pair of pairs) {
        for (const chunk of pair.backlog) pair.client.write(chunk)
        pair.backlog = []
      }
    },
    cut({ refuse = false } = {}) {
      refusing = refuse
      for (const { client, server } of pairs) {
        client.destroy()
        server.destroy()
      }
      pairs.clear()
    },
    accept() {
      refusing = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, server } of pairs) {
          client.destroy()
          server.destroy()
        }
        proxy.close(() => resolve())
      }),
  }
}
