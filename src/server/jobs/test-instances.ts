import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { z } from 'zod'
import { type Database, openDatabase } from '~/db/client.server'
import * as schema from '~/db/schema'

/** Another app instance on the test database, for integration tests only. */
export type TestInstance = {
  db: Database
  /** The process dies: from now on every query of this instance fails. */
  kill(): Promise<void>
  close(): Promise<void>
}

/**
 * On PostgreSQL (TEST_DATABASE_URL) a pool of its own opened the way the app
 * opens its database, so claims and schedule updates really race; on PGlite
 * the one in-process database behind a handle of its own.
 */
export async function openTestInstance(db: Database): Promise<TestInstance> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const result = await db.execute(sql`select current_database() as name`)
    const [row] = z.object({ rows: z.array(z.object({ name: z.string() })) }).parse(result).rows
    const own = new URL(url)
    own.pathname = `/${row?.name ?? ''}`
    const handle = await openDatabase({ engine: 'postgres', url: own.toString() })
    let closed: Promise<void> | undefined
    const close = () => {
      closed ??= handle.close()
      return closed
    }
    return { db: handle.db, kill: close, close }
  }
  const client: unknown = Reflect.get(db, '$client')
  if (!(client instanceof PGlite)) throw new Error('expected the PGlite test database')
  let dead = false
  const died = () => Promise.reject(new Error('this instance died'))
  const handle = new Proxy(client, {
    get(target, property) {
      if (dead && (property === 'query' || property === 'transaction')) return died
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return {
    db: drizzlePglite(handle, { schema }),
    kill: async () => {
      dead = true
    },
    close: async () => {},
  }
}
