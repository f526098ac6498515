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
  libraryHead: (kind: 'channel' | 'anime') => ['organiser', 'library-head', kind] as const,
  entry: (id: string) => ['organiser', 'entry', id] as const,
  settings: () => ['organiser', 'settings'] as const,
  overview: () => ['organiser', 'overview'] as const,
  /** Import and export (issue 5): left out of the refresh an applied import triggers. */
  transfer: () => ['organiser', 'transfer'] as const,
  imports: () => ['organiser', 'transfer', 'imports'] as const,
  importPreviews: (importId: string) => ['organiser', 'transfer', 'preview', importId] as const,
  importPreview: (importId: string, parentId: string | null, sameNames: 'merge' | 'new') =>
    ['organiser', 'transfer', 'preview', importId, parentId ?? 'top', sameNames] as const,
  importStatus: (importId: string) => ['organiser', 'transfer', 'status', importId] as const,
  /** Sharing (issue 7). */
  sharing: (groupId: string) => ['organiser', 'sharing', groupId] as const,
  sharedTree: (groupId: string) => ['organiser', 'shared-tree', groupId] as const,
  sharedWithMe: () => ['organiser', 'shared-with-me'] as const,
  sharePreview: (linkId: string, permission: string) =>
    ['organiser', 'share-preview', linkId, permission] as const,
  invitation: (token: string) => ['organiser', 'invitation', token] as const,
  /** Growth analytics (issue 6). */
  channelGrowth: (entryId: string, range: number) =>
    ['organiser', 'growth', 'entry', entryId, range] as const,
  groupGrowth: (groupId: string, range: number) =>
    ['organiser', 'growth', 'group', groupId, range] as const,
  /** Group feeds (issue 6): every filter combination of one group shares the prefix. */
  feeds: () => ['organiser', 'feed'] as const,
  groupFeed: (groupId: string) => ['organiser', 'feed', groupId] as const,
  groupFeedFiltered: (
    groupId: string,
    filters: { hideShorts: boolean; hideWatched: boolean; channelId: string | null },
  ) =>
    [
      'organiser',
      'feed',
      groupId,
      filters.hideShorts,
      filters.hideWatched,
      filters.channelId ?? 'all',
    ] as const,
  feedBadges: () => ['organiser', 'feed-badges'] as const,
}
