/**
 * What every bench shares: cleanup of whatever it started (however it ends),
 * temp dirs, building when the build is stale, and the commit measured.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { needsBuild } from '../scripts/build-freshness.ts'
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../scripts/server-process.ts'

export const root = resolve(import.meta.dirname, '..')

const cleanups: (() => void)[] = []

/** Stops and removes everything registered so far (also runs on exit). */
export function cleanUpAll() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup()
    } catch (error) {
      console.error('cleanup failed:', error)
    }
  }
}
process.on('exit', cleanUpAll)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => process.exit(signal === 'SIGINT' ? 130 : 143))
}

/** Runs `cleanup` on the way out, last registered first. */
export function onCleanup(cleanup: () => void) {
  cleanups.push(cleanup)
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  onCleanup(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export function ensureBuild() {
  if (!needsBuild(root)) return
  console.error('bench: .output is missing or stale, building…')
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 2, 2],
    },
  )
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status})`)
}

export function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
  } catch {
    return undefined
  }
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

/** A timed load's figures: answers, failures, answers per second, p50 and p99 of their latencies. */
export function loadFigures(latencies: number[], failures: number, seconds: number) {
  return {
    requests: latencies.length,
    failures,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }
}

/** A private copy of .output, so a rebuild started meanwhile cannot pull it away. */
export async function snapshotBuild(): Promise<string> {
  const snapshot = tempDir('tubefold-bench-build-')
  for (let attempt = 1; ; attempt++) {
    cpSync(join(root, '.output'), snapshot, { recursive: true })
    const entry = join(snapshot, 'server/index.mjs')
    if (existsSync(entry)) return entry
    if (attempt === 5) throw new Error('.output is incomplete (is a build running?)')
    await sleep(5_000)
  }
}

export type Server = {
  process: ChildProcess
  base: string
  log: () => string
  listening: () => boolean
}

export function startServer(
  entry: string,
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Server {
  const base = `http://127.0.0.1:${port}`
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, entry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...SERVER_MALLOC_ENV,
      ...process.env,
      APP_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: base,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      // info: the server's "listening" line proves which process holds the port.
      LOG_LEVEL: 'info',
      // Embedded database, local mail outbox, no analytics: nothing leaves the machine.
      DATABASE_URL: '',
      SMTP_URL: '',
      POSTHOG_KEY: '',
      AUTH_SECRET: '',
      ...env,
    },
  })
  let output = ''
  let listening = false
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
    // The entry's own line (src/server/node-entry.ts): proof that this process, not another one, holds the port.
    if (
      /"msg":"listening"[^\n]*"url":"http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1] === String(port)
    ) {
      listening = true
    }
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  return { process: child, base, log: () => output, listening: () => listening }
}

export async function stopServer(server: Server) {
  const child = server.process
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

export async function waitForHealth(server: Server) {
  const deadline = performance.now() + 120_000
  while (performance.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(`server exited (${server.process.exitCode}):\n${server.log()}`)
    }
    if (!server.listening()) {
      await sleep(50)
      continue
    }
    try {
      const response = await fetch(`${server.base}/health`, { signal: AbortSignal.timeout(60_000) })
      await response.arrayBuffer()
      if (response.status === 200) return
    } catch {
      // not listening yet
    }
    await sleep(50)
  }
  throw new Error(`no 200 from /health within 120 s:\n${server.log()}`)
}

/**
 * A private PostgreSQL cluster for this run and a database owned by the app
 * role in it (PostgreSQL 15 lets only owners create tables in `public`).
 */
export async function startBenchPostgres(): Promise<string> {
  const { startCluster, stopCluster } = await import('../scripts/postgres-cluster.ts')
  const { default: pg } = await import('pg')
  const dir = tempDir('tubefold-bench-pg-')
  const cluster = await startCluster(dir, { fast: true })
  onCleanup(() => stopCluster(dir))
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  try {
    await admin.query('create database tubefold_bench')
  } finally {
    await admin.end()
  }
  const url = new URL(cluster.url)
  url.pathname = '/tubefold_bench'
  return url.toString()
}

/** A positive number from the environment (BENCH_CLIENTS, BENCH_SECONDS…), else the fallback. */
export function envNumber(name: string, fallback: number): number {
  const parsed = Number(process.env[name])
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback
}

/** The system Chromium's flags here (see the README): no sandbox, no GPU, nothing phoned home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * App code the bench runs in its own process (seeding, an import) reads the
 * environment as a self-hosted test instance would: no secrets needed, no
 * billing (plan limits off), whatever the shell exports. Call it before any
 * app module reads the environment.
 */
export function applyInProcessAppEnv(): void {
  Object.assign(process.env, {
    APP_ENV: 'test',
    STRIPE_SECRET_KEY: '',
    // Where a test instance keeps the secrets it makes: never the checkout's data/.
    DATA_DIR: tempDir('tubefold-bench-env-'),
  })
}
