/**
 * `npm run bench:import`: import and export at the issue's largest size.
 *
 * In-process on a fresh embedded database (BENCH_DATABASE=postgres: a
 * private PostgreSQL cluster), it prints for a 20,000-row Google Takeout
 * CSV whose channel ids are known:
 * - parse + preview time (target ≤ 1 s),
 * - apply time: the library staged in short transactions, then the tree and
 *   items in one (target ≤ 3 s),
 * - the whole background job including metadata for 20,000 channels the
 *   catalogue did not know, against a local fake YouTube,
 * - and for a 20,000-channel account: the Tubefold backup export (load +
 *   stream), with peak memory of each phase;
 * - for each import, what `/health` asks the database (a ping) every 50 ms
 *   meanwhile: p50 / p99 / max latency counted from when it was due, so a
 *   blocked event loop or a held database counts (target p99 ≤ 300 ms), and
 *   how much the data directory grew (target < 50 MB per import; PGlite),
 *   including a third import of the same file again (nothing new: only churn);
 * then a verdict per target: both times, the /health p99 of each import and,
 * on PGlite, the data dir growth of each (a size, judged at any load). The job
 * with metadata and the export have no target. Exit codes: exit-code.ts.
 * Writes bench/results/import.json (import-postgres.json). Only 127.0.0.1 is contacted.
 */
import './src-loader.ts'
import { type Dirent, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { freePort } from '../scripts/postgres-cluster.ts'
import type { Database } from '../src/db/client.server.ts'
import { type Judged, judge, runBench, type Target, target } from './exit-code.ts'
import {
  applyInProcessAppEnv,
  ensureBuild,
  gitCommit,
  onCleanup,
  percentile,
  root,
  snapshotBuild,
  startBenchPostgres,
  startServer,
  stopServer,
  tempDir,
  waitForHealth,
} from './harness.ts'
import { loadLine, watchLoad } from './machine-load.ts'

const ENGINE = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite'
const ROWS = 20_000
/** How often the simulated health check is due during an import. */
const HEALTH_EVERY_MS = 50
const TARGETS = { previewMs: 1000, applyMs: 3000, healthP99Ms: 300, dataDirGrowthMb: 50 }
let pgliteDir: string | null = null

/**
 * A fresh database migrated by the production build itself (migrations are
 * bundled through Vite, so the bench lets the server apply them), then
 * opened in this process.
 */
async function openBenchDatabase(): Promise<Database> {
  const schema = await import('../src/db/schema.ts')
  ensureBuild()
  const entry = await snapshotBuild()
  const dataDir = tempDir('tubefold-bench-import-')
  let databaseUrl = ''
  if (ENGINE === 'postgres') {
    databaseUrl = await startBenchPostgres()
  }
  const server = startServer(entry, dataDir, await freePort(), {
    DATABASE_URL: databaseUrl,
    JOBS_ENABLED: 'false',
  })
  await waitForHealth(server)
  await stopServer(server)
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl })
    onCleanup(() => void pool.end())
    return drizzlePg(pool, { schema })
  }
  pgliteDir = join(dataDir, 'pglite')
  const client = await PGlite.create(pgliteDir)
  onCleanup(() => void client.close())
  return drizzlePglite(client, { schema })
}

/** Wall time and the highest RSS / heap seen while `run` ran (sampled every 5 ms). */
async function measure<T>(run: () => Promise<T>) {
  globalThis.gc?.()
  const before = process.memoryUsage()
  let rss = before.rss
  let heap = before.heapUsed
  const sampler = setInterval(() => {
    const now = process.memoryUsage()
    rss = Math.max(rss, now.rss)
    heap = Math.max(heap, now.heapUsed)
  }, 5)
  const started = performance.now()
  try {
    const result = await run()
    const ms = performance.now() - started
    const now = process.memoryUsage()
    return {
      result,
      ms,
      peakRssMb: Math.max(rss, now.rss) / 2 ** 20,
      peakHeapDeltaMb: (Math.max(heap, now.heapUsed) - before.heapUsed) / 2 ** 20,
    }
  } finally {
    clearInterval(sampler)
  }
}

/** Bytes the directory takes on disk (allocated blocks, as du counts). */
function dirBytes(dir: string): number {
  let total = 0
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }) as Dirent[]) {
      const full = join(path, entry.name)
      if (entry.isDirectory()) walk(full)
      else total += statSync(full).blocks * 512
    }
  }
  walk(dir)
  return total
}

/**
 * Runs `check` (what /health does) every HEALTH_EVERY_MS while `run` runs,
 * open loop: each check's latency counts from when it was due, so a check
 * that could not even start (event loop or database busy) counts as slow.
 */
async function withHealthChecks<T>(check: () => Promise<unknown>, run: () => Promise<T>) {
  const latencies: number[] = []
  const pending: Promise<void>[] = []
  const started = performance.now()
  let due = 0
  let running = true
  // Every slot that came while the loop was blocked is still owed, each from its own time.
  const catchUp = () => {
    const now = performance.now()
    while (started + due * HEALTH_EVERY_MS <= now) {
      const dueAt = started + due * HEALTH_EVERY_MS
      due += 1
      pending.push(check().then(() => void latencies.push(performance.now() - dueAt)))
    }
  }
  const tick = () => {
    if (!running) return
    catchUp()
    setTimeout(tick, Math.max(0, started + due * HEALTH_EVERY_MS - performance.now()))
  }
  tick()
  try {
    return { result: await run(), latencies }
  } finally {
    // A run that never let a timer fire (one long stretch of microtasks) still owes its checks.
    catchUp()
    running = false
    await Promise.all(pending)
  }
}

function takeoutCsv(ids: string[]): Uint8Array {
  // A translated header, quoted titles with commas, CRLF: the ugly real shape.
  const lines = ['ID do canal,URL do canal,Título do canal']
  ids.forEach((id, at) => {
    lines.push(`${id},http://www.youtube.com/channel/${id},"Channel ${at}, the ${at % 7}th"`)
  })
  return new TextEncoder().encode(`\ufeff${lines.join('\r\n')}\r\n`)
}

async function main(): Promise<Judged[]> {
  applyInProcessAppEnv()
  const { fakeChannelId, seededRandom, upsertCatalogue } = await import(
    '../src/seed/factories/organiser.server.ts'
  )
  const { user } = await import('../src/db/schema.ts')
  const { parseImport } = await import('../src/features/transfer/formats/parse-import.ts')
  const imports = {
    ...(await import('../src/features/transfer/import-preview.server.ts')),
    ...(await import('../src/features/transfer/imports.server.ts')),
    ...(await import('../src/features/transfer/import-apply.server.ts')),
  }
  const { loadExportModel } = await import('../src/features/transfer/export.server.ts')
  const { exportChunks } = await import('../src/features/transfer/exporters/export-file.ts')
  const { setYoutubeForTests, createYoutubeClient } = await import(
    '../src/features/catalogue/youtube.server.ts'
  )
  const { startYoutubeFake } = await import('../tests/fakes/youtube-fake.ts')
  const { pingDatabase } = await import('../src/db/client.server.ts')
  const { sql } = await import('drizzle-orm')

  const watch = await watchLoad()
  console.error(`bench: opening a fresh ${ENGINE} database…`)
  const db = await openBenchDatabase()
  const youtube = await startYoutubeFake()
  onCleanup(() => void youtube.close())
  setYoutubeForTests(
    createYoutubeClient({
      apiKey: 'bench-key',
      apiBaseUrl: youtube.apiBaseUrl,
      webBaseUrl: youtube.webBaseUrl,
    }),
  )

  const random = seededRandom(20)
  const makeUser = async (name: string) => {
    const id = crypto.randomUUID()
    await db.insert(user).values({ id, name, email: `${id}@bench.test`, emailVerified: true })
    return { id, name, emailVerified: true }
  }
  const noStop = { signal: new AbortController().signal, extendLease: async () => {} }
  // The database part of /health (its details need the server's env).
  const healthCheck = () => pingDatabase(db)
  /** Data directory size after a checkpoint (PGlite only), in bytes. */
  const dataDirBytes = async () => {
    if (!pgliteDir) return null
    await db.execute(sql`checkpoint`)
    return dirBytes(pgliteDir)
  }
  /** Runs one import with health checks alongside; how it went and how much the directory grew. */
  const importRun = async (importId: string) => {
    const sizeBefore = await dataDirBytes()
    const timed = await measure(() =>
      withHealthChecks(healthCheck, () => imports.runImport(db, importId, noStop)),
    )
    const sizeAfter = await dataDirBytes()
    const latencies = timed.result.latencies
    return {
      ...timed,
      health: {
        checks: latencies.length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: Math.max(...latencies),
      },
      growthMb:
        sizeBefore === null || sizeAfter === null ? null : (sizeAfter - sizeBefore) / 2 ** 20,
    }
  }
  const options = { parentId: null, sameNames: 'merge' as const }

  // 1. Known ids: every channel already in the catalogue, so the job only applies.
  const knownIds = Array.from({ length: ROWS }, () => fakeChannelId(random))
  await upsertCatalogue(db, {
    channels: knownIds.map((id, at) => ({ id, title: `Channel ${at}` })),
  })
  const known = takeoutCsv(knownIds)
  const alice = await makeUser('Alice')
  console.error(`bench: parse + preview of a ${ROWS}-row Takeout CSV…`)
  const preview = await measure(async () =>
    imports.createImport(db, alice, {
      model: await parseImport(known, 'subscriptions.csv'),
      fileName: 'subscriptions.csv',
    }),
  )
  console.error('bench: apply…')
  await imports.startImport(db, alice, { importId: preview.result.importId, options })
  const apply = await importRun(preview.result.importId)
  const applied = await imports.getImportStatus(db, alice, { importId: preview.result.importId })
  if (applied.state !== 'done' || applied.result?.channelsAdded !== ROWS) {
    throw new Error(`the import did not land whole: ${JSON.stringify(applied)}`)
  }

  // 2. New ids: the job first fetches metadata (50 ids per channels.list call) from the fake.
  const newIds = Array.from({ length: ROWS }, () => fakeChannelId(random))
  const bob = await makeUser('Bob')
  const fresh = await imports.createImport(db, bob, {
    model: await parseImport(takeoutCsv(newIds), 'subscriptions.csv'),
    fileName: 'subscriptions.csv',
  })
  await imports.startImport(db, bob, { importId: fresh.importId, options })
  // The fake knows them, so every batch answers with full metadata.
  youtube.setChannels(
    newIds.map((id, at) => ({
      id,
      handle: `benchchannel${at}`,
      title: `Bench channel ${at}`,
      description: '',
      category: 'tech' as const,
      subscriberCount: 1000 + at,
      viewCount: 100_000 + at,
      videoCount: 10 + (at % 500),
      hiddenSubscriberCount: false,
      country: null,
      avatarUrl: `https://yt3.ggpht.com/bench-${at}`,
      username: null,
      customName: null,
    })),
  )
  console.error(`bench: the whole job with metadata for ${ROWS} new channels (fake YouTube)…`)
  const calls = youtube.apiCalls().length
  const job = await importRun(fresh.importId)
  const apiCalls = youtube.apiCalls().length - calls

  // 3. The first file again for Alice: everything merges, nothing is new, so any growth is churn.
  console.error('bench: the same 20,000-row file again (nothing new)…')
  const again = await imports.createImport(db, alice, {
    model: await parseImport(known, 'subscriptions.csv'),
    fileName: 'subscriptions.csv',
  })
  await imports.startImport(db, alice, { importId: again.importId, options })
  const repeat = await importRun(again.importId)
  const repeated = await imports.getImportStatus(db, alice, { importId: again.importId })
  if (repeated.state !== 'done' || repeated.result?.channelsAdded !== 0) {
    throw new Error(`the repeated import did not end as expected: ${JSON.stringify(repeated)}`)
  }

  // 3. Export the 20,000-channel account as a backup, streamed into a byte counter.
  console.error('bench: Tubefold backup export of 20,000 channels…')
  const exported = await measure(async () => {
    const model = await loadExportModel(db, alice, { groupId: null })
    const encoder = new TextEncoder()
    let bytes = 0
    for (const chunk of exportChunks('tubefold', model)) bytes += encoder.encode(chunk).byteLength
    return { bytes, channels: model.channels.length }
  })

  const round = (value: number) => Math.round(value * 10) / 10
  const phase = (name: string, m: { ms: number; peakRssMb: number; peakHeapDeltaMb: number }) => ({
    name,
    ms: round(m.ms),
    peakRssMb: round(m.peakRssMb),
    peakHeapDeltaMb: round(m.peakHeapDeltaMb),
  })
  const load = (m: Awaited<ReturnType<typeof importRun>>) => ({
    healthChecks: m.health.checks,
    healthP50Ms: round(m.health.p50),
    healthP99Ms: round(m.health.p99),
    healthMaxMs: round(m.health.max),
    dataDirGrowthMb: m.growthMb === null ? null : round(m.growthMb),
  })
  const machine = watch.finish()
  const importTargets = (name: string, m: ReturnType<typeof load>): Target[] => [
    target(`/health p99 during ${name}`, m.healthP99Ms, '≤', TARGETS.healthP99Ms, ' ms'),
    ...(m.dataDirGrowthMb === null
      ? []
      : [
          target(
            `data dir growth by ${name}`,
            m.dataDirGrowthMb,
            '<',
            TARGETS.dataDirGrowthMb,
            ' MB',
            {
              independentOfLoad: true,
            },
          ),
        ]),
  ]
  const judged = judge(machine, [
    target('parse + preview', round(preview.ms), '≤', TARGETS.previewMs, ' ms'),
    target('apply', round(apply.ms), '≤', TARGETS.applyMs, ' ms'),
    ...importTargets('the apply', load(apply)),
    ...importTargets('the job', load(job)),
    ...importTargets('the repeat', load(repeat)),
  ])
  const result = {
    commit: gitCommit(),
    date: new Date().toISOString(),
    engine: ENGINE,
    machine,
    rows: ROWS,
    parseAndPreview: phase('parse + preview', preview),
    apply: { ...phase('apply', apply), ...load(apply) },
    jobWithMetadata: {
      ...phase('job with metadata', job),
      ...load(job),
      channelsListCalls: apiCalls,
    },
    repeatImport: { ...phase('same file again', repeat), ...load(repeat) },
    backupExport: { ...phase('backup export', exported), ...exported.result },
    targets: TARGETS,
    verdicts: judged,
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  const file = ENGINE === 'postgres' ? 'import-postgres.json' : 'import.json'
  writeFileSync(join(root, 'bench/results', file), `${JSON.stringify(result, null, 2)}\n`)

  const line = (m: ReturnType<typeof phase>, target?: number) =>
    `${m.name}: ${m.ms.toFixed(0)} ms${target ? ` (target ≤ ${target} ms, ${(m.ms / target).toFixed(2)}× of it)` : ''}, peak RSS ${m.peakRssMb.toFixed(0)} MB, heap +${m.peakHeapDeltaMb.toFixed(0)} MB`
  console.log(`import bench (${result.commit ?? 'no commit'}) on ${ENGINE}, ${ROWS} rows`)
  console.log(loadLine(result.machine))
  console.log(line(result.parseAndPreview, TARGETS.previewMs))
  const healthLine = (name: string, m: ReturnType<typeof load>) =>
    `  during ${name}: /health p50 ${m.healthP50Ms.toFixed(0)} ms, p99 ${m.healthP99Ms.toFixed(0)} ms (target ≤ ${TARGETS.healthP99Ms} ms, ${(m.healthP99Ms / TARGETS.healthP99Ms).toFixed(2)}× of it), max ${m.healthMaxMs.toFixed(0)} ms over ${m.healthChecks} checks` +
    (m.dataDirGrowthMb === null
      ? ''
      : `; data dir +${m.dataDirGrowthMb.toFixed(1)} MB (target < ${TARGETS.dataDirGrowthMb} MB, ${(m.dataDirGrowthMb / TARGETS.dataDirGrowthMb).toFixed(2)}× of it)`)
  console.log(line(result.apply, TARGETS.applyMs))
  console.log(healthLine('the apply', result.apply))
  console.log(`${line(result.jobWithMetadata)}, ${apiCalls} channels.list calls`)
  console.log(healthLine('the job', result.jobWithMetadata))
  console.log(line(result.repeatImport))
  console.log(healthLine('the repeat', result.repeatImport))
  console.log(
    `${line(result.backupExport)}, ${(exported.result.bytes / 2 ** 20).toFixed(1)} MB for ${exported.result.channels} channels`,
  )
  return judged
}

await runBench(main)
