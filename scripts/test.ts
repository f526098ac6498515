/**
 * `npm test`: every check, in order, streaming each step's output, then a
 * per-step summary whose last line is exactly `N passed, N failed`.
 *
 *   node scripts/test.ts [--skip-e2e] [--only=step,step]
 *
 * Steps: lint, layers (dependency-cruiser), file-sizes, typecheck, unit,
 * integration (PGlite), integration-postgres
 * (only when TEST_DATABASE_URL is set), build (only when stale), landing-js
 * (gzipped JS that `/` preloads, at most 150 KiB), e2e.
 * A failing step does not stop the run; any failure exits 1.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { needsBuild } from './build-freshness.ts'

const root = resolve(import.meta.dirname, '..')
const binDir = join(root, 'node_modules/.bin')

/** `failures`: "file › test: first error line", for the summary (CI shows only the log's tail). */
type Outcome = { passed: number; failed: number; note?: string; failures?: string[] }
type Step = {
  id: string
  label: string
  /** Shown before the step runs. */
  command: string
  run: () => Promise<Outcome>
}
type Result = Outcome & { id: string; label: string; skipped: boolean; seconds: number }

const minutes = (n: number) => n * 60_000

// Children get this Node (24) for `node` and every local bin, whatever PATH
// the caller had: playwright's webServer and vitest workers spawn `node`.
const childPath = [binDir, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter)

let current: ReturnType<typeof spawn> | undefined

/** Runs a local bin or a project script with this Node; resolves to its exit code (124 on timeout). */
function runBin(
  name: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; timeoutMs: number },
): Promise<number> {
  // A project script (`scripts/x.ts`) or a local bin.
  const script = name.endsWith('.ts') ? join(root, name) : realpathSync(join(binDir, name))
  const env: Record<string, string | undefined> = { ...process.env, PATH: childPath }
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key]
    else env[key] = value
  }
  return new Promise((resolveCode) => {
    // Own process group, so a timeout or Ctrl-C ends the whole tree (browsers, servers).
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    })
    current = child
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      console.error(`\n✗ ${name} ran longer than ${options.timeoutMs / 60_000} min: stopping it`)
      killGroup(child, 'SIGTERM')
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref()
    }, options.timeoutMs)
    child.on('error', (error) => {
      console.error(`✗ could not start ${name}: ${error.message}`)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      current = undefined
      resolveCode(timedOut ? 124 : (code ?? (signal ? 1 : 0)))
    })
  })
}

function killGroup(child: ReturnType<typeof spawn>, signal: NodeJS.Signals) {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** A step without tests of its own (lint, typecheck, build) is one check. */
async function check(
  name: string,
  args: string[],
  timeoutMs: number,
  env?: Record<string, string>,
): Promise<Outcome> {
  const code = await runBin(name, args, { timeoutMs, ...(env ? { env } : {}) })
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit ${code}` }
}

type VitestReport = {
  numPassedTests?: number
  numFailedTests?: number
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
type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number }
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
function settle(code: number, counts: Outcome | undefined): Outcome {
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

let reports = ''

async function vitest(
  projects: string | readonly string[],
  report: string,
  env: Record<string, string | undefined>,
  timeoutMs: number,
) {
  const file = join(reports, `${report}.json`)
  const selected = [projects].flat().flatMap((project) => ['--project', project])
  const args = ['run', ...selected, '--reporter=default', '--reporter=json']
  const code = await runBin('vitest', [...args, `--outputFile.json=${file}`], { env, timeoutMs })
  const json = readJson(file)
  return settle(code, json ? countVitest(json as VitestReport) : undefined)
}

const playwrightConfigs = ['ts', 'mts', 'js', 'mjs'].map((ext) => `playwright.config.${ext}`)

async function e2e(): Promise<Outcome> {
  if (!playwrightConfigs.some((name) => existsSync(join(root, name)))) {
    // Without a config playwright would collect the vitest files as its own.
    return { passed: 0, failed: 1, note: 'no playwright.config' }
  }
  const file = join(reports, 'e2e.json')
  const code = await runBin('playwright', ['test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    timeoutMs: minutes(30),
  })
  const json = readJson(file)
  return settle(code, json ? countPlaywright(json as PlaywrightReport) : undefined)
}

let buildFailed = false

const steps: Step[] = [
  {
    id: 'lint',
    label: 'lint',
    command: 'biome check .',
    run: () => check('biome', ['check', '.'], minutes(5)),
  },
  {
    id: 'layers',
    label: 'layers and cycles',
    command: 'depcruise src',
    run: () => check('depcruise', ['src'], minutes(5)),
  },
  {
    id: 'file-sizes',
    label: 'file sizes',
    command: 'node scripts/check-file-sizes.ts',
    run: () => check('scripts/check-file-sizes.ts', [], minutes(1)),
  },
  {
    id: 'typecheck',
    label: 'typecheck',
    command: 'tsc --noEmit',
    run: () => check('tsc', ['--noEmit'], minutes(10)),
  },
  {
    id: 'unit',
    label: 'unit tests',
    command: 'vitest run --project unit --project components',
    // One run, one report: node unit tests and component tests (happy-dom).
    run: () => vitest(['unit', 'components'], 'unit', {}, minutes(15)),
  },
  {
    id: 'integration',
    label: 'integration (PGlite)',
    command: 'vitest run --project integration',
    // PGlite here whatever the caller's environment says; PostgreSQL is its own step.
    // ~10 min on a quiet machine; a loaded one (load 10+ on 2 cores) needed more than 20.
    run: () => vitest('integration', 'integration', { TEST_DATABASE_URL: undefined }, minutes(30)),
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          id: 'integration-postgres',
          label: 'integration (PostgreSQL)',
          command: 'TEST_DATABASE_URL=… vitest run --project integration',
          run: () => vitest('integration', 'integration-postgres', {}, minutes(30)),
        },
      ]
    : []),
  {
    id: 'build',
    label: 'build',
    command: 'vite build (when .output is older than the sources)',
    run: async () => {
      if (!needsBuild(root)) return { passed: 1, failed: 0, note: 'up to date' }
      const outcome = await check('vite', ['build'], minutes(20))
      buildFailed = outcome.failed > 0
      return outcome
    },
  },
  {
    id: 'landing-js',
    label: 'landing JS budget',
    command: 'node scripts/landing-js.ts (gzipped JS / preloads, ≤ 150 KiB budget)',
    run: async () => {
      if (buildFailed) return { passed: 0, failed: 1, note: 'not run: build failed' }
      return check('scripts/landing-js.ts', [], minutes(3))
    },
  },
  {
    id: 'e2e',
    label: 'e2e',
    command: 'playwright test',
    run: async () => {
      // A failed build would leave e2e testing a stale or missing server.
      if (buildFailed) return { passed: 0, failed: 1, note: 'not run: build failed' }
      return e2e()
    },
  },
]

function parseArgs(argv: string[]) {
  let skipE2e = false
  let only: string[] | undefined
  for (const arg of argv) {
    if (arg === '--skip-e2e') skipE2e = true
    else if (arg.startsWith('--only=')) only = arg.slice('--only='.length).split(',')
    else {
      console.error(
        `unknown argument ${arg}\nusage: node scripts/test.ts [--skip-e2e] [--only=a,b]`,
      )
      process.exit(2)
    }
  }
  const unknown = (only ?? []).filter((id) => !steps.some((step) => step.id === id))
  if (unknown.includes('integration-postgres')) {
    console.error('integration-postgres runs only when TEST_DATABASE_URL is set')
    process.exit(2)
  }
  if (unknown.length) {
    console.error(`unknown step ${unknown.join(', ')}; steps: ${steps.map((s) => s.id).join(', ')}`)
    process.exit(2)
  }
  return { skipE2e, only }
}

function blank(step: Step): Result {
  return { id: step.id, label: step.label, skipped: false, passed: 0, failed: 0, seconds: 0 }
}

async function main() {
  const { skipE2e, only } = parseArgs(process.argv.slice(2))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (current) killGroup(current, signal)
      process.exit(signal === 'SIGINT' ? 130 : 143)
    })
  }
  reports = mkdtempSync(join(tmpdir(), 'tubefold-test-reports-'))
  const results: Result[] = []
  for (const step of steps) {
    const skippedWhy = only && !only.includes(step.id) ? 'not selected' : undefined
    const skipReason = skippedWhy ?? (step.id === 'e2e' && skipE2e ? '--skip-e2e' : undefined)
    if (skipReason) {
      if (!only) results.push({ ...blank(step), skipped: true, note: skipReason })
      continue
    }
    console.log(`\n▶ ${step.label}: ${step.command}\n`)
    const started = performance.now()
    const outcome = await step.run()
    const seconds = (performance.now() - started) / 1000
    results.push({ ...blank(step), ...outcome, seconds })
    const verdict = outcome.failed ? '✗' : '✓'
    console.log(`\n${verdict} ${step.label}: ${outcome.passed} passed, ${outcome.failed} failed`)
  }

  const passed = results.reduce((sum, r) => sum + r.passed, 0)
  const failed = results.reduce((sum, r) => sum + r.failed, 0)
  const width = Math.max(...results.map((r) => r.label.length))
  console.log('\nSummary')
  for (const r of results) {
    const status = r.skipped ? 'skipped' : r.failed ? 'FAILED' : 'ok'
    const counts = r.skipped
      ? ''
      : `${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed`
    const time = r.skipped ? '' : `${r.seconds.toFixed(1)}s`.padStart(7)
    const note = r.note ? `  (${r.note})` : ''
    console.log(
      `  ${r.label.padEnd(width)}  ${status.padEnd(7)} ${counts.padEnd(22)} ${time}${note}`.trimEnd(),
    )
  }
  // Named again here, after the counts: a CI log is often read from its tail.
  for (const r of results) {
    for (const failure of r.failures ?? []) console.log(`  ✗ ${r.label}: ${failure}`)
  }
  if (failed) console.log(`Reports kept in ${reports}`)
  else rmSync(reports, { recursive: true, force: true })
  console.log(`${passed} passed, ${failed} failed`)
  process.exitCode = failed ? 1 : 0
}

if (import.meta.main) await main()
