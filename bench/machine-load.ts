import { availableParallelism, loadavg } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { envNumber } from './harness.ts'

/*
 * What else the machine was doing while a bench ran. A verdict taken on a
 * machine busy with other work says more about the machine than the code, so
 * above a named load a bench prints its figures and no verdict.
 */

export type MachineLoad = {
  cores: number
  /** 1-minute load average when the bench started measuring: other work. */
  before: number
  /** …and when it ended: other work plus the bench's own. */
  after: number
  /** The load above which no verdict is given (BENCH_MAX_LOAD, else half the cores). */
  maxLoad: number
}

function oneMinute(): number {
  return loadavg()[0] ?? 0
}

export function defaultMaxLoad(cores = availableParallelism()): number {
  return envNumber('BENCH_MAX_LOAD', cores / 2)
}

/**
 * Waits up to `waitMs` for the load to fall to the named maximum (an earlier
 * run's own load decays within a minute or two), then starts watching.
 */
export async function watchLoad(waitMs = 90_000) {
  const cores = availableParallelism()
  const maxLoad = defaultMaxLoad(cores)
  const until = Date.now() + waitMs
  if (oneMinute() > maxLoad) {
    console.error(
      `bench: waiting for the machine to settle (load ${oneMinute().toFixed(2)} > ${maxLoad})…`,
    )
  }
  while (oneMinute() > maxLoad && Date.now() < until) await sleep(5000)
  const before = oneMinute()
  return {
    before,
    finish: (): MachineLoad => ({ cores, before, after: oneMinute(), maxLoad }),
  }
}

export function loadLine(load: MachineLoad): string {
  return `machine: ${load.cores} cores, load ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after (verdicts only at ≤ ${load.maxLoad.toFixed(2)} before)`
}

/** A target's verdict; `exit-code.ts` turns a bench's verdicts into its exit code. */
export type Verdict = 'PASS' | 'FAIL' | `NO VERDICT: ${string}`

/** PASS / FAIL, or no verdict when other work was loading the machine as the bench started. */
export function verdict(load: MachineLoad, pass: boolean): Verdict {
  if (load.before > load.maxLoad) {
    return `NO VERDICT: the load was ${load.before.toFixed(2)} when the bench started, above ${load.maxLoad.toFixed(2)}; run it again on a quieter machine`
  }
  return pass ? 'PASS' : 'FAIL'
}
