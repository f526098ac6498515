import { type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { type Database, isEmbedded } from './client.server'

// PGlite runs without autovacuum, so dead rows stay until someone vacuums; on PostgreSQL these do nothing.

function tableList(tables: readonly PgTable[]): SQL {
  return sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  )
}

/** The whole database when no tables are named; answers whether it ran. Cannot run inside a transaction. */
export async function vacuumEmbedded(
  db: Database,
  tables: readonly PgTable[] = [],
): Promise<boolean> {
  if (!isEmbedded(db)) return false
  await db.execute(tables.length > 0 ? sql`vacuum ${tableList(tables)}` : sql`vacuum`)
  return true
}

/** Hands free space back to the file system; small tables only, as the rewrite blocks everything else. */
export async function compactEmbedded(db: Database, tables: readonly PgTable[]): Promise<boolean> {
  if (!isEmbedded(db) || tables.length === 0) return false
  await db.execute(sql`vacuum full ${tableList(tables)}`)
  return true
}
