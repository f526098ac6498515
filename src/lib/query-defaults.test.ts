import { redirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { AppError } from './app-error'
import { QUERY_RETRIES, retryQuery } from './query-defaults'

describe('retryQuery', () => {
  it("retries a network or server failure up to the seed's two times", () => {
    const failure = new Error('fetch failed')
    expect(retryQuery(0, failure)).toBe(true)
    expect(retryQuery(QUERY_RETRIES - 1, failure)).toBe(true)
    expect(retryQuery(QUERY_RETRIES, failure)).toBe(false)
  })

  it('does not retry a domain refusal, which would answer the same', () => {
    expect(retryQuery(0, new AppError('GROUP_NOT_FOUND'))).toBe(false)
    expect(retryQuery(0, new AppError('GROUP_FORBIDDEN'))).toBe(false)
  })
})

describe('retryQuery and an ended session', () => {
  it('does not retry a redirect to sign-in; the router follows it at once', () => {
    expect(retryQuery(0, redirect({ to: '/login/' }))).toBe(false)
  })
})
