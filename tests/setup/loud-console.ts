import { afterEach, vi } from 'vitest'

/** An unexpected console.error fails the test that caused it (tests are loud). */
const errors: unknown[][] = []
const original = console.error

console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}

afterEach(() => {
  const seen = errors.splice(0)
  if (seen.length > 0) {
    vi.restoreAllMocks()
    throw new Error(`console.error was called ${seen.length} time(s): ${String(seen[0]?.[0])}`)
  }
})
