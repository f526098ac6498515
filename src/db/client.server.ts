import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { type Logger, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.server'
import * as schema from './schema'

export type Schema = typeof schema
/** Both engines share this type; feature code never knows which one it runs on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseHandle = {
  db: Database
  engine: 'pglite' | 'postgres'
  close: () => Promise<void>
}

export type DatabaseTarget =
  | { engine: 'postgres'; url: string }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { engine: 'pglite'; dataDir?: string }

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 })
    // Fail at start-up, not at the first request, when the server is unreachable.
    const client = await pool.connect()
    client.release()
    return { db: drizzlePg(pool, { schema }), engine: 'postgres', close: () => pool.end() }
  }
  if (!target.dataDir) return pgliteHandle(await PGlite.create())
  mkdirSync(target.dataDir, { recursive: true })
  // Before PGlite reads a byte: a second process must never open the files.
  const lock = lockDataDir(target.dataDir)
  let client: PGlite
  try {
    client = await PGlite.create(target.dataDir)
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

/**
 * Change notifications (NOTIFY from triggers, migration 0007) as this
 * process receives them. Only PGlite offers them here: it runs in this
 * process and hands a notification to its listeners before the committing
 * statement's promise settles, so a cache they keep true is never behind a
 * write, not even this request's own. On PostgreSQL, caches read the
 * database instead (decision 0024).
 */
export type ChangeFeed = {
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<void>
}

const changeFeeds = new WeakMap<Database, ChangeFeed>()
const embedded = new WeakSet<Database>()

/** PGlite, in this process: no autovacuum runs, so the app vacuums it itself. */
export function isEmbedded(db: Database): boolean {
  return embedded.has(db)
}

export function changeFeedOf(db: Database): ChangeFeed | undefined {
  return changeFeeds.get(db)
}

/** A handle on an open PGlite instance (the app's, a test's copy, a bench's with a query counter). */
export function pgliteHandle(client: PGlite, logger?: Logger): DatabaseHandle {
  const db = drizzlePglite(client, { schema, logger })
  embedded.add(db)
  changeFeeds.set(db, {
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload)
    },
  })
  return { db, engine: 'pglite', close: () => client.close() }
}

/** Answers whether the database can run a query right now (for /health). */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
