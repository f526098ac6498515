import { describe, expect, it } from 'vitest'
import { idempotencyKeyFor, idempotencyKeySchema } from './idempotency'

describe('idempotencyKeyFor', () => {
  it('gives every retry of one action its key, and the next action a new one', () => {
    const submit = { name: 'Tech' }
    const key = idempotencyKeyFor(submit)
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true)
    expect(idempotencyKeyFor(submit)).toBe(key)
    expect(idempotencyKeyFor({ name: 'Tech' })).not.toBe(key)
  })

  it('refuses a key that is not a UUID with the translated validation message', () => {
    const result = idempotencyKeySchema.safeParse('retry-1')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('errors.validation')
  })
})
