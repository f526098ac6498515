/**
 * `npm test`: every check, in order, streaming each step's output, then a
 * per-step summary whose last line is exactly `N passed, N failed, N skipped`
 * (skipped: tests that do not run here, such as PostgreSQL-only ones on PGlite).
 *
 *   node scripts/test.ts [--skip-e2e] [--only=step,step]
 *
 * Steps: lint, layers (dependency-cruiser), file-sizes, typecheck, build (only
 * when stale); then landing-js (gzipped JS that `/` preloads, at most 150 KiB),
 * e2e and unit in a lane of their own, alongside integration (PGlite) and
 * integration-postgres (only when TEST_DATABASE_URL is set).
 * A failing step does not stop the run; any failure exits 1.
 */
import { spawn } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { needsBuild } from './build-freshness.ts'
import {
  countPlaywright,
  countsLine,
  countVitest,
  type Outcome,
  type PlaywrightReport,
  settle,
  type VitestReport,
} from './test-report.ts'

const root = resolve(import.meta.dirname, '..')
const binDir = join(root, 'node_modules/.bin')

/** Where a step's output goes: this terminal, or a file descriptor (a step run alongside). */
type Output = 'inherit' | number
type Step = {
  id: string
  label: string
  /** Shown before the step runs. */
  command: string
  /** Runs beside the steps after it (its output kept and shown when it ends). */
  alongside?: boolean
  run: (output: Output) => Promise<Outcome>
}
type Result = Outcome & { id: string; label: string; skipped: boolean; seconds: number }

const minutes = (n: number) => n * 60_000

// Children get this Node (24) for `node` and every local bin, whatever PATH
// the caller had: playwright's webServer and vitest workers spawn `node`.
const childPath = [binDir, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter)

const running = new Set<ReturnType<typeof spawn>>()

/** Runs a local bin or a project script with this Node; resolves to its exit code (124 on timeout). */
function runBin(
  name: string,
  args: string[],
  options: { env?: Record<string, string | undefined>; timeoutMs: number; output?: Output },
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
      stdio: ['ignore', options.output ?? 'inherit', options.output ?? 'inherit'],
      detached: true,
    })
    running.add(child)
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
      running.delete(child)
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
  output: Output = 'inherit',
): Promise<Outcome> {
  const code = await runBin(name, args, { timeoutMs, output })
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1, note: `exit ${code}` }
}

let reports = ''

async function vitest(
  projects: string | readonly string[],
  report: string,
  env: Record<string, string | undefined>,
  timeoutMs: number,
  output: Output,
) {
  const file = join(reports, `${report}.json`)
  const selected = [projects].flat().flatMap((project) => ['--project', project])
  // Alone on the machine a suite takes every core; beside e2e, Vitest's default (one fewer).
  const workers = inLane > 0 ? [] : [`--maxWorkers=${availableParallelism()}`]
  const args = ['run', ...selected, ...workers, '--reporter=default', '--reporter=json']
  const code = await runBin('vitest', [...args, `--outputFile.json=${file}`], {
    env,
    timeoutMs,
    output,
  })
  const json = readJson(file)
  return settle(code, json ? countVitest(json as VitestReport) : undefined)
}

const playwrightConfigs = ['ts', 'mts', 'js', 'mjs'].map((ext) => `playwright.config.${ext}`)

async function e2e(output: Output): Promise<Outcome> {
  if (!playwrightConfigs.some((name) => existsSync(join(root, name)))) {
    // Without a config playwright would collect the vitest files as its own.
    return { passed: 0, failed: 1, note: 'no playwright.config' }
  }
  const file = join(reports, 'e2e.json')
  const code = await runBin('playwright', ['test', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    timeoutMs: minutes(30),
    output,
  })
  const json = readJson(file)
  return settle(code, json ? countPlaywright(json as PlaywrightReport) : undefined)
}

let buildFailed = false
/** Steps queued or running alongside, in the lane. */
let inLane = 0

/*
 * Order: the quick checks and the build, then two lanes: the landing JS
 * budget, e2e and the unit tests in one, the integration tests (the longest
 * step) in the other. The browser tests wait on pages and the integration
 * tests on the database, so on two cores the lanes take little more than the
 * longer one.
 */
const steps: Step[] = [
  {
    id: 'lint',
    label: 'lint',
    command: 'biome check .',
    run: (output) => check('biome', ['check', '.'], minutes(5), output),
  },
  {
    id: 'layers',
    label: 'layers and cycles',
    command: 'depcruise src',
    run: (output) => check('depcruise', ['src'], minutes(5), output),
  },
  {
    id: 'file-sizes',
    label: 'file sizes',
    command: 'node scripts/check-file-sizes.ts',
    run: (output) => check('scripts/check-file-sizes.ts', [], minutes(1), output),
  },
  {
    id: 'typecheck',
    label: 'typecheck',
    command: 'tsc --noEmit',
    run: (output) => check('tsc', ['--noEmit'], minutes(10), output),
  },
  {
    id: 'build',
    label: 'build',
    command: 'vite build (when .output is older than the sources)',
    run: async (output) => {
      if (!needsBuild(root)) return { passed: 1, failed: 0, note: 'up to date' }
      const outcome = await check('vite', ['build'], minutes(20), output)
      buildFailed = outcome.failed > 0
      return outcome
    },
  },
  {
    id: 'landing-js',
    label: 'landing JS budget',
    command: 'node scripts/landing-js.ts (gzipped JS / preloads, ≤ 150 KiB budget)',
    alongside: true,
    run: async (output) => {
      if (buildFailed) return { passed: 0, failed: 1, note: 'not run: build failed' }
      return check('scripts/landing-js.ts', [], minutes(3), output)
    },
  },
  {
    id: 'e2e',
    label: 'e2e',
    command: 'playwright test',
    alongside: true,
    run: async (output) => {
      // A failed build would leave e2e testing a stale or missing server.
      if (buildFailed) return { passed: 0, failed: 1, note: 'not run: build failed' }
      return e2e(output)
    },
  },
  {
    id: 'unit',
    label: 'unit tests',
    command: 'vitest run --project unit --project components',
    alongside: true,
    // One run, one report: node unit tests and component tests (happy-dom).
    run: (output) => vitest(['unit', 'components'], 'unit', {}, minutes(15), output),
  },
  {
    id: 'integration',
    label: 'integration (PGlite)',
    command: 'vitest run --project integration',
    // PGlite here whatever the caller's environment says; PostgreSQL is its own step.
    // ~10 min on a quiet machine; beside e2e on a loaded one it needs more than 20.
    run: (output) =>
      vitest('integration', 'integration', { TEST_DATABASE_URL: undefined }, minutes(40), output),
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          id: 'integration-postgres',
          label: 'integration (PostgreSQL)',
          command: 'TEST_DATABASE_URL=… vitest run --project integration',
          run: (output: Output) =>
            vitest('integration', 'integration-postgres', {}, minutes(40), output),
        },
      ]
    : []),
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

/** Runs one step, timing it; its output goes to `output`. */
async function runStep(step: Step, output: Output): Promise<Result> {
  const started = performance.now()
  const outcome = await step.run(output)
  const seconds = (performance.now() - started) / 1000
  return { ...blank(step), ...outcome, seconds }
}

/** Runs the step into a log of its own, then prints that log whole. */
async function runAlongside(step: Step): Promise<Result> {
  const log = join(reports, `${step.id}.log`)
  const fd = openSync(log, 'w')
  let result: Result
  try {
    result = await runStep(step, fd)
  } finally {
    closeSync(fd)
  }
  console.log(`\n▼ ${step.label} (ran alongside), its output:\n`)
  console.log(readFileSync(log, 'utf8'))
  console.log(`${result.failed ? '✗' : '✓'} ${step.label}: ${countsLine(result)}`)
  return result
}

async function main() {
  const { skipE2e, only } = parseArgs(process.argv.slice(2))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const child of running) killGroup(child, signal)
      process.exit(signal === 'SIGINT' ? 130 : 143)
    })
  }
  reports = mkdtempSync(join(tmpdir(), 'tubefold-test-reports-'))
  const byId = new Map<string, Result>()
  // Steps run alongside follow one another in their own lane.
  let lane: Promise<void> = Promise.resolve()
  for (const step of steps) {
    const skippedWhy = only && !only.includes(step.id) ? 'not selected' : undefined
    const skipReason = skippedWhy ?? (step.id === 'e2e' && skipE2e ? '--skip-e2e' : undefined)
    if (skipReason) {
      if (!only) byId.set(step.id, { ...blank(step), skipped: true, note: skipReason })
      continue
    }
    if (step.alongside) {
      console.log(`\n▶ ${step.label}: ${step.command} (alongside the next steps)\n`)
      inLane += 1
      lane = lane.then(async () => {
        byId.set(step.id, await runAlongside(step))
        inLane -= 1
      })
      continue
    }
    console.log(`\n▶ ${step.label}: ${step.command}\n`)
    const result = await runStep(step, 'inherit')
    byId.set(step.id, result)
    console.log(`\n${result.failed ? '✗' : '✓'} ${step.label}: ${countsLine(result)}`)
  }
  await lane
  const results = steps.flatMap((step) => byId.get(step.id) ?? [])

  const passed = results.reduce((sum, r) => sum + r.passed, 0)
  const failed = results.reduce((sum, r) => sum + r.failed, 0)
  const skippedTests = results.reduce((sum, r) => sum + (r.skippedTests ?? 0), 0)
  const width = Math.max(...results.map((r) => r.label.length))
  console.log('\nSummary')
  for (const r of results) {
    const status = r.skipped ? 'skipped' : r.failed ? 'FAILED' : 'ok'
    const counts = r.skipped
      ? ''
      : `${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skippedTests ?? 0).padStart(3)} skipped`
    const time = r.skipped ? '' : `${r.seconds.toFixed(1)}s`.padStart(7)
    const note = r.note ? `  (${r.note})` : ''
    console.log(
      `  ${r.label.padEnd(width)}  ${status.padEnd(7)} ${counts.padEnd(34)} ${time}${note}`.trimEnd(),
    )
  }
  // Named again here, after the counts: a CI log is often read from its tail.
  for (const r of results) {
    for (const failure of r.failures ?? []) console.log(`  ✗ ${r.label}: ${failure}`)
  }
  if (failed) console.log(`Reports kept in ${reports}`)
  else rmSync(reports, { recursive: true, force: true })
  console.log(countsLine({ passed, failed, skippedTests }))
  process.exitCode = failed ? 1 : 0
}

if (import.meta.main) await main()
