import { describe, expect, it } from 'vitest'
import { countPlaywright, countsLine, countVitest } from './test-report.ts'

describe('npm test counts', () => {
  it('counts skipped and todo vitest tests apart from passes and failures', () => {
    const outcome = countVitest({
      numPassedTests: 10,
      numFailedTests: 1,
      numPendingTests: 3,
      numTodoTests: 1,
      testResults: [
        {
          name: '/x.test.ts',
          status: 'failed',
          assertionResults: [{ status: 'failed', fullName: 'a', failureMessages: ['boom\nat'] }],
        },
      ],
    })
    expect(countsLine(outcome)).toBe('10 passed, 1 failed, 4 skipped')
    expect(outcome.failures).toEqual(['/x.test.ts › a: boom'])
  })

  it('counts a file that broke before its tests as a failure', () => {
    const outcome = countVitest({
      numPassedTests: 0,
      testResults: [{ name: '/y.test.ts', status: 'failed', message: 'syntax' }],
    })
    expect(countsLine(outcome)).toBe('0 passed, 1 failed, 0 skipped')
  })

  it('counts playwright skips, and flaky tests as passed with a note', () => {
    const outcome = countPlaywright({ stats: { expected: 5, unexpected: 0, flaky: 1, skipped: 2 } })
    expect(countsLine(outcome)).toBe('6 passed, 0 failed, 2 skipped')
    expect(outcome.note).toBe('1 flaky')
  })
})
