/*
 * Enum values the database schema shares with client code. No drizzle here:
 * a page that needs a value (a route's search params) must not carry the
 * whole schema and drizzle with it.
 */

export const MEMBER_ROLES = ['viewer', 'editor'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]
export const SHARE_PERMISSIONS = ['view', 'edit'] as const
export type SharePermission = (typeof SHARE_PERMISSIONS)[number]
