import type { GroupRole } from '~/features/groups/groups.schemas'
import type { LinkExpiryDays, ShareLinkState, SharePermission } from '../sharing.schemas'

/** Message keys of the sharing vocabulary, shared by the share screen and the public pages. */
export const ROLE_LABELS = {
  owner: 'sharing.role.owner',
  editor: 'sharing.role.editor',
  viewer: 'sharing.role.viewer',
} as const satisfies Record<GroupRole, string>

export const ROLE_HINTS = {
  editor: 'sharing.role.editorHint',
  viewer: 'sharing.role.viewerHint',
} as const

export const PERMISSION_LABELS = {
  view: 'sharing.permission.view',
  edit: 'sharing.permission.edit',
} as const satisfies Record<SharePermission, string>

export const PERMISSION_ALLOWS = {
  view: 'sharing.page.allows.view',
  edit: 'sharing.page.allows.edit',
} as const satisfies Record<SharePermission, string>

export const LINK_STATE_LABELS = {
  active: 'sharing.links.state.active',
  expired: 'sharing.links.state.expired',
  revoked: 'sharing.links.state.revoked',
} as const satisfies Record<ShareLinkState, string>

/** Expiry choices keyed by a string (radio values are strings) → days, 0 is "never". */
export const EXPIRY_CHOICES = {
  never: { days: 0, label: 'sharing.links.expiry.never' },
  day: { days: 1, label: 'sharing.links.expiry.day' },
  week: { days: 7, label: 'sharing.links.expiry.week' },
  month: { days: 30, label: 'sharing.links.expiry.month' },
} as const satisfies Record<string, { days: LinkExpiryDays; label: string }>
export type ExpiryChoice = keyof typeof EXPIRY_CHOICES

/** The absolute URL a share link is opened at (the seed's `/share/{type}/{id}/`). */
export function shareLinkUrl(origin: string, linkId: string, permission: SharePermission): string {
  return `${origin}/share/group/${encodeURIComponent(linkId)}/?permission=${permission}`
}
