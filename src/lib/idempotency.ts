import { z } from 'zod'

/** Sent with a create so a retry of the same user action never creates twice. */
export const idempotencyKeySchema = z.uuid('errors.validation')

/** Spread into a create's input schema: the key is optional, so old clients still work. */
export const idempotencyKeyField = { idempotencyKey: idempotencyKeySchema.optional() }

const keys = new WeakMap<object, string>()

/** TanStack Query hands every retry the same variables object, so retries reuse the first attempt's key. */
export function idempotencyKeyFor(variables: object): string {
  const known = keys.get(variables)
  if (known) return known
  const key = crypto.randomUUID()
  keys.set(variables, key)
  return key
}
