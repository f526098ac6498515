/**
 * What `npm test` makes of its steps' reports: counts from Vitest's and
 * Playwright's JSON reports, one summary line per failure, and the counts line.
 */
import { resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

const root = resolve(import.meta.dirname, '..')

/** `failures`: "file › test: first error line", for the summary (CI shows only the log's tail). */
export type Outcome = {
  passed: number
  failed: number
  /** Tests that exist but did not run here (skipped, todo). */
  skippedTests?: number
  note?: string
  failures?: string[]
}
export type VitestReport = {
  numPassedTests?: number
  numFailedTests?: number
  numPendingTests?: number
  numTodoTests?: number
  testResults?: {
    name?: string
    status?: string
    message?: string
    assertionResults?: { status?: string; fullName?: string; failureMessages?: string[] }[]
  }[]
}

/** One summary line: where, what, and the first line of why. */
function failureLine(where: string, what: string, why: string | undefined): string {
  const reason = (why ?? '').split('\n').find((line) => line.trim() !== '') ?? ''
  return `${relativeTo(where)} › ${what}: ${stripVTControlCharacters(reason).trim()}`.slice(0, 300)
}

const relativeTo = (file: string) =>
  file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file

/** Counts from vitest's JSON report, plus test files that failed before any test ran. */
export function countVitest(report: VitestReport): Outcome {
  const failures: string[] = []
  let brokenFiles = 0
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failedTests) {
      failures.push(failureLine(file.name ?? '', test.fullName ?? '', test.failureMessages?.[0]))
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      brokenFiles += 1
      failures.push(failureLine(file.name ?? '', '(file)', file.message))
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skippedTests: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  }
}

type PlaywrightSuite = {
  title?: string
  specs?: {
    title?: string
    file?: string
    line?: number
    tests?: { status?: string; results?: { error?: { message?: string } }[] }[]
  }[]
  suites?: PlaywrightSuite[]
}
export type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number }
  errors?: { message?: string }[]
  suites?: PlaywrightSuite[]
}

function playwrightFailures(suites: PlaywrightSuite[], titles: string[]): string[] {
  return suites.flatMap((suite) => {
    const path = suite.title && !suite.title.includes('.spec.') ? [...titles, suite.title] : titles
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected')
        .map((test) =>
          failureLine(
            `tests/e2e/${spec.file ?? ''}:${spec.line ?? 0}`,
            [...path, spec.title ?? ''].join(' › '),
            test.results?.find((result) => result.error)?.error?.message,
          ),
        ),
    )
    return [...own, ...playwrightFailures(suite.suites ?? [], path)]
  })
}

/** Flaky tests passed on a retry: they count as passed, and the note says so. */
export function countPlaywright(report: PlaywrightReport): Outcome {
  const flaky = report.stats?.flaky ?? 0
  const outcome: Outcome = {
    passed: (report.stats?.expected ?? 0) + flaky,
    failed: (report.stats?.unexpected ?? 0) + (report.errors?.length ?? 0),
    skippedTests: report.stats?.skipped ?? 0,
    failures: [
      ...playwrightFailures(report.suites ?? [], []),
      ...(report.errors ?? []).map((error) => failureLine('playwright', '(run)', error.message)),
    ],
  }
  if (flaky) outcome.note = `${flaky} flaky`
  return outcome
}

/**
 * Test steps: counts come from the JSON report. A non-zero exit without a
 * counted failure (crash, timeout, unhandled error) is one failure; so is a
 * run that executed no test at all.
 */
export function settle(code: number, counts: Outcome | undefined): Outcome {
  const outcome: Outcome = counts ? { ...counts } : { passed: 0, failed: 0, note: 'no report' }
  if (code !== 0 && outcome.failed === 0) {
    outcome.failed = 1
    outcome.note = [outcome.note, code === 124 ? 'timed out' : `exit ${code}`]
      .filter(Boolean)
      .join(', ')
  } else if (outcome.passed + outcome.failed === 0) {
    outcome.failed = 1
    outcome.note = 'ran no tests'
  }
  return outcome
}

/** `N passed, N failed, N skipped`: a step's counts, and the run's last line. */
export function countsLine(outcome: Outcome): string {
  return `${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skippedTests ?? 0} skipped`
}
