/** The matrix's running totals, printed in its report. */
export const stats = { worlds: 0, cells: 0, worldMs: 0, fingerprintMs: 0 }

/** Adds the time `body` takes to one of the totals. */
export async function timed<T>(
  total: 'worldMs' | 'fingerprintMs',
  body: () => Promise<T>,
): Promise<T> {
  const started = performance.now()
  try {
    return await body()
  } finally {
    stats[total] += performance.now() - started
  }
}
