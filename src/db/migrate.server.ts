import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { Database } from './client.server'

/** Bookkeeping of applied migrations; created by the runner itself, not by a migration. */
const appliedMigrations = pgTable('tubefold_migrations', {
  name: text('name').primaryKey(),
  hash: text('hash').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
})

// Bundled at build time so a deployed server needs no migrations folder beside it.
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

/** Each in its own transaction with its bookkeeping row, so a crash leaves the database at a boundary. */
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
      const [row] = await tx
        .select({ hash: appliedMigrations.hash })
        .from(appliedMigrations)
        .where(eq(appliedMigrations.name, migration.name))
      if (row) {
        if (row.hash !== migration.hash) {
          throw new Error(`Migration ${migration.name} was changed after it was applied`)
        }
        return false
      }
      for (const statement of migration.statements) await tx.execute(sql.raw(statement))
      await tx.insert(appliedMigrations).values({ name: migration.name, hash: migration.hash })
      return true
    })
    if (done) applied.push(migration.name)
  }
  return applied
}
