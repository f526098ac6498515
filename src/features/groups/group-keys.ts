/** Every query and invalidation uses these keys, never inline arrays. */
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

/** Prefixes other domains put on keys derived from groups, so a groups change refreshes them without imports. */
export const dependsOnGroups = {
  /** The overview, shared-with-me, group feeds and growth: every change to groups or items refreshes these. */
  tree: ['depends-on-groups', 'tree'] as const,
  /** Which groups each entry is in: only membership changes refresh these, so a rename never refetches a library. */
  membership: ['depends-on-groups', 'membership'] as const,
}
