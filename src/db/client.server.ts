import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { type Logger, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import {
  type ChangeFeed,
  type DatabaseLog,
  pgliteChangeFeed,
  postgresChangeFeed,
} from './change-feed.server'
import { lockDataDir } from './data-dir-lock.server'
import * as schema from './schema'

export type Schema = typeof schema
/** Both engines share this type; feature code never knows which one it runs on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseHandle = {
  db: Database
  engine: 'pglite' | 'postgres'
  close: () => Promise<void>
  /** PGlite's WebAssembly memory in bytes (none on PostgreSQL), for the memory report. */
  wasmMemoryBytes?: () => number
}

// A 32 MB buffer pool instead of 128 MB, which stays resident in wasm memory once touched (decision 0055).
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

export type DatabaseTarget =
  /** `logger` sees every statement of the pool (tests and benches count them). */
  | { engine: 'postgres'; url: string; logger?: Logger; log?: DatabaseLog }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { engine: 'pglite'; dataDir?: string }

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 })
    // An idle connection the server closed is replaced by the pool; unheard, the error would end the process.
    pool.on('error', (error) =>
      target.log?.warn('database connection lost', { error: error.message }),
    )
    // Fail at start-up, not at the first request, when the server is unreachable.
    const client = await pool.connect()
    client.release()
    // Listening before the first request, so no cache trusts a feed that is not yet heard.
    const feed = postgresChangeFeed(target.url, target.log ? { log: target.log } : {})
    try {
      await feed.start()
    } catch (error) {
      await pool.end()
      throw error
    }
    const db = drizzlePg(pool, { schema, logger: target.logger })
    changeFeeds.set(db, feed)
    return {
      db,
      engine: 'postgres',
      close: async () => {
        await feed.close()
        await pool.end()
      },
    }
  }
  if (!target.dataDir) return pgliteHandle(await PGlite.create())
  mkdirSync(target.dataDir, { recursive: true })
  // Before PGlite reads a byte: a second process must never open the files.
  const lock = lockDataDir(target.dataDir)
  let client: PGlite
  try {
    client = await PGlite.create(target.dataDir, { startParams: PGLITE_START_PARAMS })
  } catch (error) {
    lock.release()
    throw error
  }
  const handle = pgliteHandle(client)
  return {
    ...handle,
    close: async () => {
      // Freed only once PGlite has written its last page, so a successor never sees a half-closed directory.
      try {
        await handle.close()
      } finally {
        lock.release()
      }
    },
  }
}

export type { ChangeFeed }

const changeFeeds = new WeakMap<Database, ChangeFeed>()
const embedded = new WeakSet<Database>()

/** PGlite, in this process: no autovacuum runs, so the app vacuums it itself. */
export function isEmbedded(db: Database): boolean {
  return embedded.has(db)
}

/** PGlite's in-process notifications or one listening connection per instance; undefined for a bench's counter. */
export function changeFeedOf(db: Database): ChangeFeed | undefined {
  return changeFeeds.get(db)
}

export function pgliteHandle(client: PGlite, logger?: Logger): DatabaseHandle {
  const db = drizzlePglite(client, { schema, logger })
  embedded.add(db)
  changeFeeds.set(db, pgliteChangeFeed(client))
  return {
    db,
    engine: 'pglite',
    close: () => client.close(),
    wasmMemoryBytes: () => client.Module.HEAPU8.byteLength,
  }
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
