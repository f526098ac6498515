import { z } from 'zod'

/** Seed §5 email rules, shared by sign-in, sign-up, password reset and support. */
export const emailSchema = z
  .string()
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'))
  .transform((email) => email.toLowerCase())
