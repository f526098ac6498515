/*
 * Readers for the rows of `db.execute` (raw SQL: recursive queries, JSON
 * aggregates). PGlite and node-postgres both answer `{ rows }`; a value of
 * another shape is a bug in the query, never user input, so it throws.
 */

function shapeError(): Error {
  return new Error('organiser: unexpected row shape')
}

export function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = result && typeof result === 'object' && 'rows' in result ? result.rows : null
  if (!Array.isArray(rows)) throw shapeError()
  const list: unknown[] = rows
  return list.map((row) => {
    if (!row || typeof row !== 'object') throw shapeError()
    return { ...row }
  })
}

export function firstRow(result: unknown): Record<string, unknown> {
  const [first] = rowsOf(result)
  if (!first) throw shapeError()
  return first
}

export function text(value: unknown): string {
  if (typeof value !== 'string') throw shapeError()
  return value
}

export function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : text(value)
}

/** Numeric strings too: node-postgres hands bigint and numeric columns over as strings. */
export function integer(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number)) throw shapeError()
  return number
}

/** A JSON array of fixed-width arrays (json_build_array rows). */
export function tuples(value: unknown, width: number): unknown[][] {
  if (!Array.isArray(value)) throw shapeError()
  const list: unknown[] = value
  return list.map((tuple) => {
    if (!Array.isArray(tuple) || tuple.length !== width) throw shapeError()
    const fields: unknown[] = tuple
    return fields
  })
}
