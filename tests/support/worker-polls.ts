import type { Database } from '../../src/db/client.server'

/**
 * A job worker's `db` option that counts its polls. The worker asks for its database at the start
 * of every poll, so when a poll begins, the one before it has run to its end: a test learns that
 * the worker looked at the database as it is now without sleeping and hoping.
 */
export function countedPolls(db: Database) {
  let begun = 0
  const waiting: { until: number; resolve: () => void }[] = []
  const next = (count: number): Promise<void> => {
    const until = begun + count
    return new Promise((resolve) => waiting.push({ until, resolve }))
  }

  return {
    /** Pass as the worker's `db`. */
    db: (): Promise<Database> => {
      begun += 1
      for (const waiter of waiting.filter((entry) => begun >= entry.until)) {
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve()
      }
      return Promise.resolve(db)
    },

    /** Polls begun so far. */
    begun: () => begun,

    /** Resolves once `count` more polls have begun than now. */
    next,

    /** Resolves once a whole poll has run after this call (and the next has begun). */
    fullPoll: (): Promise<void> => next(2),
  }
}
