import { z } from 'zod'
import { emailSchema, PASSWORD_MAX, PASSWORD_MIN } from '~/lib/validation'

// Messages are keys (translated by the reader); limits are exact.
export const NAME_MIN = 2
export const NAME_MAX = 80

const passwordSchema = z
  .string()
  .min(1, 'auth.error.passwordRequired')
  .min(PASSWORD_MIN, 'auth.error.passwordShort')
  .max(PASSWORD_MAX, 'auth.error.passwordLong')

const nameSchema = z
  .string()
  .trim()
  .min(1, 'auth.error.nameRequired')
  .min(NAME_MIN, 'auth.error.nameShort')
  .max(NAME_MAX, 'auth.error.nameLong')

const confirmSchema = z.string().min(1, 'auth.error.confirmRequired')

const passwordPair = z.object({ password: passwordSchema, confirmPassword: confirmSchema })

const passwordsMatch = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword

// Told as soon as both passwords are valid, so the user learns of it with their first submit.
const mismatch = {
  path: ['confirmPassword'],
  message: 'auth.error.passwordMismatch',
  when: (payload: { value: unknown }) => passwordPair.safeParse(payload.value).success,
}

// The server parses the same object again.
export const registerSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmSchema,
    acceptTerms: z.literal(true, 'auth.error.termsRequired'),
    /** Where the confirmation link leads afterwards (a share link, an invitation). */
    redirect: z.string().max(2000).optional(),
  })
  .refine(passwordsMatch, mismatch)
export type RegisterInput = z.input<typeof registerSchema>
export const REGISTER_FIELDS = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
] as const

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(1, 'auth.error.passwordRequired')
    .min(PASSWORD_MIN, 'auth.error.passwordShort'),
})
export const LOGIN_FIELDS = ['email', 'password'] as const

export const forgotPasswordSchema = z.object({ email: emailSchema })

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmSchema })
  .refine(passwordsMatch, mismatch)
export const RESET_FIELDS = ['password', 'confirmPassword'] as const

export const changeNameSchema = z.object({ name: nameSchema })
export const changeEmailSchema = z.object({ email: emailSchema })
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'auth.error.passwordRequired'),
    password: passwordSchema,
    confirmPassword: confirmSchema,
  })
  .refine(passwordsMatch, mismatch)
export const CHANGE_PASSWORD_FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'auth.error.passwordRequired'),
})

export type DeletionSummary = {
  groups: number
  channels: number
  animes: number
  /** Owned groups with at least one member: deleted for those members too. */
  sharedGroups: number
  /** Grants on groups others own: they end, the groups stay. */
  memberOf: number
}

// Any non-empty code reaches the handler: a too-short one rejected here left the confirmation screen waiting forever.
export const confirmCodeSchema = z.object({ code: z.string().min(1).max(4096) })

export const AUTH_ERROR_PARAMS = {
  'auth.error.passwordShort': { min: PASSWORD_MIN },
  'auth.error.passwordLong': { max: PASSWORD_MAX },
  'auth.error.nameShort': { min: NAME_MIN },
  'auth.error.nameLong': { max: NAME_MAX },
}
