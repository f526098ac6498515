import { AppError } from '~/lib/app-error'

type Window = { count: number; resetAt: number }

/**
 * A fixed-window counter in memory, per key. Enough for one instance; a
 * cluster would move it to the database (see docs/decisions).
 */
export function createRateLimiter(options: {
  limit: number
  windowMs: number
  now?: () => number
}) {
  const windows = new Map<string, Window>()
  const now = options.now ?? Date.now
  return {
    /** Counts one hit; throws RATE_LIMITED with the seconds left when over the limit. */
    hit(key: string) {
      const at = now()
      let window = windows.get(key)
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + options.windowMs }
        windows.set(key, window)
      }
      window.count += 1
      if (window.count > options.limit) {
        throw new AppError('RATE_LIMITED', { seconds: Math.ceil((window.resetAt - at) / 1000) })
      }
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k)
      }
    },
  }
}
