import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from './client.server'

/**
 * drizzle-kit writes the SQL; the files are bundled into the server at build
 * time so a deployed server needs no migrations folder beside it.
 */
const files = import.meta.glob<string>('../../drizzle/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})

export type Migration = { name: string; statements: string[]; hash: string }

export function bundledMigrations(): Migration[] {
  return Object.entries(files)
    .map(([path, source]) => ({
      name: path.slice(path.lastIndexOf('/') + 1, -'.sql'.length),
      statements: source
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter(Boolean),
      hash: createHash('sha256').update(source).digest('hex'),
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** A fixed key so concurrent instances starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 727_171

/**
 * Applies every migration not yet recorded, each in its own transaction with
 * its bookkeeping row, so a crash leaves the database at a migration boundary.
 */
export async function migrate(db: Database, migrations = bundledMigrations()): Promise<string[]> {
  await db.execute(sql`
    create table if not exists tubefold_migrations (
      name text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    )`)
  const applied: string[] = []
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
      const existing = await tx.execute<{ hash: string }>(
        sql`select hash from tubefold_migrations where name = ${migration.name}`,
      )
      const row = existing.rows[0]
      if (row) {
        if (row.hash !== migration.hash) {
          throw new Error(`Migration ${migration.name} was changed after it was applied`)
        }
        return false
      }
      for (const statement of migration.statements) await tx.execute(sql.raw(statement))
      await tx.execute(
        sql`insert into tubefold_migrations (name, hash) values (${migration.name}, ${migration.hash})`,
      )
      return true
    })
    if (done) applied.push(migration.name)
  }
  return applied
}
