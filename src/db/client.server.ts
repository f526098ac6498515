import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
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
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true })
  const client = await PGlite.create(target.dataDir)
  return {
    db: drizzlePglite(client, { schema }),
    engine: 'pglite',
    close: () => client.close(),
  }
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
