import { z } from 'zod'

// Kept in this browser per user, never sent anywhere.

export const RECENT_MAX = 6

const recentItemSchema = z.object({
  key: z.string().max(200),
  kind: z.enum(['group', 'channel', 'anime', 'screen']),
  label: z.string().max(300),
  detail: z.string().max(600),
  /** An in-app path; checked on read so a tampered store cannot send the user elsewhere. */
  href: z.string().regex(/^\/dashboard\/[A-Za-z0-9/_-]*$/),
})
export type RecentItem = z.infer<typeof recentItemSchema>

const recentListSchema = z.array(recentItemSchema)

export function pushRecent(list: readonly RecentItem[], item: RecentItem): RecentItem[] {
  return [item, ...list.filter((known) => known.key !== item.key)].slice(0, RECENT_MAX)
}

export function parseRecent(stored: string | null): RecentItem[] {
  if (stored === null) return []
  try {
    const parsed = recentListSchema.safeParse(JSON.parse(stored))
    return parsed.success ? parsed.data.slice(0, RECENT_MAX) : []
  } catch {
    return []
  }
}

const storageKey = (userId: string) => `tubefold:quick-search:recent:${userId}`

export function readRecent(userId: string): RecentItem[] {
  try {
    return parseRecent(window.localStorage.getItem(storageKey(userId)))
  } catch {
    // Storage refused (private mode, quota): no recent items, nothing breaks.
    return []
  }
}

export function rememberRecent(userId: string, item: RecentItem): void {
  try {
    const list = pushRecent(readRecent(userId), item)
    window.localStorage.setItem(storageKey(userId), JSON.stringify(list))
  } catch {
    // Not remembered; the search itself still works.
  }
}
