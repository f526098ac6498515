import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

export type ChangeChannel = 'tree_version' | 'session_changed' | 'items_changed'
const CHANNELS: readonly ChangeChannel[] = ['tree_version', 'session_changed', 'items_changed']

/** Change notifications from triggers, for caches that must never be behind the database (decision 0024). */
export type ChangeFeed = {
  listen: (channel: ChangeChannel, onPayload: (payload: string) => void) => Promise<void>
  /** Called whenever notifications may have been missed: a cache forgets all it learned. */
  onReset: (handler: () => void) => void
  /** True once every change committed before the call reached the listeners; false: read the database, remember nothing. */
  current: () => Promise<boolean>
  /** Counts resets: an answer read before a reset must not be remembered after it. */
  resets: () => number
}

/** PGlite hands a notification to its listeners before the committing statement settles: always current. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return {
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload)
    },
    onReset: () => {},
    current: () => CURRENT,
    resets: () => 0,
  }
}
const CURRENT = Promise.resolve(true)

/** Syncs sent by every feed of this process, numbered in order: a mark tells which came after it. */
let syncsSent = 0
const arrivals = new AsyncLocalStorage<number>()

/**
 * Marks a request's arrival so its `current()` calls can share a sync sent after it.
 * Never for a request that writes: its own change's notification may follow that sync.
 */
export function asReadOnlyRequest<T>(run: () => T): T {
  return arrivals.run(syncsSent, run)
}

export type PostgresChangeFeed = ChangeFeed & {
  start: () => Promise<void>
  close: () => Promise<void>
}

/** Where the database layer reports connection trouble; the platform passes its logger. */
type LogFields = Record<string, string | number | boolean | null | undefined>
export type DatabaseLog = {
  info: (message: string, fields?: LogFields) => void
  warn: (message: string, fields?: LogFields) => void
}
const silent: DatabaseLog = { info: () => {}, warn: () => {} }

export type PostgresFeedOptions = {
  log?: DatabaseLog
  retryMs?: number
  maxRetryMs?: number
  /** How long a sync may take before the connection is taken for dead. */
  syncTimeoutMs?: number
}

export const CHANGE_FEED_APPLICATION = 'tubefold-change-feed'

/**
 * `current()` notifies a channel of this connection's own and waits for it: PostgreSQL
 * delivers it after every notification of a transaction that committed earlier.
 */
export function postgresChangeFeed(
  url: string,
  {
    retryMs = 100,
    maxRetryMs = 5_000,
    syncTimeoutMs = 5_000,
    log = silent,
  }: PostgresFeedOptions = {},
): PostgresChangeFeed {
  const syncChannel = `sync_${randomBytes(8).toString('hex')}`
  const handlers = new Map<string, ((payload: string) => void)[]>()
  const resetHandlers: (() => void)[] = []
  const waiting = new Map<string, (ok: boolean) => void>()
  let active: pg.Client | undefined
  let resetCount = 0
  /** The newest sync heard on the listening connection; 0 when none since it connected. */
  let heardUpTo = 0
  let inFlight: { seq: number; heard: Promise<boolean> } | undefined
  let queued: Promise<boolean> | undefined
  let closed = false
  let retryTimer: NodeJS.Timeout | undefined
  let nextRetryMs = retryMs

  function reset() {
    resetCount += 1
    for (const handler of resetHandlers) handler()
  }

  function settleAll(ok: boolean) {
    for (const resolve of waiting.values()) resolve(ok)
    waiting.clear()
  }

  /** The connection is gone: nothing it said is trusted from here until a new one listens. */
  function drop(client: pg.Client, reason: unknown) {
    client.removeAllListeners('end')
    client.end().catch(() => {})
    if (client !== active) return
    active = undefined
    heardUpTo = 0
    settleAll(false)
    reset()
    if (closed) return
    log.warn('change feed lost, reconnecting', {
      error: reason instanceof Error ? reason.message : String(reason),
      retryMs: nextRetryMs,
    })
    scheduleReconnect()
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      connect().then(
        () => log.info('change feed listening again'),
        (error: unknown) => {
          log.warn('change feed reconnect failed', {
            error: error instanceof Error ? error.message : String(error),
            retryMs: nextRetryMs,
          })
          scheduleReconnect()
        },
      )
    }, nextRetryMs)
    retryTimer.unref()
    nextRetryMs = Math.min(nextRetryMs * 2, maxRetryMs)
  }

  async function connect() {
    const client = new pg.Client({
      connectionString: url,
      application_name: CHANGE_FEED_APPLICATION,
    })
    client.on('error', (error) => drop(client, error))
    client.on('end', () => drop(client, new Error('connection ended')))
    client.on('notification', ({ channel, payload }) => {
      if (client !== active) return
      if (channel === syncChannel) {
        const resolve = payload === undefined ? undefined : waiting.get(payload)
        if (payload === undefined || !resolve) return
        waiting.delete(payload)
        heardUpTo = Math.max(heardUpTo, Number(payload))
        resolve(true)
        return
      }
      for (const handler of handlers.get(channel) ?? []) handler(payload ?? '')
    })
    try {
      await client.connect()
      // A sync is a commit (NOTIFY takes a transaction id) whose durability nobody needs: no WAL flush wait.
      await client.query(
        [
          'set synchronous_commit = off',
          ...[...CHANNELS, syncChannel].map((channel) => `listen "${channel}"`),
        ].join(';'),
      )
    } catch (error) {
      client.removeAllListeners('end')
      await client.end().catch(() => {})
      throw error
    }
    if (closed) {
      await client.end()
      return
    }
    // Listening from here on: whatever was learned before may have missed a change.
    active = client
    heardUpTo = 0
    nextRetryMs = retryMs
    reset()
  }

  async function sync(client: pg.Client, seq: number): Promise<boolean> {
    const token = String(seq)
    const heard = new Promise<boolean>((resolve) => waiting.set(token, resolve))
    const timer = setTimeout(() => drop(client, new Error('sync timed out')), syncTimeoutMs)
    client
      .query('select pg_notify($1, $2)', [syncChannel, token])
      .catch((error: unknown) => drop(client, error))
    try {
      return await heard
    } finally {
      clearTimeout(timer)
    }
  }

  function startSync(): Promise<boolean> {
    const client = active
    if (!client) return Promise.resolve(false)
    syncsSent += 1
    const started = { seq: syncsSent, heard: sync(client, syncsSent) }
    inFlight = started
    void started.heard.then(() => {
      if (inFlight === started) inFlight = undefined
    })
    return started.heard
  }

  return {
    listen: async (channel, onPayload) => {
      handlers.set(channel, [...(handlers.get(channel) ?? []), onPayload])
    },
    onReset: (handler) => {
      resetHandlers.push(handler)
    },
    current: () => {
      if (!active) return Promise.resolve(false)
      // Any sync sent after the mark will do: after the call, or after a read-only request arrived.
      const mark = arrivals.getStore() ?? syncsSent
      if (heardUpTo > mark) return CURRENT
      if (!inFlight) return startSync()
      if (inFlight.seq > mark) return inFlight.heard
      // A sync already sent may have passed the caller's predecessors' commits: wait for the next.
      queued ??= inFlight.heard.then(() => {
        queued = undefined
        return startSync()
      })
      return queued
    },
    resets: () => resetCount,
    start: connect,
    close: async () => {
      closed = true
      clearTimeout(retryTimer)
      const client = active
      active = undefined
      settleAll(false)
      if (client) {
        client.removeAllListeners('end')
        await client.end().catch(() => {})
      }
    },
  }
}
