/**
 * `npm run bench:web`: cold start, JS shipped for `/`, Lighthouse mobile
 * performance and idle memory of the production build. Prints a table, then
 * a verdict per target (exit codes: exit-code.ts), and writes
 * bench/results/web.json. Targets: JS for `/` ≤ 150 KiB gzipped (a count,
 * judged at any load); Lighthouse mobile performance ≥ 90, Lighthouse's own
 * "good" band for the "near 100" of decision 0004; idle RSS ≤ 400 MiB on
 * PGlite and ≤ 200 MiB on PostgreSQL (issue 24). Cold start has no target.
 *
 * Env: BENCH_RUNS (cold starts per engine, default 3), BENCH_LIGHTHOUSE_RUNS
 * (default 3), BENCH_DATABASE_URL (a PostgreSQL whose role may CREATE DATABASE;
 * default: a private cluster on 127.0.0.1, started and stopped here).
 * Only 127.0.0.1 is ever contacted.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import pg from 'pg'
import { z } from 'zod'
import { freePort, startCluster, stopCluster } from '../scripts/postgres-cluster.ts'
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../scripts/server-process.ts'
import { judge, runBench, target } from './exit-code.ts'
import { ensureBuild, gitCommit, onCleanup, root, tempDir } from './harness.ts'
import { loadLine, watchLoad } from './machine-load.ts'

// Set by snapshotBuild(): the bench runs a copy of .output, so a rebuild
// started meanwhile (another terminal, an editor) cannot pull it away.
let entry = ''
let publicDir = ''
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3))
const lighthouseRuns = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3))

const JS_BUDGET_BYTES = 150 * 1024
const LIGHTHOUSE_REFERENCE = 100
/** "Near 100" (decision 0004), read as Lighthouse's own "good" band: 90–100. */
const LIGHTHOUSE_TARGET = 90
const IDLE_MS = 5_000
/** Idle memory targets (issue 24). */
const MAX_RSS_BYTES = { pglite: 400 * 1024 * 1024, postgres: 200 * 1024 * 1024 }
const WARM_UP_REQUESTS = 20
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Belt and braces: nothing but loopback resolves, whatever the page asks for.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
]

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** Whether a copy of .output is one whole build: every asset its manifest lists, at its size. */
function isWholeBuild(output: string): boolean {
  const server = join(output, 'server')
  const index = join(server, 'index.mjs')
  if (!existsSync(index) || !existsSync(join(output, 'public'))) return false
  const manifest = readFileSync(index, 'utf8').matchAll(/"size": (\d+),\s*"path": "([^"]+)"/g)
  return [...manifest].every(([, size, path]) => {
    const file = resolve(server, path ?? '')
    return existsSync(file) && statSync(file).size === Number(size)
  })
}

async function snapshotBuild() {
  for (let attempt = 1; ; attempt++) {
    const snapshot = tempDir('tubefold-bench-build-')
    let copied = true
    try {
      cpSync(join(root, '.output'), snapshot, { recursive: true })
    } catch {
      copied = false // files vanished mid-copy: a build is rewriting .output
    }
    if (copied && isWholeBuild(snapshot)) {
      entry = join(snapshot, 'server/index.mjs')
      publicDir = join(snapshot, 'public')
      return
    }
    if (attempt === 24) throw new Error('.output stayed incomplete for 4 minutes')
    console.error('bench: .output is incomplete (a build is running?), waiting…')
    await sleep(10_000)
  }
}

type Server = { process: ChildProcess; base: string; log: () => string }

function startServer(env: Record<string, string>, port: number): Server {
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...SERVER_MALLOC_ENV,
      ...process.env,
      APP_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      BASE_URL: base,
      LOG_LEVEL: 'warn',
      // Local mail outbox, no analytics: the server has no reason to leave the machine.
      SMTP_URL: '',
      POSTHOG_KEY: '',
      DATABASE_URL: '',
      ...env,
    },
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  onCleanup(kill)
  return { process: child, base, log: () => output }
}

async function stopServer(server: Server) {
  const child = server.process
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** Milliseconds from `since` until /health answers 200. */
async function waitForHealth(server: Server, since: number): Promise<number> {
  const deadline = since + 120_000
  while (performance.now() < deadline) {
    if (server.process.exitCode !== null) {
      throw new Error(`server exited (${server.process.exitCode}):\n${server.log()}`)
    }
    try {
      const response = await fetch(`${server.base}/health`, { signal: AbortSignal.timeout(60_000) })
      await response.arrayBuffer()
      if (response.status === 200) return performance.now() - since
      await sleep(50)
    } catch {
      await sleep(20) // not listening yet
    }
  }
  throw new Error(`no 200 from /health within 120 s:\n${server.log()}`)
}

async function coldStart(env: Record<string, string>): Promise<{ ms: number; server: Server }> {
  const port = await freePort()
  const started = performance.now()
  const server = startServer(env, port)
  const ms = await waitForHealth(server, started)
  return { ms, server }
}

async function warmUp(server: Server) {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    for (const path of ['/', '/health']) {
      const response = await fetch(`${server.base}${path}`)
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`warm-up: ${path} answered ${response.status}`)
    }
  }
}

/** VmRSS in bytes of the server process after it sat idle. */
async function idleRss(server: Server): Promise<number> {
  await sleep(IDLE_MS)
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8')
  const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
  if (!kib) throw new Error('no VmRSS in /proc status')
  return Number(kib) * 1024
}

/** What the server says of its memory on SIGUSR2 (src/server/memory-report.server.ts), in MiB. */
const memoryLineSchema = z.object({
  rssMib: z.number(),
  heapUsedMib: z.number(),
  heapTotalMib: z.number(),
  externalMib: z.number(),
  arrayBuffersMib: z.number(),
  wasmMemoryMib: z.number().nullable(),
})
type MemoryBreakdown = z.infer<typeof memoryLineSchema>

async function memoryBreakdown(server: Server): Promise<MemoryBreakdown | null> {
  server.process.kill('SIGUSR2')
  for (let attempt = 0; attempt < 50; attempt++) {
    await sleep(100)
    const line = server
      .log()
      .split('\n')
      .findLast((row) => row.includes('"msg":"memory"'))
    if (line) return memoryLineSchema.parse(JSON.parse(line))
  }
  return null
}

function memoryCell(memory: MemoryBreakdown | null): string {
  if (!memory) return 'no answer to SIGUSR2'
  const wasm = memory.wasmMemoryMib === null ? '' : `, wasm ${memory.wasmMemoryMib}`
  return `rss ${memory.rssMib}, heap ${memory.heapUsedMib}/${memory.heapTotalMib}, external ${memory.externalMib} (buffers ${memory.arrayBuffersMib}${wasm}) MiB`
}

type EngineFigures = {
  coldStartMs: number[]
  idleRssBytes: number
  memory: MemoryBreakdown | null
}

async function benchEngine(
  name: string,
  envForRun: () => Promise<Record<string, string>>,
  last?: (server: Server) => Promise<void>,
): Promise<EngineFigures> {
  const coldStartMs: number[] = []
  let idleRssBytes = 0
  let memory: MemoryBreakdown | null = null
  for (let run = 1; run <= runs; run++) {
    const { ms, server } = await coldStart(await envForRun())
    coldStartMs.push(ms)
    console.error(`bench: ${name} cold start ${run}/${runs}: ${ms.toFixed(0)} ms`)
    try {
      if (run === runs) {
        await warmUp(server)
        idleRssBytes = await idleRss(server)
        memory = await memoryBreakdown(server)
        await last?.(server)
      }
    } finally {
      await stopServer(server)
    }
  }
  return { coldStartMs, idleRssBytes, memory }
}

type ShippedJs = { files: { path: string; bytes: number; gzipBytes: number }[]; gzipBytes: number }

/** Every JS file `/` asks for up front (script src, modulepreload), gzip -9 from .output/public. */
async function shippedJs(server: Server): Promise<ShippedJs> {
  const html = await (await fetch(`${server.base}/`)).text()
  const urls = new Set<string>()
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
    const url = tag.toLowerCase().startsWith('<script')
      ? attr('src')
      : attr('rel') === 'modulepreload'
        ? attr('href')
        : undefined
    if (url) urls.add(new URL(url, server.base).pathname)
  }
  const files = []
  for (const path of urls) {
    if (!/\.m?js$/.test(path)) continue
    const file = join(publicDir, path)
    const body = existsSync(file) ? readFileSync(file) : await fetchAsset(server, path)
    files.push({ path, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length })
  }
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) }
}

/** A script that is not a static file (should not happen): measure what the server sends. */
async function fetchAsset(server: Server, path: string): Promise<Buffer> {
  const response = await fetch(`${server.base}${path}`)
  if (!response.ok) throw new Error(`${path} is in the page but answers ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

type NetworkItem = {
  url: string
  resourceType?: string
  statusCode?: number
  transferSize?: number
  resourceSize?: number
}
type LighthouseFigures = {
  scores: number[]
  score: number
  metrics: Record<string, number | undefined>
  requestedJs: { count: number; transferBytes: number; resourceBytes: number }
}

async function runLighthouse(server: Server): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  })
  onCleanup(() => chrome.kill())
  try {
    const scores: number[] = []
    let last: Awaited<ReturnType<typeof lighthouse>>
    for (let run = 1; run <= lighthouseRuns; run++) {
      // Default config: mobile form factor, simulated slow 4G and 4× CPU slowdown.
      last = await lighthouse(`${server.base}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      const score = Math.round((last?.lhr.categories.performance?.score ?? 0) * 100)
      scores.push(score)
      console.error(`bench: Lighthouse ${run}/${lighthouseRuns}: ${score}`)
    }
    const lhr = last?.lhr
    const items = ((lhr?.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ??
      []) as NetworkItem[]
    // A page whose assets fail to load scores well for the wrong reason.
    const broken = items.filter((item) => (item.statusCode ?? 0) >= 400)
    if (broken.length) {
      throw new Error(`page load had failed requests: ${broken.map((item) => item.url).join(', ')}`)
    }
    const scripts = items.filter((item) => item.resourceType === 'Script')
    const metric = (id: string) => lhr?.audits[id]?.numericValue
    return {
      scores,
      score: median(scores),
      metrics: {
        firstContentfulPaintMs: metric('first-contentful-paint'),
        largestContentfulPaintMs: metric('largest-contentful-paint'),
        totalBlockingTimeMs: metric('total-blocking-time'),
        cumulativeLayoutShift: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
      },
      requestedJs: {
        count: scripts.length,
        transferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        resourceBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
      },
    }
  } finally {
    chrome.kill()
  }
}

/** A PostgreSQL admin URL: BENCH_DATABASE_URL, or a private cluster started here. */
async function postgresAdminUrl(): Promise<{ url: string; source: string }> {
  if (process.env.BENCH_DATABASE_URL) {
    return { url: process.env.BENCH_DATABASE_URL, source: 'BENCH_DATABASE_URL' }
  }
  const dir = tempDir('tubefold-bench-pg-')
  onCleanup(() => stopCluster(dir))
  const cluster = await startCluster(dir)
  return { url: cluster.url, source: `private cluster on 127.0.0.1:${cluster.port}` }
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

function withDatabase(url: string, name: string) {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
const spread = (values: number[]) =>
  `${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`

async function main() {
  // Timings mean little on a busy machine: the load goes with the figures.
  const watch = await watchLoad()
  ensureBuild()
  await snapshotBuild()

  let js: ShippedJs | undefined
  let lh: LighthouseFigures | undefined
  const pglite = await benchEngine(
    'PGlite',
    async () => ({ DATA_DIR: tempDir('tubefold-bench-data-') }),
    async (server) => {
      js = await shippedJs(server)
      lh = await runLighthouse(server)
    },
  )

  const admin = await postgresAdminUrl()
  const databases: string[] = []
  let postgres: EngineFigures
  try {
    postgres = await benchEngine('PostgreSQL', async () => {
      // A fresh database per run, so every start migrates from nothing as on PGlite.
      const name = `tubefold_bench_${randomBytes(4).toString('hex')}`
      await adminQuery(admin.url, `create database ${name}`)
      databases.push(name)
      return {
        DATA_DIR: tempDir('tubefold-bench-data-'),
        DATABASE_URL: withDatabase(admin.url, name),
      }
    })
  } finally {
    for (const name of databases) {
      await adminQuery(admin.url, `drop database if exists ${name}`).catch((error: unknown) => {
        console.error(`bench: could not drop ${name}:`, error)
      })
    }
  }

  if (!js || !lh) throw new Error('JS and Lighthouse figures missing')
  const rows: [string, string, string, string][] = [
    ['Metric', 'Value', 'Reference', 'Ratio'],
    [`Cold start → /health 200, PGlite (median of ${runs})`, spread(pglite.coldStartMs), '', ''],
    [
      `Cold start → /health 200, PostgreSQL (median of ${runs})`,
      spread(postgres.coldStartMs),
      '',
      '',
    ],
    [
      `JS for / (gzip -9; ${js.files.length} script/modulepreload files)`,
      kib(js.gzipBytes),
      `≤ ${kib(JS_BUDGET_BYTES)}`,
      `${(js.gzipBytes / JS_BUDGET_BYTES).toFixed(2)}`,
    ],
    [
      `JS requested during load (Lighthouse; ${lh.requestedJs.count} files)`,
      `${kib(lh.requestedJs.transferBytes)} transferred, ${kib(lh.requestedJs.resourceBytes)} raw`,
      '',
      '',
    ],
    [
      `Lighthouse mobile performance (median of ${lighthouseRuns})`,
      `${lh.score} (${lh.scores.join(', ')})`,
      `≥ ${LIGHTHOUSE_TARGET} (of ${LIGHTHOUSE_REFERENCE})`,
      (lh.score / LIGHTHOUSE_REFERENCE).toFixed(2),
    ],
    [
      'Idle RSS, server on PGlite',
      mib(pglite.idleRssBytes),
      `≤ ${mib(MAX_RSS_BYTES.pglite)}`,
      (pglite.idleRssBytes / MAX_RSS_BYTES.pglite).toFixed(2),
    ],
    [
      'Idle RSS, server on PostgreSQL',
      mib(postgres.idleRssBytes),
      `≤ ${mib(MAX_RSS_BYTES.postgres)}`,
      (postgres.idleRssBytes / MAX_RSS_BYTES.postgres).toFixed(2),
    ],
    ['  its breakdown, PGlite', memoryCell(pglite.memory), '', ''],
    ['  its breakdown, PostgreSQL', memoryCell(postgres.memory), '', ''],
  ]
  const widths = [0, 1, 2, 3].map((col) => Math.max(...rows.map((row) => row[col]?.length ?? 0)))
  const line = (row: string[]) =>
    row
      .map((cell, col) => cell.padEnd(widths[col] ?? 0))
      .join('  ')
      .trimEnd()
  const machine = watch.finish()
  console.log(`\nTubefold web bench — Node ${process.version}`)
  console.log(loadLine(machine))
  console.log(`PostgreSQL: ${admin.source}`)
  console.log(line(rows[0] ?? []))
  console.log(widths.map((w) => '─'.repeat(w)).join('  '))
  for (const row of rows.slice(1)) console.log(line(row))

  const mibOf = (bytes: number) => bytes / 1024 / 1024
  const judged = judge(machine, [
    target('JS for / (gzip -9)', js.gzipBytes / 1024, '≤', JS_BUDGET_BYTES / 1024, ' KiB', {
      independentOfLoad: true,
    }),
    target('Lighthouse mobile performance (median)', lh.score, '≥', LIGHTHOUSE_TARGET),
    target(
      'idle RSS on PGlite',
      mibOf(pglite.idleRssBytes),
      '≤',
      mibOf(MAX_RSS_BYTES.pglite),
      ' MiB',
    ),
    target(
      'idle RSS on PostgreSQL',
      mibOf(postgres.idleRssBytes),
      '≤',
      mibOf(MAX_RSS_BYTES.postgres),
      ' MiB',
    ),
  ])

  const results = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    machine,
    runs,
    coldStartMs: {
      pglite: { median: median(pglite.coldStartMs), runs: pglite.coldStartMs },
      postgres: { median: median(postgres.coldStartMs), runs: postgres.coldStartMs },
    },
    postgresSource: admin.source,
    shippedJs: { ...js, budgetBytes: JS_BUDGET_BYTES, ratio: js.gzipBytes / JS_BUDGET_BYTES },
    lighthouse: {
      ...lh,
      reference: LIGHTHOUSE_REFERENCE,
      target: LIGHTHOUSE_TARGET,
      ratio: lh.score / LIGHTHOUSE_REFERENCE,
    },
    idleRssBytes: { pglite: pglite.idleRssBytes, postgres: postgres.idleRssBytes },
    idleRssTargetBytes: MAX_RSS_BYTES,
    idleMemory: { pglite: pglite.memory, postgres: postgres.memory },
    verdicts: judged,
  }
  const out = join(root, 'bench/results')
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'web.json'), `${JSON.stringify(results, null, 2)}\n`)
  console.log(`\nWrote bench/results/web.json`)
  return judged
}

await runBench(main)
