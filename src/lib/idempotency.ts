import { z } from 'zod'

/**
 * The key a client sends with a create so that a retry of the same user
 * action never creates twice (server/idempotency.server.ts keeps the first
 * answer under it for 24 h).
 */
export const idempotencyKeySchema = z.uuid('errors.validation')

/** Spread into a create's input schema: the key is optional, so old clients still work. */
export const idempotencyKeyField = { idempotencyKey: idempotencyKeySchema.optional() }

const keys = new WeakMap<object, string>()

/**
 * One key per user action: TanStack Query hands every retry of a mutation the
 * same variables object, so the key made for it on the first attempt is sent
 * again with each retry, while the next submit (new variables) gets a new one.
 */
export function idempotencyKeyFor(variables: object): string {
  const known = keys.get(variables)
  if (known) return known
  const key = crypto.randomUUID()
  keys.set(variables, key)
  return key
}
