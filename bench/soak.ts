/**
 * `npm run soak`: mixed reads and writes by several users against the
 * production build, then a full count of what was acknowledged against what
 * the database holds (issue 22).
 *
 *   npm run soak                                   one instance on PGlite
 *   npm run soak -- --engine=postgres --instances=3  three instances on one private PostgreSQL
 *
 * Options: --seconds= (load time, default 40, at most 60), --users= (default 8),
 * --seed=. Users sign up and sign in over HTTP; each then runs its own loop of
 * creates, renames and moves of groups, channels added (through the local
 * YouTube fake) to its library and to groups shared with it, share links
 * made and joined, entry groups set, and reads of the tree, a group and its
 * feed, each request on the next instance in turn. After the load every
 * instance is stopped (SIGTERM) and the database is read: every acknowledged
 * create must exist with its last acknowledged name and parent, every
 * acknowledged add, join and entry-group set must be there, nothing twice.
 * Prints errors (expected refusals apart from unexpected ones, by kind),
 * p50/p99 per operation, lost writes and the machine's load before and after;
 * exits 1 on any lost write, unaccounted row or unexpected error. Writes
 * bench/results/soak-<engine>.json. Only 127.0.0.1 is contacted.
 */
import './src-loader.ts'
import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { freePort } from '../scripts/postgres-cluster.ts'
import { DEMO_CHANNELS, FAKE_ONLY_CHANNELS } from '../src/seed/factories/catalogue-fixtures.ts'
import { startYoutubeFake } from '../tests/fakes/youtube-fake.ts'
import {
  cleanUpAll,
  ensureBuild,
  gitCommit,
  onCleanup,
  root,
  type Server,
  snapshotBuild,
  startBenchPostgres,
  startServer,
  tempDir,
  waitForHealth,
} from './harness.ts'
import { loadLine, watchLoad } from './machine-load.ts'
import { callServerFunction, serverFunctionIds } from './server-fn-client.ts'
import { runLoad } from './soak-load.ts'
import { verify, withDatabase } from './soak-verify.ts'
import { Soak, type Soaker } from './soak-world.ts'

const MAX_SECONDS = 60
/** The whole run, start-ups and the final count included: a hung soak must still end. */
const WATCHDOG_MS = 10 * 60_000
/** Channels editors add to groups shared with them; the rest are split among the users. */
const SHARED_POOL_SIZE = 15

const parsedOptions = z
  .object({
    engine: z.enum(['pglite', 'postgres']).default('pglite'),
    instances: z.coerce.number().int().min(1).max(8).optional(),
    seconds: z.coerce.number().positive().max(MAX_SECONDS).default(40),
    users: z.coerce.number().int().min(2).max(40).default(8),
    seed: z.coerce.number().int().default(22),
  })
  .refine((value) => value.engine === 'postgres' || (value.instances ?? 1) === 1, {
    message: 'PGlite has one owner: --instances above 1 needs --engine=postgres',
  })
  .safeParse(
    parseArgs({
      options: {
        engine: { type: 'string' },
        instances: { type: 'string' },
        seconds: { type: 'string' },
        users: { type: 'string' },
        seed: { type: 'string' },
      },
    }).values,
  )
if (!parsedOptions.success) {
  for (const issue of parsedOptions.error.issues) {
    console.error(
      `soak: ${issue.path.length > 0 ? `--${issue.path.join('.')}: ` : ''}${issue.message}`,
    )
  }
  process.exit(2)
}
const options = parsedOptions.data
const ENGINE = options.engine
const INSTANCES = options.instances ?? (ENGINE === 'postgres' ? 3 : 1)

const signInSchema = z.object({ user: z.object({ id: z.string() }) })

/** Stops an instance as an operator would (SIGTERM), and says how it went. */
async function stopInstance(server: Server): Promise<string> {
  const child = server.process
  if (child.exitCode !== null || child.signalCode !== null) {
    return `had already exited (${child.exitCode ?? child.signalCode})`
  }
  const started = performance.now()
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
  const ms = Math.round(performance.now() - started)
  if (child.signalCode === 'SIGKILL') return `did not stop within 15 s: killed`
  return `stopped in ${ms} ms (exit ${child.exitCode ?? child.signalCode})`
}

async function signUp(base: string, ids: Map<string, string>, user: Soaker) {
  const registerId = ids.get('register')
  if (!registerId) throw new Error('no register function in this build')
  const registered = await callServerFunction({
    base,
    id: registerId,
    method: 'POST',
    data: {
      name: user.name,
      email: user.email,
      password: user.password,
      confirmPassword: user.password,
      acceptTerms: true,
    },
    headers: { 'x-forwarded-for': user.address },
  })
  if (!registered.ok)
    throw new Error(`sign-up of ${user.email}: ${registered.kind} ${registered.detail}`)
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': user.address },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  const body = signInSchema.safeParse(await response.json())
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('better-auth.'))
    .join('; ')
  if (!response.ok || !body.success || !cookie) {
    throw new Error(`sign-in of ${user.email} answered ${response.status}`)
  }
  user.cookie = cookie
  user.id = body.data.user.id
}

async function main() {
  const watch = await watchLoad()
  const watchdog = setTimeout(() => {
    console.error(`soak: still running after ${WATCHDOG_MS / 60_000} min, giving up`)
    process.exit(1)
  }, WATCHDOG_MS)
  watchdog.unref()

  ensureBuild()
  const entry = await snapshotBuild()
  const ids = serverFunctionIds(entry)
  const youtube = await startYoutubeFake({ host: '127.0.0.1' })
  onCleanup(() => void youtube.close())
  const databaseUrl = ENGINE === 'postgres' ? await startBenchPostgres() : ''
  const dataDir = tempDir('tubefold-soak-')
  const env = {
    DATABASE_URL: databaseUrl,
    YOUTUBE_API_KEY: 'soak-key',
    YOUTUBE_API_BASE_URL: youtube.apiBaseUrl,
    YOUTUBE_WEB_BASE_URL: youtube.webBaseUrl,
    YOUTUBE_FEED_BASE_URL: youtube.feedBaseUrl,
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    // One deployment, one set of secrets: without them each instance would make its own
    // in its DATA_DIR and refuse the others' session cookies.
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  }

  console.error(`soak: starting ${INSTANCES} instance(s) on ${ENGINE}…`)
  const startedAt = performance.now()
  // The first one migrates the empty database; the others start together after it.
  const first = startServer(entry, dataDir, await freePort(), env)
  await waitForHealth(first)
  const servers = [first]
  for (let at = 1; at < INSTANCES; at++) {
    // PostgreSQL is the shared state: each instance gets a DATA_DIR of its own for the rest.
    servers.push(startServer(entry, tempDir('tubefold-soak-'), await freePort(), env))
  }
  await Promise.all(servers.slice(1).map(waitForHealth))
  const startUpMs = performance.now() - startedAt

  const channels = [...DEMO_CHANNELS, ...FAKE_ONLY_CHANNELS].map((channel) => channel.id)
  const sharedPool = channels.slice(0, SHARED_POOL_SIZE)
  const ownChannels = Array.from({ length: options.users }, (_, index) =>
    channels.slice(SHARED_POOL_SIZE).filter((_, at) => at % options.users === index),
  )
  const stamp = Date.now().toString(36)
  const users: Soaker[] = Array.from({ length: options.users }, (_, index) => ({
    index,
    name: `Soak User ${index}`,
    email: `soak-${stamp}-${index}@example.test`,
    password: `soak-${stamp}-password-${index}`,
    address: `10.22.${index >> 8}.${(index & 255) + 1}`,
    cookie: '',
    id: '',
  }))
  const soak = new Soak(
    servers.map((server) => ({ base: server.base })),
    ids,
    users,
    ownChannels,
    sharedPool,
  )

  console.error(`soak: ${options.users} users sign up and set up their trees…`)
  await Promise.all(
    users.map((user, index) => {
      const server = servers[index % servers.length]
      if (!server) throw new Error('no server')
      return signUp(server.base, ids, user)
    }),
  )
  const [firstUser] = users
  if (!firstUser) throw new Error('no users')
  // One look-up puts every channel into the shared catalogue, as a paste would.
  const resolved = await soak.call(firstUser, 'resolveChannels', 'POST', {
    text: channels.map((id) => `https://www.youtube.com/channel/${id}`).join('\n'),
    groupId: null,
  })
  if (!resolved.ok)
    throw new Error(`the channel look-up failed: ${resolved.kind} ${resolved.detail}`)
  await Promise.all(
    users.map(async (user) => {
      await soak.createGroup(user, `Soak shared u${user.index}`, null)
      const root = [...soak.knownOf(user).values()][0]
      if (!root) {
        throw new Error(
          `user ${user.index} has no shared root: ${[...soak.errors.keys()].join('; ')} ${soak.unexpected.join('; ')}`,
        )
      }
      root.shared = true
      soak.sharedRoots.set(user.index, root.id)
      await soak.createGroup(user, `Soak private u${user.index}`, null)
      await soak.addChannels(user, ownChannels[user.index] ?? [], null)
      await soak.readLibrary(user)
    }),
  )
  for (const user of users) {
    const next = users[(user.index + 1) % users.length]
    if (next) await soak.shareRoot(user, next)
  }
  const setupErrors = [...soak.errors.values()].reduce((sum, count) => sum + count, 0)

  console.error(`soak: ${options.seconds} s of mixed load…`)
  const loadStarted = performance.now()
  const operations = await runLoad(soak, options.seconds * 1000, options.seed)
  const loadSeconds = (performance.now() - loadStarted) / 1000

  console.error('soak: stopping the instances (SIGTERM)…')
  const stops = await Promise.all(servers.map(stopInstance))
  console.error('soak: counting what was written against what is there…')
  const verdict = await withDatabase({ databaseUrl, dataDir }, (query) =>
    verify(query, users, soak.records),
  )
  const machine = watch.finish()
  clearTimeout(watchdog)

  const errors = [...soak.errors.entries()].sort((a, b) => b[1] - a[1])
  const unexpected = errors
    .filter(([key]) => key.startsWith('unexpected'))
    .reduce((sum, [, count]) => sum + count, 0)
  const expected = errors
    .filter(([key]) => key.startsWith('expected'))
    .reduce((sum, [, count]) => sum + count, 0)
  const figures = soak.figures()
  const pass = verdict.lost.length === 0 && verdict.extra.length === 0 && unexpected === 0
  const result = {
    commit: gitCommit(),
    engine: ENGINE,
    instances: INSTANCES,
    users: options.users,
    seed: options.seed,
    date: new Date().toISOString(),
    machine,
    startUpMs: Math.round(startUpMs),
    loadSeconds,
    operations,
    setupErrors,
    figures,
    errors: Object.fromEntries(errors),
    unexpectedSamples: soak.unexpected,
    stops,
    verdict,
    pass,
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  writeFileSync(
    join(root, 'bench/results', `soak-${ENGINE}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  )

  const ms = (value: number) => `${value.toFixed(1)} ms`
  console.log(
    `soak (${result.commit ?? 'no commit'}) on ${ENGINE}, ${INSTANCES} instance(s), ${options.users} users, ${loadSeconds.toFixed(1)} s, seed ${options.seed}`,
  )
  console.log(loadLine(machine))
  console.log(`start-up ${(startUpMs / 1000).toFixed(1)} s; ${operations} operations`)
  console.log('per operation (acknowledged answers):')
  for (const figure of figures) {
    console.log(
      `  ${figure.name.padEnd(18)} ${String(figure.count).padStart(6)}  p50 ${ms(figure.p50).padStart(9)}  p99 ${ms(figure.p99).padStart(9)}`,
    )
  }
  console.log(`errors: ${expected} expected, ${unexpected} unexpected`)
  for (const [key, count] of errors) console.log(`  ${String(count).padStart(6)}  ${key}`)
  for (const sample of soak.unexpected) console.log(`  unexpected: ${sample}`)
  for (const [at, stop] of stops.entries()) console.log(`instance ${at + 1} ${stop}`)
  console.log(
    `checked: ${verdict.checked.groups} groups, ${verdict.checked.libraryAdds} channel adds to shared groups, ${verdict.checked.entrySets} entry group sets, ${verdict.checked.joins} joins (rows: ${verdict.rows.groups} groups, ${verdict.rows.entries} entries, ${verdict.rows.items} items, ${verdict.rows.members} members)`,
  )
  console.log(`lost writes: ${verdict.lost.length}`)
  for (const line of verdict.lost.slice(0, 20)) console.log(`  lost: ${line}`)
  console.log(`unaccounted rows: ${verdict.extra.length}`)
  for (const line of verdict.extra.slice(0, 20)) console.log(`  extra: ${line}`)
  console.log(pass ? 'PASS' : 'FAIL')
  if (!pass) process.exitCode = 1
}

main()
  .catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(cleanUpAll)
