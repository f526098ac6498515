import { describe, expect, it } from 'vitest'
import { loadLine, verdict } from './machine-load'

const quiet = { cores: 2, before: 0.4, after: 1.9, maxLoad: 1 }
const busy = { ...quiet, before: 2.6 }

describe('bench verdicts', () => {
  it('pass or fail on a quiet machine, whatever the bench itself added', () => {
    expect(verdict(quiet, true)).toBe('PASS')
    expect(verdict(quiet, false)).toBe('FAIL')
  })

  it('are withheld when other work loaded the machine as the bench started', () => {
    expect(verdict(busy, true)).toMatch(/^NO VERDICT: the load was 2\.60 .* above 1\.00/)
    expect(verdict(busy, false)).toMatch(/^NO VERDICT/)
  })

  it('print the load before and after and the named maximum', () => {
    expect(loadLine(quiet)).toBe(
      'machine: 2 cores, load 0.40 before, 1.90 after (verdicts only at ≤ 1.00 before)',
    )
  })
})
