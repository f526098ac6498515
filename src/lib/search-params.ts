// Plain functions, not zod: every route's validator sits in the entry chunk every page loads (decision 0063).
// Valid params are kept and the rest dropped: a hand-edited URL never turns into an error page.

/** Search params as the router hands them over (values already JSON-parsed). */
export type RawSearch = Record<string, unknown>

export function optionalText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  return value.trim() || undefined
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

export function oneOf<T>(values: readonly T[], value: unknown): T | undefined {
  return values.find((candidate) => candidate === value)
}

// zod's z.uuid() pattern, so a kept param is an id the server accepts; importing zod's regex module costs too much.
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
