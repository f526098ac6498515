/** Rows per statement when a batch holds thousands of values (bind-parameter limits). */
export const CHUNK = 4000

/** The values in consecutive slices of at most `size`. */
export function chunks<T>(values: readonly T[], size: number = CHUNK): T[][] {
  const result: T[][] = []
  for (let start = 0; start < values.length; start += size) {
    result.push(values.slice(start, start + size))
  }
  return result
}
