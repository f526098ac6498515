/**
 * Query keys of the groups domain. Every query and every invalidation uses
 * these, never inline arrays; each domain keeps its own keys beside its queries.
 */
const all = ['groups'] as const

export const groupKeys = {
  all,
  tree: () => [...all, 'tree'] as const,
  /** Every group page: a rename or a move shows in the breadcrumbs of the pages below. */
  details: () => [...all, 'detail'] as const,
  detail: (id: string) => [...all, 'detail', id] as const,
  deletePreview: (id: string) => [...all, 'detail', id, 'delete-preview'] as const,
  sharedTrees: () => [...all, 'shared-tree'] as const,
  sharedTree: (id: string) => [...all, 'shared-tree', id] as const,
  activities: () => [...all, 'activity'] as const,
  activity: (groupId: string | null) => [...all, 'activity', groupId ?? 'all'] as const,
  settings: () => [...all, 'settings'] as const,
  trash: () => [...all, 'trash'] as const,
}

/**
 * Prefixes that other domains put in front of the keys of answers derived
 * from the user's groups, so a change to groups refreshes exactly those
 * without importing them.
 */
export const dependsOnGroups = {
  /**
   * Answers that follow from the tree's groups, names and nesting or from
   * what they hold: the overview, what is shared with the reader, group feeds
   * and growth. Every change to groups or their items refreshes these.
   */
  tree: ['depends-on-groups', 'tree'] as const,
  /**
   * Answers that say which groups each entry is in (the library's lists and
   * entries, with their chips). Only changes to what is in which group refresh
   * these, so a rename never refetches a 10,000-entry library.
   */
  membership: ['depends-on-groups', 'membership'] as const,
}
