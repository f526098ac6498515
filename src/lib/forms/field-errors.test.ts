import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrors } from './field-errors'

const schema = z.object({
  name: z.string().min(1, 'form.nameRequired').max(5, 'form.nameLong'),
  age: z.number('form.ageNumber').min(18, 'form.ageMin'),
  nested: z.object({ inner: z.string('form.inner') }),
  hidden: z.string('form.hidden'),
})

function errorsOf(input: unknown) {
  const result = schema.safeParse(input)
  if (result.success) throw new Error('expected the input to be invalid')
  return result.error
}

describe('fieldErrors', () => {
  it('maps each listed field to the message key of its issue', () => {
    const error = errorsOf({ name: '', age: 'x', nested: {}, hidden: 'ok' })
    expect(fieldErrors(error, ['name', 'age', 'nested'])).toEqual({
      name: { key: 'form.nameRequired' },
      age: { key: 'form.ageNumber' },
      nested: { key: 'form.inner' },
    })
  })

  it('leaves out valid fields and fields not asked for', () => {
    const error = errorsOf({ name: 'Ana', age: 10, nested: { inner: 'ok' } })
    expect(fieldErrors(error, ['name', 'age'])).toEqual({ age: { key: 'form.ageMin' } })
  })

  it('keeps the first issue of a field', () => {
    const twice = z.object({ code: z.string().min(3, 'first').regex(/^\d+$/, 'second') })
    const result = twice.safeParse({ code: 'a' })
    if (result.success) throw new Error('expected the input to be invalid')
    expect(result.error.issues.map((issue) => issue.message)).toEqual(['first', 'second'])
    expect(fieldErrors(result.error, ['code'])).toEqual({ code: { key: 'first' } })
  })

  it('attaches placeholder params by message key', () => {
    const error = errorsOf({ name: 'far too long', age: 3, nested: { inner: '' }, hidden: '' })
    expect(
      fieldErrors(error, ['name', 'age'], { 'form.nameLong': { max: 5 }, 'form.other': { x: 1 } }),
    ).toEqual({
      name: { key: 'form.nameLong', params: { max: 5 } },
      age: { key: 'form.ageMin', params: undefined },
    })
  })
})
