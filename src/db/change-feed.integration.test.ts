import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { testEngine } from '../../tests/setup/test-database'
import { db } from '../../tests/support/database'
import { startTcpProxy, type TcpProxy } from '../../tests/support/tcp-proxy'
import {
  asReadOnlyRequest,
  type PostgresChangeFeed,
  postgresChangeFeed,
} from './change-feed.server'

/* The PostgreSQL side of the change feed (decision 0050), on its own. */

let url: string
const feeds: PostgresChangeFeed[] = []
const proxies: TcpProxy[] = []

beforeAll(async () => {
  if (testEngine !== 'postgres') return
  const result = await db.execute(sql`select current_database() as name`)
  const [row] = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(result).rows
  const own = new URL(process.env.TEST_DATABASE_URL ?? '')
  own.pathname = `/${row?.name ?? ''}`
  url = own.toString()
})

afterAll(async () => {
  for (const feed of feeds) await feed.close()
  for (const proxy of proxies) await proxy.close()
})

function feedOn(target: string, options?: Parameters<typeof postgresChangeFeed>[1]) {
  const feed = postgresChangeFeed(target, { retryMs: 50, ...options })
  feeds.push(feed)
  return feed
}

async function eventually(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`never: ${what}`)
}

describe.runIf(testEngine === 'postgres')('postgresChangeFeed', () => {
  it('is not current before it listens, nor after it closes', async () => {
    const feed = feedOn(url)
    expect(await feed.current()).toBe(false)
    await feed.start()
    expect(await feed.current()).toBe(true)
    await feed.close()
    expect(await feed.current()).toBe(false)
  })

  it('refuses to start when the server cannot be reached', async () => {
    const proxy = await startTcpProxy(url)
    proxies.push(proxy)
    proxy.cut({ refuse: true })
    await expect(feedOn(proxy.url).start()).rejects.toThrow()
  })

  it('hands over every change committed before current() resolves, to concurrent callers too', async () => {
    const feed = feedOn(url)
    await feed.start()
    const heard = new Set<string>()
    await feed.listen('tree_version', (payload) => heard.add(payload))
    for (let round = 0; round < 20; round += 1) {
      await db.execute(sql`select pg_notify('tree_version', ${`user ${round}`})`)
      const answers = await Promise.all(Array.from({ length: 5 }, () => feed.current()))
      expect(answers).toEqual(Array(5).fill(true))
      expect(heard.has(`user ${round}`), `round ${round}`).toBe(true)
    }
  })

  it('proves a read-only request current once: what committed before it arrived, then no more round trips', async () => {
    const proxy = await startTcpProxy(url)
    proxies.push(proxy)
    const feed = feedOn(proxy.url, { syncTimeoutMs: 300 })
    await feed.start()
    const heard = new Set<string>()
    await feed.listen('tree_version', (payload) => heard.add(payload))
    await db.execute(sql`select pg_notify('tree_version', 'before the request')`)
    await asReadOnlyRequest(async () => {
      expect(await feed.current()).toBe(true)
      expect(heard.has('before the request')).toBe(true)
      // A held connection answers no new sync: the request's later reads need none.
      proxy.hold()
      expect(await feed.current()).toBe(true)
    })
    // Outside it, every call asks anew: the held connection is taken for dead.
    expect(await feed.current()).toBe(false)
    proxy.release()
    await eventually(() => feed.current(), 'current again')
    // A new request is not vouched for by a sync sent before it arrived.
    proxy.hold()
    expect(await asReadOnlyRequest(() => feed.current())).toBe(false)
    proxy.release()
  })

  it('takes an unanswered sync for a dead connection: not current, reset, then listening again', async () => {
    const proxy = await startTcpProxy(url)
    proxies.push(proxy)
    const feed = feedOn(proxy.url, { syncTimeoutMs: 300 })
    await feed.start()
    let resets = 0
    feed.onReset(() => {
      resets += 1
    })
    proxy.hold()
    expect(await feed.current()).toBe(false)
    expect(resets).toBe(1)
    proxy.release()
    await eventually(() => feed.current(), 'current again')
    expect(resets).toBe(2)
  })
})
