/**
 * How every bench ends: one verdict per target it prints, then an exit code
 * made from them, so a script or CI can tell the outcomes apart (decision 0069).
 *
 * Exit codes:
 * - 0 PASS: every target passed.
 * - 1 FAIL: at least one target failed on a machine quiet enough to judge.
 * - 2 crash: the bench threw before it could judge (a build that failed, a
 *   server that would not start, an answer it could not read); no target judged.
 * - 3 NO VERDICT: nothing failed, but at least one target went unjudged because
 *   other work loaded the machine when the bench started (`BENCH_MAX_LOAD`,
 *   `machine-load.ts`); run it again on a quieter machine. Also what a bench
 *   that judged nothing would get.
 * - 130 / 143: stopped by SIGINT / SIGTERM (`harness.ts`).
 *
 * FAIL outranks NO VERDICT: a failed target is a finding even when another
 * could not be judged. A target whose figure the machine's load cannot move (a
 * count of queries, statements, quota units, bytes or wrong answers) is judged
 * at any load.
 */
import { cleanUpAll } from './harness.ts'
import { type MachineLoad, type Verdict, verdict } from './machine-load.ts'

export const EXIT = { pass: 0, fail: 1, crash: 2, noVerdict: 3 } as const

export type Target = {
  /** What is judged, with its limit: "tree p99 ≤ 50 ms". */
  name: string
  /** The measured figure, as printed: "24.2 ms". */
  figure: string
  /** The figure over its limit, when the limit is a number (above 1 fails a ≤, passes a ≥). */
  ratio?: number
  pass: boolean
  /** A count the machine's load cannot move: judged PASS or FAIL on a busy machine too. */
  independentOfLoad?: boolean
}

export type Judged = Target & { verdict: Verdict }

const number = (value: number) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: 1 })
    : String(value)

/**
 * A target on one figure: `value op limit` passes, in the figure's `unit`
 * (" ms", " KiB", "%"…). A figure that is not a number (nothing measured) fails.
 */
export function target(
  what: string,
  value: number,
  op: '≤' | '<' | '≥' | '=',
  limit: number,
  unit = '',
  options: { independentOfLoad?: boolean } = {},
): Target {
  const pass =
    op === '≤'
      ? value <= limit
      : op === '<'
        ? value < limit
        : op === '≥'
          ? value >= limit
          : value === limit
  return {
    name: `${what} ${op} ${number(limit)}${unit}`,
    figure: `${number(value)}${unit}`,
    ...(limit === 0 ? {} : { ratio: value / limit }),
    pass,
    ...options,
  }
}

/** Each target's verdict on this machine: PASS, FAIL or NO VERDICT (loaded), counts at any load. */
export function judge(load: MachineLoad, targets: readonly Target[]): Judged[] {
  return targets.map((one) => ({
    ...one,
    verdict: one.independentOfLoad ? (one.pass ? 'PASS' : 'FAIL') : verdict(load, one.pass),
  }))
}

/** Any FAIL → 1; else any NO VERDICT (or nothing judged) → 3; else 0. */
export function exitCodeOf(verdicts: readonly Verdict[]): number {
  if (verdicts.includes('FAIL')) return EXIT.fail
  if (verdicts.length === 0 || verdicts.some((one) => one !== 'PASS')) return EXIT.noVerdict
  return EXIT.pass
}

const label = (one: Verdict) => (one === 'PASS' || one === 'FAIL' ? one : 'NO VERDICT')

/** The summary's last lines: a verdict per target, then the exit code and why. */
export function verdictLines(judged: readonly Judged[]): string[] {
  const code = exitCodeOf(judged.map((one) => one.verdict))
  const width = Math.max(0, ...judged.map((one) => label(one.verdict).length))
  const lines = judged.map((one) => {
    const ratio = one.ratio === undefined ? '' : `, ${one.ratio.toFixed(2)}× of it`
    const steady = one.independentOfLoad ? '; a count, judged at any load' : ''
    return `${label(one.verdict).padEnd(width)}  ${one.name}: ${one.figure}${ratio}${steady}`
  })
  const failed = judged.filter((one) => one.verdict === 'FAIL').length
  const unjudged = judged.find((one) => label(one.verdict) === 'NO VERDICT')?.verdict
  const why =
    code === EXIT.fail
      ? `FAIL (${failed} of ${judged.length} targets)`
      : code === EXIT.pass
        ? `PASS (all ${judged.length} targets)`
        : (unjudged ?? 'NO VERDICT: no target was judged')
  return ['', 'verdicts:', ...lines, `exit ${code}: ${why}`]
}

/**
 * Runs a bench's `main` (which returns its judged targets), prints the
 * verdicts, cleans up, and answers the exit code; a throw is a crash (2).
 */
export async function benchExitCode(
  main: () => Promise<readonly Judged[]>,
  cleanUp: () => void = cleanUpAll,
): Promise<number> {
  try {
    const judged = await main()
    for (const line of verdictLines(judged)) console.log(line)
    return exitCodeOf(judged.map((one) => one.verdict))
  } catch (error) {
    console.error(error)
    console.error(`bench: crashed before its verdicts (exit ${EXIT.crash})`)
    return EXIT.crash
  } finally {
    cleanUp()
  }
}

/** What every bench's entry calls: exits with `benchExitCode`; a stray exception or rejection is a crash too. */
export async function runBench(main: () => Promise<readonly Judged[]>): Promise<void> {
  const crash = (error: unknown) => {
    console.error(error)
    process.exit(EXIT.crash)
  }
  process.on('uncaughtException', crash)
  process.on('unhandledRejection', crash)
  process.exitCode = await benchExitCode(main)
}
