import { AppError } from '~/lib/app-error'

/*
 * Sibling names are left to the unique index (group_sibling_name_key): its
 * violation becomes GROUP_NAME_TAKEN, so a lost race and a plain clash give
 * the same answer.
 */

/** The unique constraint a database error violated, looking through Drizzle's wrapper. */
function violatedConstraint(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && current.code === '23505' && 'constraint' in current) {
      return typeof current.constraint === 'string' ? current.constraint : null
    }
    current = 'cause' in current ? current.cause : null
  }
  return null
}

/** The sibling-name unique index refusing a write is the user's "name taken". */
export function rethrowNameClash(error: unknown, name: string): never {
  if (violatedConstraint(error) === 'group_sibling_name_key') {
    throw new AppError('GROUP_NAME_TAKEN', { name })
  }
  throw error
}
