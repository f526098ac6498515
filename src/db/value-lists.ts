import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/*
 * Membership in a list of any length. `inArray` binds one parameter per
 * value, and PostgreSQL and PGlite refuse a statement with more than 65,535:
 * a library past that size would fail for good. Here the whole list is ONE
 * array parameter, so the statement is the same whatever the list's length.
 * (Multi-row inserts are instead split with `chunks` from `./chunks`.)
 */

const ARRAY_TYPES = { text: 'text[]', uuid: 'uuid[]' } as const

function arrayType(column: PgColumn): SQL {
  const type = column.getSQLType()
  if (type !== 'text' && type !== 'uuid') {
    throw new Error(`anyOf: no array type for column ${column.name} (${type})`)
  }
  return sql.raw(ARRAY_TYPES[type])
}

/** `column = any($1)`: true for rows whose column is one of `values` (none when empty). */
export function anyOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::${arrayType(column)})`
}

/** `not (column = any($1))`: true for rows whose column is none of `values` (all when empty). */
export function noneOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`not (${anyOf(column, values)})`
}
