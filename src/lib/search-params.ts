import { z } from 'zod'

/**
 * A search parameter kept when it is a non-empty string and dropped
 * otherwise: a hand-edited URL never turns into an error page.
 */
export const optionalText = z.string().trim().min(1).optional().catch(undefined)
