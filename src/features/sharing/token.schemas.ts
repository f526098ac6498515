import { z } from 'zod'

/*
 * The secrets in public sharing URLs. Apart from sharing.schemas.ts so the
 * public share and invitation loaders check them without the whole contract.
 */

/** A link's secret: 128 random bits in base64url, the token of the share URL (only its hash is stored). */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/
export const linkIdSchema = z.string().regex(LINK_ID_PATTERN, 'sharing.error.linkUnavailable')
/** An invitation token: 256 random bits in base64url; only its hash is stored. */
export const invitationTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'sharing.error.invitationUnavailable')
