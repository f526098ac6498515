import { describe, expect, it } from 'vitest'
import { AppError, ERROR_MESSAGES, errorCodeOf } from './app-error'
import { messages as en } from './i18n/messages/en'

describe('AppError', () => {
  it('carries a code and params, with the code as its message', () => {
    const error = new AppError('RATE_LIMITED', { seconds: 30 })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('AppError')
    expect(error.message).toBe('RATE_LIMITED')
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.params).toEqual({ seconds: 30 })
    expect(new AppError('MAIL_FAILED').params).toEqual({})
  })

  it('maps every code to an existing message key', () => {
    for (const key of Object.values(ERROR_MESSAGES)) expect(Object.hasOwn(en, key)).toBe(true)
  })
})

describe('errorCodeOf', () => {
  it('reads an AppError', () => {
    expect(errorCodeOf(new AppError('RATE_LIMITED', { seconds: 12 }))).toEqual({
      code: 'RATE_LIMITED',
      params: { seconds: 12 },
    })
    expect(errorCodeOf(new AppError('MAIL_FAILED'))).toEqual({ code: 'MAIL_FAILED', params: {} })
  })

  it('reads the plain object an AppError becomes after serialisation', () => {
    const wire: unknown = JSON.parse(
      JSON.stringify({ name: 'AppError', code: 'RATE_LIMITED', params: { seconds: 7 } }),
    )
    expect(errorCodeOf(wire)).toEqual({ code: 'RATE_LIMITED', params: { seconds: 7 } })
  })

  it('reads an Error that got code and params assigned on the client', () => {
    const error = Object.assign(new Error('RATE_LIMITED'), {
      code: 'RATE_LIMITED',
      params: { seconds: 3 },
    })
    expect(errorCodeOf(error)).toEqual({ code: 'RATE_LIMITED', params: { seconds: 3 } })
  })

  it('keeps only string and number params from the wire', () => {
    const wire = {
      code: 'RATE_LIMITED',
      params: { seconds: 5, label: 'x', nested: { a: 1 }, flag: true, nothing: null },
    }
    expect(errorCodeOf(wire)).toEqual({ code: 'RATE_LIMITED', params: { seconds: 5, label: 'x' } })
  })

  it('tolerates missing or broken params', () => {
    expect(errorCodeOf({ code: 'MAIL_FAILED' })).toEqual({ code: 'MAIL_FAILED', params: {} })
    expect(errorCodeOf({ code: 'MAIL_FAILED', params: 'seconds=5' })).toEqual({
      code: 'MAIL_FAILED',
      params: {},
    })
    expect(errorCodeOf({ code: 'MAIL_FAILED', params: null })).toEqual({
      code: 'MAIL_FAILED',
      params: {},
    })
  })

  it('reads a code that survived only as the error message', () => {
    expect(errorCodeOf(new Error('MAIL_FAILED'))).toEqual({ code: 'MAIL_FAILED', params: {} })
  })

  it.each([
    ['an unknown Error', new Error('boom')],
    ['a TypeError that is not about the network', new TypeError('x is not a function')],
    ['an unknown code', { code: 'ECONNREFUSED' }],
    ['an inherited property name as code', { code: 'toString' }],
    ['a string', 'RATE_LIMITED'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
  ])('turns %s into INTERNAL', (_label, error) => {
    expect(errorCodeOf(error)).toEqual({ code: 'INTERNAL', params: {} })
  })

  it('turns a failed fetch into NETWORK', () => {
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toEqual({ code: 'NETWORK', params: {} })
    expect(errorCodeOf(new TypeError('fetch failed'))).toEqual({ code: 'NETWORK', params: {} })
  })
})
