/*
 * Helpers for the routes' `validateSearch`. The route tree, every route's
 * validator included, sits in the entry chunk that every page loads, the
 * landing page too; so these are plain functions, not zod schemas (decision
 * 0063). They keep what is valid and drop the rest: a hand-edited URL never
 * turns into an error page.
 */

/** Search params as the router hands them over (values already JSON-parsed). */
export type RawSearch = Record<string, unknown>

/** A non-empty string, trimmed; anything else is left out. */
export function optionalText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return value.trim() || undefined
}

/** A string as given; anything else is left out. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** One of the listed values, else undefined. */
export function oneOf<T>(values: readonly T[], value: unknown): T | undefined {
  return values.find((candidate) => candidate === value)
}

// The pattern of zod's z.uuid() (a test holds them equal): a param the route keeps is an id
// the server accepts. Importing it from zod would bring zod's whole regex module along.
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

/** Leaves out the params that parsed to undefined: an absent param stays absent, as with zod. */
export function definedParams<T extends RawSearch>(params: T): Partial<T> {
  const search: Partial<T> = {}
  for (const key in params) {
    if (params[key] !== undefined) search[key] = params[key]
  }
  return search
}
