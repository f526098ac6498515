/**
 * `npm run bench:sharing`: what the permission check costs when a member
 * opens a group someone shared with them.
 *
 * Into a throw-away database, the demo account (the owner) gets a group of
 * 500 channels shared with the demo teammate as editor. Against the
 * production build, 32 concurrent clients open that group through the
 * getGroupDetail server function (the request the app sends on a client-side
 * navigation, captured in Chromium) for BENCH_SECONDS as the owner, then as
 * the member, and it prints p50/p99 and requests per second for both and the
 * ratio member p99 / owner p99 (target: ≤ 1.20, the permission check costs
 * under 20%) and each p99 against 300 ms, and the server's CPU time per
 * request (steady when other work loads the machine, unlike latency), then a
 * verdict per target: the two p99s, the ratio (none when other work loaded the
 * machine, BENCH_MAX_LOAD) and no failed open (a count, judged at any load);
 * exit codes: exit-code.ts. Also
 * counts the queries of one open in-process for each, with the app's caches.
 * Writes bench/results/sharing.json (sharing-postgres.json with
 * BENCH_DATABASE=postgres, against a private PostgreSQL cluster).
 * Env: BENCH_CLIENTS (32), BENCH_SECONDS (10), BENCH_DATABASE, BENCH_MAX_LOAD.
 * Only 127.0.0.1 is contacted.
 */
import './src-loader.ts'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { chromium, type Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { freePort } from '../scripts/postgres-cluster.ts'
import { DEMO_ACCOUNT, DEMO_TEAMMATE } from '../src/config/demo-account.ts'
import { type Judged, judge, target as limit, runBench } from './exit-code.ts'
import {
  applyInProcessAppEnv,
  CHROMIUM_ARGS,
  ensureBuild,
  envNumber,
  gitCommit,
  loadFigures,
  onCleanup,
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
const CLIENTS = Math.round(envNumber('BENCH_CLIENTS', 32))
const DURATION_MS = envNumber('BENCH_SECONDS', 10) * 1000
const ITEMS = 500
/** The permission check must cost under 20%: member p99 ≤ 1.2 × owner p99. */
const MAX_RATIO = 1.2
/** Whoever opens it, a shared group opens within this at the bench's load (p99). */
const MAX_P99_MS = 300
const GROUP_NAME = `Shared bench (${ITEMS})`
const LAST_TITLE = `Shared bench channel ${ITEMS}`
const SESSION_COOKIE = 'better-auth.session_token'

type Person = { id: string; name: string; emailVerified: boolean }

/**
 * Fills the stopped server's database: the owner's group of 500 channels
 * (through the groups module, as the app writes it), the member's editor
 * grant (the factory a joined link amounts to), and the queries one open
 * costs each of them.
 */
async function prepareData(dataDir: string, databaseUrl: string) {
  applyInProcessAppEnv()
  const schema = await import('../src/db/schema.ts')
  const { openDatabase, pgliteHandle } = await import('../src/db/client.server.ts')
  const factories = await import('../src/seed/factories/organiser.server.ts')
  const groups = await import('../src/features/groups/groups.server.ts')
  const items = await import('../src/features/groups/items.server.ts')
  let queries = 0
  const logger = {
    logQuery: () => {
      queries += 1
    },
  }
  // Opened as the app opens it (with its change feed), so the counts include what its caches save.
  const handle = databaseUrl
    ? await openDatabase({ engine: 'postgres', url: databaseUrl, logger })
    : pgliteHandle(await PGlite.create(join(dataDir, 'pglite')), logger)
  const db = handle.db
  try {
    const personOf = async (email: string): Promise<Person> => {
      const [row] = await db
        .select({ id: schema.user.id, name: schema.user.name })
        .from(schema.user)
        .where(eq(schema.user.email, email))
      if (!row) throw new Error(`${email} was not seeded`)
      return { ...row, emailVerified: true }
    }
    const owner = await personOf(DEMO_ACCOUNT.email)
    const member = await personOf(DEMO_TEAMMATE.email)

    const random = factories.seededRandom(19)
    const channels = Array.from({ length: ITEMS }, (_, index) => ({
      id: factories.fakeChannelId(random),
      title: `Shared bench channel ${index + 1}`,
      handle: `sharedbench${index + 1}`,
      subscriberCount: Math.floor(random() * 5_000_000),
    }))
    await factories.upsertCatalogue(db, { channels })
    const entries = await factories.addToLibrary(db, owner.id, {
      channelIds: channels.map((row) => row.id),
    })
    const created = await groups.createGroup(db, owner, {
      name: GROUP_NAME,
      parentId: null,
      description: '',
      icon: null,
      color: null,
    })
    await items.addItems(db, owner, {
      groupId: created.id,
      entryIds: channels.map((row) => entries.get(row.id) ?? ''),
    })
    await factories.grantRole(db, created.id, member.id, 'editor')

    // The second open is what the load measures: the tree is cached by then.
    const countQueries = async (actor: Person) => {
      await groups.getGroupDetail(db, actor, { id: created.id })
      queries = 0
      const detail = await groups.getGroupDetail(db, actor, { id: created.id })
      if (detail.items.length !== ITEMS) {
        throw new Error(`${actor.name} sees ${detail.items.length} items, not ${ITEMS}`)
      }
      return { queries, role: detail.role }
    }
    const ownerOpen = await countQueries(owner)
    const memberOpen = await countQueries(member)
    if (ownerOpen.role !== 'owner' || memberOpen.role !== 'editor') {
      throw new Error(`roles: owner ${ownerOpen.role}, member ${memberOpen.role}`)
    }
    return { groupId: created.id, owner: ownerOpen, member: memberOpen }
  } finally {
    await handle.close()
  }
}

/** A session cookie (`name=value`) from the sign-in endpoint. */
async function signIn(base: string, account: { email: string; password: string }) {
  for (let attempt = 1; attempt <= 8; attempt += 1) {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    await response.arrayBuffer()
    const cookie = response.headers
      .getSetCookie()
      .find((header) => header.startsWith(`${SESSION_COOKIE}=`))
      ?.split(';')[0]
    if (response.ok && cookie) return cookie
    // The seed runs after /health answers: the account may not exist yet.
    await new Promise((done) => setTimeout(done, 1000))
  }
  throw new Error(`${account.email} cannot sign in`)
}

async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.getElementById('main')
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactProps'))
  })
}

type Target = { url: string; headers: Record<string, string> }

/**
 * The getGroupDetail request exactly as the app sends it: a client-side
 * navigation to the group in Chromium, as the owner; the answer recognised
 * by what only a group detail carries.
 */
async function captureDetailRequest(base: string, cookie: string, groupId: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  onCleanup(() => void browser.close())
  try {
    const context = await browser.newContext()
    const [name = '', value = ''] = cookie.split('=')
    await context.addCookies([{ name, value, url: base }])
    const page = await context.newPage()
    await page.goto(`${base}/dashboard/`)
    await waitForHydration(page)
    const answer = page.waitForResponse(
      async (response) =>
        response.url().includes('/_serverFn/') &&
        response.request().method() === 'GET' &&
        (await response.text()).includes('canRestructure'),
      { timeout: 60_000 },
    )
    await page.evaluate(
      (id) => window.__TSR_ROUTER__?.navigate({ to: '/dashboard/groups/$id/', params: { id } }),
      groupId,
    )
    const request = (await answer).request()
    const headers = await request.allHeaders()
    return {
      url: request.url(),
      // Everything the browser sent but the cookie, which each load sets for its user.
      headers: Object.fromEntries(
        Object.entries(headers).filter(([key]) => !key.startsWith(':') && key !== 'cookie'),
      ),
    }
  } finally {
    await browser.close()
  }
}

/** One request as `cookie`'s user: the body must be the whole group. */
async function openOnce(target: Target, cookie: string) {
  const response = await fetch(target.url, { headers: { ...target.headers, cookie } })
  const body = await response.text()
  if (!response.ok || !body.includes(LAST_TITLE)) {
    throw new Error(`the group did not open (${response.status}): ${body.slice(0, 300)}`)
  }
  return body
}

/** CPU time (user + system) the process has used so far, in ms: steady under other load, unlike latency. */
function cpuMs(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}
const CLOCK_TICKS = 100

async function load(target: Target, cookie: string, pid: number | undefined) {
  const cpuBefore = cpuMs(pid)
  const headers = { ...target.headers, cookie }
  const latencies: number[] = []
  let failures = 0
  const deadline = performance.now() + DURATION_MS
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now()
        try {
          const response = await fetch(target.url, { headers })
          await response.arrayBuffer()
          if (response.ok) latencies.push(performance.now() - begin)
          else failures += 1
        } catch {
          failures += 1
        }
      }
    }),
  )
  const figures = loadFigures(latencies, failures, (performance.now() - started) / 1000)
  return { ...figures, cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, figures.requests) }
}

async function main(): Promise<Judged[]> {
  const watch = await watchLoad()
  ensureBuild()
  const entry = await snapshotBuild()
  const dataDir = tempDir('tubefold-bench-sharing-')
  let databaseUrl = ''
  if (ENGINE === 'postgres') {
    databaseUrl = await startBenchPostgres()
  }
  // DEMO_MODE: the demo account and its teammate are seeded on PostgreSQL too.
  const serverEnv = { TRUST_PROXY: 'false', DATABASE_URL: databaseUrl, DEMO_MODE: 'true' }

  console.error(`bench: seeding the demo accounts on ${ENGINE} (first boot)…`)
  const seeding = startServer(entry, dataDir, await freePort(), serverEnv)
  await waitForHealth(seeding)
  await signIn(seeding.base, DEMO_TEAMMATE)
  await stopServer(seeding)

  console.error(`bench: a group of ${ITEMS} channels shared with an editor…`)
  const data = await prepareData(dataDir, databaseUrl)

  // The job runner's first sweep over the 500 new channels (feeds, sync) would share the CPU
  // with the measured opens, the owner's first: bench:feeds measures those jobs.
  const server = startServer(entry, dataDir, await freePort(), {
    ...serverEnv,
    JOBS_ENABLED: 'false',
  })
  await waitForHealth(server)
  const ownerCookie = await signIn(server.base, DEMO_ACCOUNT)
  const memberCookie = await signIn(server.base, DEMO_TEAMMATE)
  const target = await captureDetailRequest(server.base, ownerCookie, data.groupId)
  const ownerBody = await openOnce(target, ownerCookie)
  const memberBody = await openOnce(target, memberCookie)
  // The member's answer names the owner; the owner's does not (ownerName is null for them).
  if (!memberBody.includes(DEMO_ACCOUNT.name) || ownerBody.includes(DEMO_ACCOUNT.name)) {
    throw new Error('the member request did not open the group as the member')
  }

  console.error(`bench: ${CLIENTS} clients × ${DURATION_MS / 1000} s, warming up…`)
  for (let warmUp = 0; warmUp < 50; warmUp += 1) {
    await openOnce(target, ownerCookie)
    await openOnce(target, memberCookie)
  }
  console.error('bench: opening the group as the owner…')
  const owner = await load(target, ownerCookie, server.process.pid)
  console.error('bench: opening the group as the member…')
  const member = await load(target, memberCookie, server.process.pid)
  await stopServer(server)

  const ratio = member.p99 / owner.p99
  const machine = watch.finish()
  const judged = judge(machine, [
    limit('owner p99', owner.p99, '≤', MAX_P99_MS, ' ms'),
    limit('member p99', member.p99, '≤', MAX_P99_MS, ' ms'),
    limit('member p99 / owner p99', ratio, '≤', MAX_RATIO),
    limit('failed opens, owner and member', owner.failures + member.failures, '=', 0, '', {
      independentOfLoad: true,
    }),
  ])
  const result = {
    commit: gitCommit(),
    engine: ENGINE,
    date: new Date().toISOString(),
    machine,
    clients: CLIENTS,
    seconds: DURATION_MS / 1000,
    items: ITEMS,
    queriesPerOpen: { owner: data.owner.queries, member: data.member.queries },
    owner,
    member,
    p99Ratio: ratio,
    target: { p99Ratio: MAX_RATIO, p99Ms: MAX_P99_MS },
    verdicts: judged,
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  const file = ENGINE === 'postgres' ? 'sharing-postgres.json' : 'sharing.json'
  writeFileSync(join(root, 'bench/results', file), `${JSON.stringify(result, null, 2)}\n`)

  const ms = (value: number) => `${value.toFixed(1)} ms`
  const line = (who: string, run: typeof owner) =>
    `${who} p50 ${ms(run.p50)}, p99 ${ms(run.p99)}, ${run.rps.toFixed(0)} req/s, ${run.requests} requests, ${run.failures} failures, server CPU ${ms(run.cpuMsPerRequest)} per request`
  console.log(
    `sharing bench (${result.commit ?? 'no commit'}) on ${ENGINE}, ${CLIENTS} clients, a shared group of ${ITEMS} items`,
  )
  console.log(
    `queries per open: owner ${data.owner.queries}, member ${data.member.queries} (tree and items cached)`,
  )
  console.log(loadLine(machine))
  console.log(line('owner: ', owner))
  console.log(line('member:', member))
  console.log(
    `p99 owner ${ms(owner.p99)}, member ${ms(member.p99)} (target ≤ ${MAX_P99_MS} ms each, ${(Math.max(owner.p99, member.p99) / MAX_P99_MS).toFixed(2)}× of it)`,
  )
  console.log(
    `member p99 / owner p99 = ${ratio.toFixed(2)} (target ≤ ${MAX_RATIO.toFixed(2)}: the permission check must cost under 20%)`,
  )
  return judged
}

await runBench(main)
