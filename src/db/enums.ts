/*
 * Enum values the database schema shares with client code. No drizzle here:
 * a page that needs a value (a route's search params) must not carry the
 * whole schema and drizzle with it.
 */

export const MEMBER_ROLES = ['viewer', 'editor'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]
export const SHARE_PERMISSIONS = ['view', 'edit'] as const
export type SharePermission = (typeof SHARE_PERMISSIONS)[number]

/** How a group's new uploads reach a user: a digest mail per period, or a push at once. */
export const UPLOAD_NOTICES = ['off', 'daily', 'weekly', 'push'] as const
export type UploadNotice = (typeof UPLOAD_NOTICES)[number]
/** Team events, each one switchable and each one its own unsubscribe kind. */
export const TEAM_EVENTS = [
  'invited',
  'member_joined',
  'member_left',
  'role_changed',
  'ownership_transferred',
  'group_deleted',
  'group_restored',
] as const
export type TeamEvent = (typeof TEAM_EVENTS)[number]
