import { describe, expect, it } from 'vitest'
import { jobErrorText } from './job-error'

/** What drizzle throws: the statement and its values, the driver's error as the cause. */
function failedQuery(statement: string, params: unknown[], cause: unknown): Error {
  return new Error(`Failed query: ${statement}\nparams: ${params.join(',')}`, { cause })
}

function databaseError(message: string, fields: Record<string, string>): Error {
  return Object.assign(new Error(message), fields)
}

describe('jobErrorText', () => {
  it('puts the root cause and its code first, before a long failing statement', () => {
    const statement = `select "id" from "channel" where "id" in (${Array.from(
      { length: 70_000 },
      (_, index) => `$${index + 1}`,
    ).join(', ')})`
    const error = failedQuery(
      statement,
      ['UCsecret'],
      databaseError('bind message has 4464 parameter formats but 0 parameters', { code: '08P01' }),
    )
    const text = jobErrorText(error)
    expect(
      text.startsWith('bind message has 4464 parameter formats but 0 parameters [08P01]'),
    ).toBe(true)
    expect(text).toContain('Failed query: select "id" from "channel"')
    expect(text).toHaveLength(2000)
    expect(text.endsWith('…')).toBe(true)
  })

  it('keeps the bound values out: they are user data, the statement is context enough', () => {
    const error = failedQuery(
      'update "user" set "email" = $1',
      ['someone@example.com'],
      databaseError('duplicate key value violates unique constraint "user_email_key"', {
        code: '23505',
        detail: 'Key (email)=(x) already exists.',
      }),
    )
    expect(jobErrorText(error)).toBe(
      'duplicate key value violates unique constraint "user_email_key" [23505] Key (email)=(x) already exists.' +
        ' — Failed query: update "user" set "email" = $1',
    )
  })

  it('walks a chain of causes, innermost first, and stops on a cycle', () => {
    const root = new Error('connection reset')
    const middle = new Error('lookup failed', { cause: root })
    const outer = new Error('import failed', { cause: middle })
    expect(jobErrorText(outer)).toBe('connection reset — lookup failed — import failed')

    const looped = new Error('a')
    const other = new Error('b', { cause: looped })
    looped.cause = other
    expect(jobErrorText(looped)).toBe('b — a')
  })

  it('reads plain errors, nameless errors and thrown non-errors', () => {
    expect(jobErrorText(new Error('boom'))).toBe('boom')
    expect(jobErrorText(new TypeError())).toBe('TypeError')
    expect(jobErrorText('just text')).toBe('just text')
    expect(jobErrorText(new Error('x'.repeat(50)), 10)).toBe(`${'x'.repeat(9)}…`)
  })
})
