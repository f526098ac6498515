import { z } from 'zod'
import { SHARE_PERMISSIONS } from '~/db/enums'

/*
 * What the public sharing routes validate in the route tree (type, search
 * params, tokens). The route tree sits in the entry chunk every page loads,
 * so this stays apart from sharing.schemas.ts, its contract and its imports.
 */

/** The seed: `/share/{type}/{id}/`; only groups are shared today. */
export const SHARE_TYPES = ['group'] as const
export const shareTypeSchema = z.enum(SHARE_TYPES)
/** The seed: `permission` is required and must be 'view' or 'edit'; anything else fails parsing. */
export const shareSearchSchema = z.object({ permission: z.enum(SHARE_PERMISSIONS) })

/** A link's secret: 128 random bits in base64url, the token of the share URL (only its hash is stored). */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/
export const linkIdSchema = z.string().regex(LINK_ID_PATTERN, 'sharing.error.linkUnavailable')
/** An invitation token: 256 random bits in base64url; only its hash is stored. */
export const invitationTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'sharing.error.invitationUnavailable')
