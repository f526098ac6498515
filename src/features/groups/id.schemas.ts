import { z } from 'zod'

/** A group's, entry's or import's id. Apart from groups.schemas.ts so small contracts need not carry it. */
export const idSchema = z.uuid('errors.validation')
