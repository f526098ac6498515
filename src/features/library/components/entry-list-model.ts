import type { EntryKind, GroupSort } from '~/db/schema'
import { type AnimeAiring, pickAnimeAiring } from '~/features/catalogue/anime-airing.schemas'
import type { GroupItem } from '~/features/groups/groups.schemas'
import type { LibraryEntry } from '../library.schemas'

/* Pure logic behind <EntryList>. */

export type EntryRow = AnimeAiring & {
  id: string
  kind: EntryKind
  /** The alias when set, else the catalogue title. */
  title: string
  originalTitle: string
  imageUrl: string | null
  sourceId: string
  handle: string | null
  subscriberCount: number | null
  hiddenSubscriberCount: boolean
  tags: string[]
  groupIds: string[]
  addedAt: string
  /** Group only: the fractional position among the group's items ('' elsewhere). */
  position: string
  year: number | null
}

export function rowFromLibraryEntry(entry: LibraryEntry): EntryRow {
  return {
    id: entry.id,
    kind: entry.kind,
    title: entry.title,
    originalTitle: entry.originalTitle,
    imageUrl: entry.imageUrl,
    sourceId: entry.sourceId,
    handle: entry.handle,
    subscriberCount: entry.subscriberCount,
    hiddenSubscriberCount: entry.hiddenSubscriberCount,
    tags: entry.tags,
    groupIds: entry.groupIds,
    addedAt: entry.addedAt,
    position: '',
    year: entry.year,
    ...pickAnimeAiring(entry),
  }
}

export function rowFromGroupItem(item: GroupItem): EntryRow {
  return {
    id: item.entryId,
    kind: item.kind,
    title: item.title,
    originalTitle: item.originalTitle,
    imageUrl: item.imageUrl,
    sourceId: item.sourceId,
    handle: item.handle,
    subscriberCount: item.subscriberCount,
    hiddenSubscriberCount: item.hiddenSubscriberCount,
    tags: item.tags,
    groupIds: [],
    addedAt: item.addedAt,
    position: item.position,
    year: null,
    ...pickAnimeAiring(item),
  }
}

const MARKS = /\p{M}+/gu
const SPACES = /\s+/

/** Lower-cased, accent-free (NFKD): "Café" matches "cafe", as do full-width forms. */
export function searchKey(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase()
}

export function searchTokens(query: string): string[] {
  return searchKey(query).split(SPACES).filter(Boolean)
}

/** One key per row, built once per data change so each keystroke only scans strings. */
export function buildSearchKeys(rows: readonly EntryRow[]): string[] {
  return rows.map((row) =>
    searchKey(
      [
        row.title,
        row.originalTitle,
        row.handle ? handleText(row.handle) : '',
        row.sourceId,
        row.tags.join(' '),
      ].join('\n'),
    ),
  )
}

export function filterRows<T>(rows: readonly T[], keys: readonly string[], query: string): T[] {
  const tokens = searchTokens(query)
  if (tokens.length === 0) return [...rows]
  const result: T[] = []
  for (let index = 0; index < rows.length; index++) {
    const key = keys[index] ?? ''
    const row = rows[index]
    if (row !== undefined && tokens.every((token) => key.includes(token))) result.push(row)
  }
  return result
}

export type EntrySort = GroupSort

/** Byte order, as the server stores fractional positions (collate "C"). */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * Subscribers: largest first, unknown or hidden last. Ties fall back to the name, then the id, so the
 * order is stable.
 */
export function sortRows(
  rows: readonly EntryRow[],
  sort: EntrySort,
  collator: Intl.Collator,
): EntryRow[] {
  const byName = (a: EntryRow, b: EntryRow) =>
    collator.compare(a.title, b.title) || compareCodeUnits(a.id, b.id)
  const sorted = [...rows]
  switch (sort) {
    case 'manual':
      return sorted.sort((a, b) => compareCodeUnits(a.position, b.position) || byName(a, b))
    case 'name':
      return sorted.sort(byName)
    case 'added':
      return sorted.sort((a, b) => compareCodeUnits(b.addedAt, a.addedAt) || byName(a, b))
    case 'subscribers':
      return sorted.sort((a, b) => {
        const left = a.hiddenSubscriberCount ? null : a.subscriberCount
        const right = b.hiddenSubscriberCount ? null : b.subscriberCount
        if (left === right) return byName(a, b)
        if (left === null) return 1
        if (right === null) return -1
        return right - left || byName(a, b)
      })
  }
}

/** Shift-click: ids between anchor and target (visible order) take the target's new state. */
export function selectRange(
  order: readonly string[],
  selected: ReadonlySet<string>,
  anchorId: string | null,
  targetId: string,
  checked: boolean,
): Set<string> {
  const next = new Set(selected)
  const apply = (id: string) => (checked ? next.add(id) : next.delete(id))
  const target = order.indexOf(targetId)
  const anchor = anchorId === null ? -1 : order.indexOf(anchorId)
  if (target === -1 || anchor === -1) {
    apply(targetId)
    return next
  }
  for (const id of order.slice(Math.min(anchor, target), Math.max(anchor, target) + 1)) apply(id)
  return next
}

/** The header checkbox: all visible rows on or off, other selected rows untouched. */
export function setAll(
  visible: readonly string[],
  selected: ReadonlySet<string>,
  checked: boolean,
): Set<string> {
  const next = new Set(selected)
  for (const id of visible) {
    if (checked) next.add(id)
    else next.delete(id)
  }
  return next
}

export type CheckState = 'none' | 'some' | 'all'

export function visibleCheckState(
  visible: readonly string[],
  selected: ReadonlySet<string>,
): CheckState {
  if (visible.length === 0 || selected.size === 0) return 'none'
  let count = 0
  for (const id of visible) if (selected.has(id)) count++
  return count === 0 ? 'none' : count === visible.length ? 'all' : 'some'
}

export function pruneSelection(
  selected: ReadonlySet<string>,
  existing: ReadonlySet<string>,
): ReadonlySet<string> {
  for (const id of selected) {
    if (!existing.has(id)) return new Set([...selected].filter((value) => existing.has(value)))
  }
  return selected
}

/** Alt+Up / Alt+Down: the id it should follow (null = first), or undefined when it cannot move. */
export function stepAfterId(
  order: readonly string[],
  id: string,
  direction: -1 | 1,
): string | null | undefined {
  const index = order.indexOf(id)
  if (index === -1) return undefined
  if (direction === -1) {
    if (index === 0) return undefined
    return order[index - 2] ?? null
  }
  if (index === order.length - 1) return undefined
  return order[index + 1]
}

/** The id `id` should follow, or undefined when the drop would not change the order. */
export function dropAfterId(
  order: readonly string[],
  id: string,
  targetId: string,
  placement: 'before' | 'after',
): string | null | undefined {
  if (id === targetId || !order.includes(id)) return undefined
  const others = order.filter((value) => value !== id)
  const target = others.indexOf(targetId)
  if (target === -1) return undefined
  const afterId = placement === 'after' ? targetId : (others[target - 1] ?? null)
  const current = order.indexOf(id)
  const currentAfter = order[current - 1] ?? null
  return afterId === currentAfter ? undefined : afterId
}

/** What an anime row says about its airing; null when there is nothing to say (or a channel). */
export type AiringLine =
  | { kind: 'next'; episode: number; at: string }
  | { kind: 'releasing' }
  | { kind: 'finished'; episodes: number | null }
  | { kind: 'notYetAired' }
  | { kind: 'hiatus' }
  | { kind: 'cancelled' }

export function airingLine(
  row: Pick<EntryRow, 'kind' | 'status' | 'episodes' | 'nextEpisode' | 'nextAiringAt'>,
  now: Date,
): AiringLine | null {
  if (row.kind !== 'anime') return null
  switch (row.status) {
    case 'RELEASING': {
      // A next airing already past means the refresh has not caught up: no "2 days ago" promise.
      const at = row.nextAiringAt
      return row.nextEpisode !== null && at !== null && Date.parse(at) > now.getTime()
        ? { kind: 'next', episode: row.nextEpisode, at }
        : { kind: 'releasing' }
    }
    case 'FINISHED':
      return { kind: 'finished', episodes: row.episodes }
    case 'NOT_YET_RELEASED':
      return { kind: 'notYetAired' }
    case 'HIATUS':
      return { kind: 'hiatus' }
    case 'CANCELLED':
      return { kind: 'cancelled' }
    default:
      return null
  }
}

export const NEW_EPISODE_DAYS = 7

/** The "New episode" marker: the latest episode aired within the last NEW_EPISODE_DAYS. */
export function hasNewEpisode(row: Pick<EntryRow, 'kind' | 'latestEpisodeAt'>, now: Date): boolean {
  if (row.kind !== 'anime' || row.latestEpisodeAt === null) return false
  const age = now.getTime() - Date.parse(row.latestEpisodeAt)
  return age >= 0 && age < NEW_EPISODE_DAYS * 24 * 3600 * 1000
}

/**
 * YouTube publishes subscriber counts rounded to three significant figures,
 * so the compact form (1.23M) carries all the precision there is.
 */
export function subscriberText(
  row: Pick<EntryRow, 'subscriberCount' | 'hiddenSubscriberCount'>,
  compact: Intl.NumberFormat,
  hiddenText: string,
): string | null {
  if (row.hiddenSubscriberCount) return hiddenText
  if (row.subscriberCount === null) return null
  return compact.format(row.subscriberCount)
}

export function compactNumberFormat(localeTag: string): Intl.NumberFormat {
  return new Intl.NumberFormat(localeTag, { notation: 'compact', maximumSignificantDigits: 3 })
}

export function handleText(handle: string): string {
  return handle.startsWith('@') ? handle : `@${handle}`
}
