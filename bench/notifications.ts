/**
 * `npm run bench:notifications`: daily digests at the size.
 *
 * In-process on a fresh embedded database (BENCH_DATABASE=postgres: a
 * private PostgreSQL cluster): 1,000 users, each with 20 groups (4 top-level
 * groups of 4 subgroups, the daily digest set on the top four and inherited
 * below) of 10 channels each, over a fake feed cache of 10,000 channels with
 * 3 new and 2 old videos each (inserted directly). It prints:
 * - the digest run (runDigests for every user at once): wall time, statements,
 *   and statements per digest, which must not grow with the groups (target:
 *   a fixed handful per user, ≤ 8, plus a fixed handful per run);
 * - the mail jobs it queued, sent to the outbox: wall time and statements per mail;
 * - a second run in the same period: nothing sent.
 * A verdict per target: every user got exactly one digest, the second run
 * sent nothing and statements per digest ≤ 8 (counts, judged at any load);
 * the run took ≤ 60 s (none when the machine was loaded, BENCH_MAX_LOAD).
 * Exit codes: exit-code.ts. `--quick`: 100 users, 1,000 channels.
 * Writes bench/results/notifications.json (notifications-postgres.json).
 * Nothing is contacted: mail goes to the outbox table.
 */
import './src-loader.ts'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { type Judged, judge, runBench, target } from './exit-code.ts'
import { gitCommit, onCleanup, root, startBenchPostgres, tempDir } from './harness.ts'
import { loadLine, watchLoad } from './machine-load.ts'

const ENGINE = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite'
const QUICK = process.argv.includes('--quick')
const USERS = QUICK ? 100 : 1000
const CHANNELS = QUICK ? 1000 : 10_000
const ROOTS = 4
const CHILDREN = 4
const GROUPS = ROOTS * (1 + CHILDREN)
const CHANNELS_PER_GROUP = 10
const NEW_PER_CHANNEL = 3
const OLD_PER_CHANNEL = 2
const TARGETS = { statementsPerDigest: 8, runMs: 60_000 }

async function main(): Promise<Judged[]> {
  const dataDir = tempDir('tubefold-bench-notify-')
  const databaseUrl = ENGINE === 'postgres' ? await startBenchPostgres() : ''
  Object.assign(process.env, {
    APP_ENV: 'test',
    LOG_LEVEL: 'error',
    DATA_DIR: dataDir,
    BASE_URL: 'http://127.0.0.1:3000',
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
  })
  const { openDatabase, pgliteHandle } = await import('../src/db/client.server.ts')
  const { migrate } = await import('../src/db/migrate.server.ts')
  const { provideDatabaseForTests } = await import('../src/server/database.server.ts')
  const { runDigests } = await import('../src/features/notifications/digests.server.ts')
  const { notificationMailJob } = await import(
    '../src/features/notifications/notification-mail.server.ts'
  )
  const { runDueJobs } = await import('../src/server/jobs/jobs.server.ts')
  const { findNewUploads } = await import('../src/features/notifications/new-uploads.server.ts')

  let statements = 0
  const logger = {
    logQuery: () => {
      statements += 1
    },
  }
  const handle =
    ENGINE === 'postgres'
      ? await openDatabase({ engine: 'postgres', url: databaseUrl, logger })
      : pgliteHandle(await PGlite.create(join(dataDir, 'pglite')), logger)
  onCleanup(() => void handle.close())
  provideDatabaseForTests(handle)
  const db = handle.db
  await migrate(db)

  console.error(
    `bench: ${USERS} users × ${GROUPS} groups × ${CHANNELS_PER_GROUP} channels over ${CHANNELS} channels…`,
  )
  const seedStarted = performance.now()
  await seed(db)
  const seedMs = performance.now() - seedStarted

  const watch = await watchLoad()
  const now = new Date()
  // The one statement that finds every user's uploads, alone (it changes nothing).
  let started = performance.now()
  const found = await findNewUploads(db, {
    mode: 'daily',
    since: new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000),
    limitPerUser: 50,
  })
  const findMs = performance.now() - started
  statements = 0
  started = performance.now()
  const run = await runDigests(db, now)
  const runMs = performance.now() - started
  const runStatements = statements

  statements = 0
  started = performance.now()
  const sending = await runDueJobs(db, [notificationMailJob])
  const sendMs = performance.now() - started
  const sendStatements = statements

  statements = 0
  started = performance.now()
  const again = await runDigests(db, now)
  const againMs = performance.now() - started
  await runDueJobs(db, [notificationMailJob])
  const machine = watch.finish()

  const outbox = await db.execute(sql`select count(*)::int as mails,
    count(distinct "to")::int as people, min(length(html))::int as smallest from mail_outbox`)
  const { rowsOf } = await import('../src/db/raw-rows.server.ts')
  const [mailRow] = rowsOf(outbox)
  const mails = Number(mailRow?.mails ?? 0)
  const people = Number(mailRow?.people ?? 0)
  const perDigest = run.mailed > 0 ? runStatements / run.mailed : Number.NaN
  const count = { independentOfLoad: true }
  const judged = judge(machine, [
    target('digests in the run (one per user)', run.mailed, '=', USERS, '', count),
    target('mails in the outbox (one per user)', mails, '=', USERS, '', count),
    target('people mailed (every user)', people, '=', USERS, '', count),
    target('digests in the second run, same period', again.mailed, '=', 0, '', count),
    target('statements per digest', perDigest, '≤', TARGETS.statementsPerDigest, '', count),
    target('digest run', runMs / 1000, '≤', TARGETS.runMs / 1000, ' s'),
  ])
  const result = {
    commit: gitCommit(),
    engine: ENGINE,
    date: new Date().toISOString(),
    machine,
    load: {
      users: USERS,
      groupsPerUser: GROUPS,
      channelsPerGroup: CHANNELS_PER_GROUP,
      channels: CHANNELS,
      videos: CHANNELS * (NEW_PER_CHANNEL + OLD_PER_CHANNEL),
    },
    seedMs: Math.round(seedMs),
    find: { uploads: found.length, ms: Math.round(findMs) },
    run: { ...run, ms: Math.round(runMs), statements: runStatements, perDigest },
    send: { jobs: sending.done, ms: Math.round(sendMs), statements: sendStatements },
    again: { ...again, ms: Math.round(againMs) },
    mails,
    target: TARGETS,
    verdicts: judged,
  }
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  const file = `notifications${QUICK ? '-quick' : ''}${ENGINE === 'postgres' ? '-postgres' : ''}.json`
  writeFileSync(join(root, 'bench/results', file), `${JSON.stringify(result, null, 2)}\n`)

  console.log(
    `notifications bench (${result.commit ?? 'no commit'}) on ${ENGINE}: ${USERS} users × ${GROUPS} groups × ${CHANNELS_PER_GROUP} channels, ${CHANNELS} channels, ${result.load.videos} videos (seeded in ${(seedMs / 1000).toFixed(1)} s)`,
  )
  console.log(loadLine(machine))
  console.log(
    `digest run: ${run.mailed} digests (${run.due} due, ${run.empty} empty) in ${(runMs / 1000).toFixed(2)} s, ${runStatements} statements = ${perDigest.toFixed(2)} per digest (target ≤ ${TARGETS.statementsPerDigest}, run ≤ ${TARGETS.runMs / 1000} s)`,
  )
  console.log(
    `finding every user's new uploads (one statement): ${found.length} uploads in ${(findMs / 1000).toFixed(2)} s`,
  )
  console.log(
    `mail jobs: ${sending.done} sent to the outbox in ${(sendMs / 1000).toFixed(2)} s, ${(sendStatements / Math.max(1, sending.done)).toFixed(2)} statements per mail`,
  )
  console.log(
    `second run, same period: ${again.mailed} digests in ${(againMs / 1000).toFixed(2)} s; ${mails} mails to ${people} people in all`,
  )
  return judged
}

/** Users, trees, libraries, settings and videos in a few set-based statements. */
async function seed(db: import('../src/db/client.server.ts').Database) {
  const day = 24 * 60 * 60 * 1000
  const longAgo = new Date(Date.now() - 10 * day).toISOString()
  const setAgo = new Date(Date.now() - 3 * day).toISOString()
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'bench-' || u, 'Bench ' || u, 'bench' || u || '@tubefold.localhost', true
    from generate_series(1, ${USERS}) u`)
  await db.execute(sql`insert into channel (id, title)
    select 'UCbench' || lpad(c::text, 17, '0'), 'Bench channel ' || c
    from generate_series(0, ${CHANNELS - 1}) c`)
  // Roots: position r; children of root r: position c. Ids derived so the items can find them.
  await db.execute(sql`insert into "group" (id, owner_id, parent_id, name, name_key, position)
    select md5('g' || u || '-' || r)::uuid, 'bench-' || u, null, 'Group ' || r, 'group ' || r, 'a' || r
    from generate_series(1, ${USERS}) u, generate_series(1, ${ROOTS}) r`)
  await db.execute(sql`insert into "group" (id, owner_id, parent_id, name, name_key, position)
    select md5('g' || u || '-' || r || '-' || c)::uuid, 'bench-' || u, md5('g' || u || '-' || r)::uuid,
      'Sub ' || c, 'sub ' || c, 'a' || c
    from generate_series(1, ${USERS}) u, generate_series(1, ${ROOTS}) r, generate_series(1, ${CHILDREN}) c`)
  await db.execute(sql`insert into library_entry (id, user_id, kind, channel_id)
    select md5('e' || u || '-' || k)::uuid, 'bench-' || u, 'channel',
      'UCbench' || lpad((((u * ${GROUPS * CHANNELS_PER_GROUP}) + k) % ${CHANNELS})::text, 17, '0')
    from generate_series(1, ${USERS}) u, generate_series(0, ${GROUPS * CHANNELS_PER_GROUP - 1}) k`)
  // Group number n (0‥19) of a user: the roots first, then each root's children.
  await db.execute(sql`with numbered as (
      select g.id, g.owner_id,
        row_number() over (partition by g.owner_id order by g.parent_id nulls first, g.name, g.id) - 1 as n
      from "group" g where g.owner_id like 'bench-%'
    )
    insert into group_item (group_id, entry_id, position, added_by, created_at)
    select x.id, md5('e' || substr(x.owner_id, 7) || '-' || (x.n * ${CHANNELS_PER_GROUP} + j))::uuid,
      'a' || j, x.owner_id, ${longAgo}::timestamptz
    from numbered x, generate_series(0, ${CHANNELS_PER_GROUP - 1}) j`)
  await db.execute(sql`insert into group_notification (user_id, group_id, uploads, created_at, updated_at)
    select g.owner_id, g.id, 'daily', ${setAgo}::timestamptz, ${setAgo}::timestamptz
    from "group" g where g.parent_id is null and g.owner_id like 'bench-%'`)
  await db.execute(sql`insert into video (id, channel_id, title, thumbnail_url, published_at)
    select substr(md5(c || '-' || v), 1, 11), 'UCbench' || lpad(c::text, 17, '0'),
      'Video ' || v || ' of channel ' || c,
      'https://i.ytimg.com/vi/' || substr(md5(c || '-' || v), 1, 11) || '/mqdefault.jpg',
      case when v < ${NEW_PER_CHANNEL} then now() - (v + 1) * interval '2 hours'
        else now() - (v + 4) * interval '1 day' end
    from generate_series(0, ${CHANNELS - 1}) c, generate_series(0, ${NEW_PER_CHANNEL + OLD_PER_CHANNEL - 1}) v`)
  await db.execute(sql`analyze`)
}

await runBench(main)
