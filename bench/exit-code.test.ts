import { afterEach, describe, expect, it, vi } from 'vitest'
import { benchExitCode, EXIT, exitCodeOf, judge, target, verdictLines } from './exit-code'
import type { Verdict } from './machine-load'

const quiet = { cores: 2, before: 0.4, after: 1.9, maxLoad: 1 }
const busy = { ...quiet, before: 2.6 }
const noVerdict: Verdict = 'NO VERDICT: the load was 2.60 …'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('bench exit codes', () => {
  it('are distinct: pass, fail, crash, no verdict', () => {
    expect(EXIT).toEqual({ pass: 0, fail: 1, crash: 2, noVerdict: 3 })
  })

  it('pass only when every target passed', () => {
    expect(exitCodeOf(['PASS'])).toBe(0)
    expect(exitCodeOf(['PASS', 'PASS', 'PASS'])).toBe(0)
  })

  it('fail on any FAIL, even beside targets the load left unjudged', () => {
    expect(exitCodeOf(['PASS', 'FAIL'])).toBe(1)
    expect(exitCodeOf([noVerdict, 'FAIL', 'PASS'])).toBe(1)
  })

  it('say no verdict when nothing failed but something went unjudged, or nothing was judged', () => {
    expect(exitCodeOf(['PASS', noVerdict])).toBe(3)
    expect(exitCodeOf([noVerdict])).toBe(3)
    expect(exitCodeOf([])).toBe(3)
  })
})

describe('bench targets', () => {
  it('compare the figure with the limit, boundary included for ≤ and ≥ only', () => {
    expect(target('p99', 50, '≤', 50, ' ms').pass).toBe(true)
    expect(target('p99', 50.1, '≤', 50, ' ms').pass).toBe(false)
    expect(target('growth', 49.9, '<', 50, ' MB').pass).toBe(true)
    expect(target('growth', 50, '<', 50, ' MB').pass).toBe(false)
    expect(target('rate', 20, '≥', 20, '%').pass).toBe(true)
    expect(target('rate', 19.9, '≥', 20, '%').pass).toBe(false)
    expect(target('digests', 1000, '=', 1000).pass).toBe(true)
    expect(target('digests', 999, '=', 1000).pass).toBe(false)
  })

  it('fail when nothing was measured', () => {
    for (const op of ['≤', '<', '≥', '='] as const) {
      expect(target('p99', Number.NaN, op, 50).pass).toBe(false)
    }
  })

  it('name the limit, print the figure and its ratio to the limit', () => {
    expect(target('cold feed', 7012.4, '≤', 10_000, ' ms')).toEqual({
      name: 'cold feed ≤ 10,000 ms',
      figure: '7,012.4 ms',
      ratio: 0.70124,
      pass: true,
    })
    expect(target('second run', 0, '=', 0)).toEqual({
      name: 'second run = 0',
      figure: '0',
      pass: true,
    })
  })

  it('are judged on a quiet machine; on a busy one only counts are', () => {
    const targets = [
      target('p99', 10, '≤', 50, ' ms'),
      target('p99', 90, '≤', 50, ' ms'),
      target('queries', 3, '=', 3, '', { independentOfLoad: true }),
      target('queries', 4, '=', 3, '', { independentOfLoad: true }),
    ]
    expect(judge(quiet, targets).map((one) => one.verdict)).toEqual([
      'PASS',
      'FAIL',
      'PASS',
      'FAIL',
    ])
    const onBusy = judge(busy, targets).map((one) => one.verdict)
    expect(onBusy[0]).toMatch(/^NO VERDICT: the load was 2\.60/)
    expect(onBusy[1]).toMatch(/^NO VERDICT/)
    expect(onBusy.slice(2)).toEqual(['PASS', 'FAIL'])
    expect(exitCodeOf(judge(busy, targets.slice(0, 3)).map((one) => one.verdict))).toBe(3)
  })

  it('print a verdict per target, then the exit code and why', () => {
    const lines = verdictLines(
      judge(busy, [
        target('p99', 10, '≤', 50, ' ms'),
        target('units', 200, '≤', 200, ' units', { independentOfLoad: true }),
      ]),
    )
    expect(lines).toEqual([
      '',
      'verdicts:',
      'NO VERDICT  p99 ≤ 50 ms: 10 ms, 0.20× of it',
      'PASS        units ≤ 200 units: 200 units, 1.00× of it; a count, judged at any load',
      expect.stringMatching(/^exit 3: NO VERDICT: the load was 2\.60 when the bench started/),
    ])
    expect(verdictLines(judge(quiet, [target('p99', 90, '≤', 50, ' ms')])).at(-1)).toBe(
      'exit 1: FAIL (1 of 1 targets)',
    )
    expect(verdictLines(judge(quiet, [target('p99', 9, '≤', 50, ' ms')])).at(-1)).toBe(
      'exit 0: PASS (all 1 targets)',
    )
  })
})

describe('a bench run', () => {
  it('ends with the code of its verdicts, printed, and cleans up', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const cleanUp = vi.fn()
    const failing = judge(quiet, [target('p99', 10, '≤', 50), target('p99', 90, '≤', 50)])
    expect(await benchExitCode(async () => failing, cleanUp)).toBe(1)
    expect(
      await benchExitCode(async () => judge(busy, [target('p99', 10, '≤', 50)]), cleanUp),
    ).toBe(3)
    expect(
      await benchExitCode(async () => judge(quiet, [target('p99', 10, '≤', 50)]), cleanUp),
    ).toBe(0)
    expect(cleanUp).toHaveBeenCalledTimes(3)
    expect(log).toHaveBeenCalledWith('exit 1: FAIL (1 of 2 targets)')
  })

  it('that throws is a crash, not a FAIL, and still cleans up', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const cleanUp = vi.fn()
    const code = await benchExitCode(async () => {
      throw new Error('the server would not start')
    }, cleanUp)
    expect(code).toBe(EXIT.crash)
    expect(code).not.toBe(EXIT.fail)
    expect(cleanUp).toHaveBeenCalledOnce()
    expect(error).toHaveBeenCalledWith(new Error('the server would not start'))
  })
})
