import type { RecentItem } from './recent-items'
import type { EntryHit, GroupHit } from './search.schemas'

// One shape for every kind, so the list, the keyboard and the recent store treat them alike.

export type SearchOption = RecentItem & { shared: boolean }
export type SectionKey = 'recent' | 'groups' | 'channels' | 'animes' | 'screens'
export type SearchSection = { key: SectionKey; options: SearchOption[] }

export function groupOption(hit: GroupHit): SearchOption {
  return {
    key: `group:${hit.id}`,
    kind: 'group',
    label: hit.name,
    detail: hit.path.join(' › '),
    href: `/dashboard/groups/${hit.id}/`,
    shared: hit.shared,
  }
}

/**
 * A channel opens its page (the owner's entry, or one in a shared group); an
 * anime opens the owner's edit screen, or the shared group that holds it.
 */
export function entryOption(hit: EntryHit): SearchOption {
  const href =
    hit.kind === 'channel'
      ? `/dashboard/channels/${hit.entryId}/`
      : hit.sharedGroupId === null
        ? `/dashboard/animes/edit/${hit.entryId}/`
        : `/dashboard/groups/${hit.sharedGroupId}/`
  return {
    key: `${hit.kind}:${hit.entryId}`,
    kind: hit.kind,
    label: hit.title,
    detail: '',
    href,
    shared: hit.sharedGroupId !== null,
  }
}

export function flatten(sections: readonly SearchSection[]): SearchOption[] {
  return sections.flatMap((section) => section.options)
}
