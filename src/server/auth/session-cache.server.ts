import { type ChangeFeed, changeFeedOf, type Database } from '~/db/client.server'

/** Who a server function acts for: the id from the session, never one sent by the client. */
export type Actor = { id: string; name: string; emailVerified: boolean }

export type SessionRead = { actor: Actor; expiresAt: Date }

/** A cached answer is asked again after this long, so Better Auth still extends active sessions. */
export const SESSION_CACHE_TTL_MS = 60_000
const MAX_ENTRIES = 10_000

type Entry = { actor: Actor; until: number }
type Cache = { feed: ChangeFeed; entries: Map<string, Entry>; changes: number }

const caches = new WeakMap<Database, Promise<Cache | null>>()

/**
 * Kept a minute while the database tells this process of every session and user change
 * (decision 0050), so a sign-out on any instance drops it first. Only headers Better Auth
 * accepted are kept; while the feed cannot prove it is current, nothing is kept.
 */
export async function cachedSession(
  db: Database,
  cookie: string | null,
  read: () => Promise<SessionRead | null>,
  now: () => number = Date.now,
): Promise<Actor | null> {
  const cache = cookie ? await cacheOf(db) : null
  // Counted before asking the feed: a reset from here on voids the read below.
  const resetsBefore = cache?.feed.resets()
  if (!cookie || !cache || !(await cache.feed.current())) return (await read())?.actor ?? null
  const hit = cache.entries.get(cookie)
  if (hit && hit.until > now()) return hit.actor
  cache.entries.delete(cookie)
  const changesBefore = cache.changes
  const session = await read()
  // A change heard while reading may be the end of this very session: do not keep it.
  if (session && cache.changes === changesBefore && cache.feed.resets() === resetsBefore) {
    cache.entries.set(cookie, {
      actor: session.actor,
      until: Math.min(now() + SESSION_CACHE_TTL_MS, session.expiresAt.getTime()),
    })
    for (const oldest of cache.entries.keys()) {
      if (cache.entries.size <= MAX_ENTRIES) break
      cache.entries.delete(oldest)
    }
  }
  return session?.actor ?? null
}

function cacheOf(db: Database): Promise<Cache | null> {
  let cache = caches.get(db)
  if (!cache) {
    cache = listen(db)
    caches.set(db, cache)
  }
  return cache
}

async function listen(db: Database): Promise<Cache | null> {
  const feed = changeFeedOf(db)
  if (!feed) return null
  const cache: Cache = { feed, entries: new Map(), changes: 0 }
  feed.onReset(() => cache.entries.clear())
  await feed.listen('session_changed', (userId) => {
    cache.changes += 1
    for (const [cookie, entry] of cache.entries) {
      if (entry.actor.id === userId) cache.entries.delete(cookie)
    }
  })
  return cache
}
