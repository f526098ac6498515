/** Overview texts (English, the reference for pt and es). */
export const overviewEn = {
  'overview.stats.title': 'Your library in numbers',
  'overview.stats.groups': 'Groups',
  'overview.stats.channels': 'Channels',
  'overview.stats.animes': 'Animes',
  'overview.stats.ungrouped': 'Not in any group',
  'overview.actions.title': 'Quick actions',
  'overview.actions.newGroup': 'New group',
  'overview.actions.openGroups': 'Open the groups tree',
  'overview.actions.openChannels': 'Browse channels',
  'overview.actions.groupSettings': 'Group defaults',
  'overview.activity.title': 'Recent activity',
  'overview.activity.empty': 'Nothing yet — create a group to get started.',
  'overview.activity.none':
    'No changes yet. Groups created, renamed or moved, and channels added or removed, by you or your team, show up here.',
} as const
