import { type ChangeFeed, changeFeedOf, type Database } from '~/db/client.server'
import { treeVersion } from '~/db/schema'
import { anyOf } from '~/db/value-lists'

const MAX_ENTRIES = 256

type Entry<T> = { stamp: string; value: Promise<T> }

/**
 * Caches a value for as long as the users' `tree_version` rows stay put (triggers move them in the write's
 * transaction, decision 0016). Versions are held in memory while the feed is current, else a hit costs one
 * primary-key read. Concurrent misses share one computation. Values are shared: callers must not mutate.
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
    // Known before computing: the value is then at least as new as its stamp.
    const stamp = await currentStamp(db, users)
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

type Live = { feed: ChangeFeed; versions: Map<string, bigint> }
const liveVersions = new WeakMap<Database, Promise<Live | null>>()

/**
 * Versions read or notified, forgotten whenever the feed may have missed one; null without a feed.
 * Listening starts before the first read, so no later change goes unheard.
 */
function knownVersions(db: Database): Promise<Live | null> {
  let live = liveVersions.get(db)
  if (!live) {
    live = listen(db)
    liveVersions.set(db, live)
  }
  return live
}

async function listen(db: Database): Promise<Live | null> {
  const feed = changeFeedOf(db)
  if (!feed) return null
  const versions = new Map<string, bigint>()
  feed.onReset(() => versions.clear())
  await feed.listen('tree_version', (payload) => {
    const [userId, version] = payload.split(' ')
    if (userId && version && /^\d+$/.test(version)) remember(versions, userId, BigInt(version))
  })
  return { feed, versions }
}

async function currentStamp(db: Database, users: readonly string[]): Promise<string> {
  return (await treeStamp(db, users)).stamp
}

/**
 * From memory when the feed is current, else read. `current`: the feed had handed over every change
 * committed before the call (so what else it told, e.g. items_changed, is current too).
 */
export async function treeStamp(
  db: Database,
  users: readonly string[],
): Promise<{ stamp: string; current: boolean }> {
  const live = await knownVersions(db)
  // Counted before asking: a reset from here on voids what is read below.
  const resets = live?.feed.resets()
  const known = live && (await live.feed.current()) ? live.versions : null
  const fromMemory = known && stampFrom(known, users)
  if (fromMemory) return { stamp: fromMemory, current: true }
  const read = await readVersions(db, users)
  if (!known || !live || live.feed.resets() !== resets) {
    return { stamp: users.map((userId) => read.get(userId) ?? 0n).join(':'), current: false }
  }
  // A user without a row yet is at 0; the insert that makes one is heard.
  for (const userId of users) remember(known, userId, read.get(userId) ?? 0n)
  return { stamp: stampFrom(known, users) ?? '', current: true }
}

/** Versions only grow (one sequence): a read that lost a race with a notification must not win. */
function remember(known: Map<string, bigint>, userId: string, version: bigint) {
  const current = known.get(userId)
  if (current === undefined || version > current) known.set(userId, version)
}

function stampFrom(known: Map<string, bigint>, users: readonly string[]): string | undefined {
  const versions: bigint[] = []
  for (const userId of users) {
    const version = known.get(userId)
    if (version === undefined) return undefined
    versions.push(version)
  }
  return versions.join(':')
}

async function readVersions(db: Database, users: readonly string[]): Promise<Map<string, bigint>> {
  const rows = await db
    .select({ userId: treeVersion.userId, version: treeVersion.version })
    .from(treeVersion)
    .where(anyOf(treeVersion.userId, [...new Set(users)]))
  return new Map(rows.map((row) => [row.userId, BigInt(row.version)]))
}
