import { useCallback, useSyncExternalStore } from 'react'

/*
 * Kept in this browser per user, apart from the groups page's server-stored folds: opening a node in the
 * sidebar's short jump list must not unfold the big tree, nor cost a request.
 */

const key = (userId: string) => `tubefold:sidebar:expanded:${userId}`
const listeners = new Set<() => void>()
const NONE: readonly string[] = []
let cache: { raw: string | null; ids: readonly string[] } = { raw: null, ids: NONE }

/** The stored ids, or none for anything unreadable. */
export function parseExpanded(raw: string | null): readonly string[] {
  if (raw === null) return NONE
  try {
    const value: unknown = JSON.parse(raw)
    return Array.isArray(value) ? value.filter((id) => typeof id === 'string') : NONE
  } catch {
    return NONE
  }
}

export function toggled(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((known) => known !== id) : [...ids, id]
}

function read(userId: string): readonly string[] {
  let raw: string | null = null
  try {
    raw = window.localStorage.getItem(key(userId))
  } catch {
    raw = null
  }
  // The same array while the stored text is the same: useSyncExternalStore needs a stable snapshot.
  if (raw !== cache.raw) cache = { raw, ids: parseExpanded(raw) }
  return cache.ids
}

function subscribe(notify: () => void) {
  listeners.add(notify)
  window.addEventListener('storage', notify)
  return () => {
    listeners.delete(notify)
    window.removeEventListener('storage', notify)
  }
}

/** The open ids (none on the server) and a toggle that remembers. */
export function useSidebarExpansion(userId: string) {
  const ids = useSyncExternalStore(
    subscribe,
    () => read(userId),
    () => NONE,
  )
  const toggle = useCallback(
    (id: string) => {
      try {
        window.localStorage.setItem(key(userId), JSON.stringify(toggled(read(userId), id)))
      } catch {
        // Not remembered (storage refused): nothing to redraw from either.
        return
      }
      for (const notify of listeners) notify()
    },
    [userId],
  )
  return { expanded: ids, toggle }
}
