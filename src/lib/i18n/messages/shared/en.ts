/** "Shared with me" and role-aware group screens (sidebar, groups page, overview, group page). */
export const sharedEn = {
  'shared.title': 'Shared with me',
  'shared.ownedBy': 'Shared by {name}',
  'shared.role.editor': 'Editor',
  'shared.role.viewer': 'Viewer',

  // Groups page and overview
  'shared.section.subtitle':
    'Groups other people share with you. You see each one with its subgroups — nothing else of theirs.',
  'shared.section.empty':
    'Nothing yet. When someone shares a group with you through a link or an invitation, it appears here, next to your own groups.',
  'shared.overview.seeAll': 'All groups shared with you',

  // Group page
  'shared.banner.editor': 'Shared by {name} · Editor',
  'shared.banner.viewer': 'Shared by {name} · View only',
  'shared.banner.editorHint':
    'You can add, remove, move and reorder channels and animes here, and create, rename and move subgroups inside it.',
  'shared.banner.viewerHint': 'You can look and export, but not change anything.',
  'shared.copy.button': 'Copy to my groups',
  'shared.copy.busy': 'Copying…',
  'shared.copy.done': '“{name}” copied to your groups.',
  'shared.leave.button': 'Leave group',
  'shared.leave.title': 'Leave “{name}”?',
  'shared.leave.description':
    'You will no longer see this group or its subgroups. Its owner can share it with you again.',
  'shared.leave.cancel': 'Cancel',
  'shared.leave.confirm': 'Leave',
  'shared.leave.busy': 'Leaving…',
  'shared.leave.done': 'You left “{name}”.',
  'shared.leave.inherited':
    'This group was shared with you as part of “{root}”. To leave, open “{root}” and leave it there.',
  'shared.leave.openRoot': 'Open “{root}”',

  // Move and copy pickers in a shared group
  'shared.picker.within': 'Only groups inside “{root}”, the group shared with you, are listed.',
} as const
