import { z } from 'zod'

/** The cap keeps hashing cheap. */
export const PASSWORD_MIN = 6
export const PASSWORD_MAX = 128

/** Shared by sign-in, sign-up, password reset and support. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'))
  .transform((email) => email.toLowerCase())
