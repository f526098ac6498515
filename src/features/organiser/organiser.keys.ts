/**
 * Query keys of the organiser, in one place: every query and every mutation's
 * invalidation or optimistic update uses these, never inline arrays.
 */
export const organiserKeys = {
  all: ['organiser'] as const,
  tree: () => ['organiser', 'tree'] as const,
  group: (id: string) => ['organiser', 'group', id] as const,
  deletePreview: (id: string) => ['organiser', 'group', id, 'delete-preview'] as const,
  activity: (groupId: string | null) => ['organiser', 'activity', groupId ?? 'all'] as const,
  library: (kind: 'channel' | 'anime') => ['organiser', 'library', kind] as const,
  entry: (id: string) => ['organiser', 'entry', id] as const,
  settings: () => ['organiser', 'settings'] as const,
  overview: () => ['organiser', 'overview'] as const,
}
