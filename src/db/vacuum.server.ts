import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { type Database, isEmbedded } from './client.server'

/*
 * PGlite runs PostgreSQL without autovacuum, so dead rows (every update
 * leaves one) stay on disk until someone vacuums. On PostgreSQL autovacuum
 * does it: these do nothing there.
 */

function tableList(tables: readonly PgTable[]): SQL {
  return sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  )
}

/**
 * Makes the space of these tables' dead rows reusable (the whole database
 * when none are named). Answers whether it ran. Cannot run inside a transaction.
 */
export async function vacuumEmbedded(
  db: Database,
  tables: readonly PgTable[] = [],
): Promise<boolean> {
  if (!isEmbedded(db)) return false
  await db.execute(tables.length > 0 ? sql`vacuum ${tableList(tables)}` : sql`vacuum`)
  return true
}

/**
 * Rewrites these tables, handing their free space back to the file system.
 * For small tables only: the rewrite runs while nothing else can.
 */
export async function compactEmbedded(db: Database, tables: readonly PgTable[]): Promise<boolean> {
  if (!isEmbedded(db) || tables.length === 0) return false
  await db.execute(sql`vacuum full ${tableList(tables)}`)
  return true
}
