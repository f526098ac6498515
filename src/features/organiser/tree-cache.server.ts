import { inArray } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { treeVersion } from '~/db/schema'

const MAX_ENTRIES = 256

type Entry<T> = { stamp: string; value: Promise<T> }

/**
 * Remembers a value computed from some users' trees for as long as their
 * `tree_version` rows stay put (triggers move them in the same transaction
 * as any change, decision 0016). A hit costs one primary-key read instead
 * of the tree statement; concurrent misses share one computation. Values
 * are shared between requests: callers must not mutate them.
 */
export function createTreeCache<T>(maxEntries = MAX_ENTRIES) {
  // Per database object, so test databases (and their versions) never mix.
  const byDatabase = new WeakMap<Database, Map<string, Entry<T>>>()

  return async function cached(
    db: Database,
    users: readonly string[],
    compute: () => Promise<T>,
  ): Promise<T> {
    let entries = byDatabase.get(db)
    if (!entries) {
      entries = new Map()
      byDatabase.set(db, entries)
    }
    const key = users.join('\n')
    // Read before computing: the value is then at least as new as its stamp.
    const stamp = await readStamp(db, users)
    const hit = entries.get(key)
    if (hit && hit.stamp === stamp) {
      // Map order is recency order: move the hit to the end.
      entries.delete(key)
      entries.set(key, hit)
      return hit.value
    }
    const entry: Entry<T> = { stamp, value: compute() }
    entries.delete(key)
    entries.set(key, entry)
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break
      entries.delete(oldest)
    }
    const owned = entries
    entry.value.catch(() => {
      if (owned.get(key) === entry) owned.delete(key)
    })
    return entry.value
  }
}

async function readStamp(db: Database, users: readonly string[]): Promise<string> {
  const rows = await db
    .select({ userId: treeVersion.userId, version: treeVersion.version })
    .from(treeVersion)
    .where(inArray(treeVersion.userId, [...new Set(users)]))
  const versions = new Map(rows.map((row) => [row.userId, row.version]))
  return users.map((userId) => versions.get(userId) ?? 0).join(':')
}
