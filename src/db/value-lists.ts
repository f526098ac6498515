import { type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

// `inArray` binds one parameter per value, and PostgreSQL refuses more than 65,535: here the whole
// list is ONE array parameter, so the statement is the same whatever the list's length.

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
