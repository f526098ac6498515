import type { z } from 'zod'

export type FieldError = { key: string; params?: Record<string, string | number> }
export type FieldErrors<TField extends string> = Partial<Record<TField, FieldError>>

/**
 * Schemas carry message keys, not text, so one schema validates on the client
 * and the server while each reader sees their own language (`translateKey`).
 * The first issue per field wins; `params` fill placeholders such as {min}.
 */
export function fieldErrors<TField extends string>(
  error: z.ZodError,
  fields: readonly TField[],
  params: Record<string, Record<string, string | number>> = {},
): FieldErrors<TField> {
  const result: FieldErrors<TField> = {}
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path[0])
    if (!field || result[field]) continue
    result[field] = { key: issue.message, params: params[issue.message] }
  }
  return result
}
