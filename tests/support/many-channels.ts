import { sql } from 'drizzle-orm'
import type { Database } from '../../src/db/client.server'
import { firstRow, integer } from '../../src/db/raw-rows.server'

/*
 * Libraries past the 65,535 values one statement may bind: catalogue rows
 * and library entries made by the database itself (generate_series), so a
 * test sets up 100,000 channels in seconds, not 100,000 round trips.
 */

/** Channels in a "library at scale" test. */
export const MANY = 100_000

/** The `n`-th (from 1) id of a numbered range: `UC`, the prefix, zero-padded, 24 characters like YouTube's. */
export function numberedChannelId(prefix: string, n: number): string {
  return `UC${prefix}${String(n).padStart(22 - prefix.length, '0')}`
}

/** The ids `numberedChannelId(prefix, 1…count)`. */
export function numberedChannelIds(prefix: string, count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, at) => numberedChannelId(prefix, from + at))
}

function idSql(prefix: string) {
  return sql`'UC' || ${prefix}::text || lpad(g::text, ${22 - prefix.length}::int, '0')`
}

/** Catalogue rows for `numberedChannelIds(prefix, count)` (existing ones kept). */
export async function catalogueNumbered(db: Database, prefix: string, count: number) {
  await db.execute(sql`insert into channel (id, title)
    select ${idSql(prefix)}, 'Channel ' || g from generate_series(1, ${count}::int) g
    on conflict (id) do nothing`)
}

/**
 * `count` numbered channels in the catalogue and in `userId`'s library;
 * answers their ids in order.
 */
export async function trackNumbered(
  db: Database,
  userId: string,
  prefix: string,
  count: number,
): Promise<string[]> {
  await catalogueNumbered(db, prefix, count)
  await db.execute(sql`insert into library_entry (user_id, kind, channel_id)
    select ${userId}, 'channel', ${idSql(prefix)} from generate_series(1, ${count}::int) g
    on conflict do nothing`)
  return numberedChannelIds(prefix, count)
}

/** How many rows a counting statement answered. */
export async function countOf(db: Database, statement: ReturnType<typeof sql>): Promise<number> {
  return integer(firstRow(await db.execute(statement)).n)
}
