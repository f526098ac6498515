import { createServerEntry } from '@tanstack/react-start/server'
import { zipSync } from 'fflate'
import initSqlJs from 'sql.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { Route as healthRoute } from '~/routes/health'
import { createActor } from '~/seed/factories/users.server'
import type { Actor } from '~/server/auth/signed-in.middleware'
import { codeOf } from '../../../../tests/support/app-errors'
import { db } from '../../../../tests/support/database'
import { previewImportFile } from '../import-preview.server'
import { KURZ } from './import-models.fixtures'
import { parseImport } from './parse-import'
import { PARSE_LIMITS, parseImportInWorker } from './parse-in-worker.server'

/*
 * Issue 21.1: an uploaded file is parsed in a worker thread, so however long
 * it takes the server keeps answering, and past its wall time it is dropped.
 */

let alice: Actor

beforeAll(async () => {
  alice = await createActor(db, 'Alice')
  // Start the pool (and load the parsers) before anything is timed.
  await parseImportInWorker(
    new TextEncoder().encode(`https://www.youtube.com/channel/${KURZ}`),
    null,
  )
})

async function database(sql: string): Promise<Uint8Array<ArrayBuffer>> {
  const SQL = await initSqlJs()
  const file = new SQL.Database()
  file.run(sql)
  // A copy on a plain ArrayBuffer, as File wants.
  const bytes = file.export().slice()
  file.close()
  return bytes
}

/** 100,000 subscriptions of another service: a legitimate file that takes the parser a while. */
const bigDatabase = () =>
  database(`
    CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, url, name);
    WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 100000)
    INSERT INTO subscriptions SELECT n, 1, 'https://media.ccc.de/c/talk-' || n, 'Talk ' || n FROM r;`)

/** The shape of the 689-byte repro: a generated column whose expression is slow, read for every row. */
const hostileZip = async () =>
  zipSync({
    // Rows first, then the column: SQLite computes a virtual column only when it is read.
    'newpipe.db': await database(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY, service_id, name);
      WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 500)
      INSERT INTO subscriptions SELECT n, 0, 'c' FROM r;
      ALTER TABLE subscriptions ADD COLUMN
        url TEXT GENERATED ALWAYS AS (length(hex(zeroblob(20000000 + uid))) || name) VIRTUAL;`),
  })

async function health(): Promise<Response> {
  const handlers = healthRoute.options.server?.handlers
  const get = typeof handlers === 'function' ? undefined : handlers?.GET
  if (typeof get !== 'function') throw new Error('the health route lost its GET handler')
  const request = new Request('http://localhost:3000/health')
  return createServerEntry({
    fetch: async () => {
      const answer = await get({
        request,
        params: {},
        context: { nonce: 'test', requestId: 'test' },
        pathname: '/health',
        next: () => {
          throw new Error('no next')
        },
      })
      if (!(answer instanceof Response)) throw new Error('/health answered no Response')
      return answer
    },
  }).fetch(request, {})
}

/** Calls /health every 25 ms until `work` settles; each call must be answered. */
async function probeWhile(work: Promise<unknown>): Promise<void> {
  let settled = false
  const done = work.then(
    () => (settled = true),
    () => (settled = true),
  )
  while (!settled) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    if (settled) break
    expect((await health()).status).toBe(200)
  }
  await done
}

/** CPU time (ms) of this thread, the one that answers requests, while `work` runs. */
async function threadCpuOf(work: () => Promise<unknown>): Promise<number> {
  const before = process.threadCpuUsage()
  await work()
  const used = process.threadCpuUsage(before)
  return (used.user + used.system) / 1000
}

describe('parsing off the main thread', () => {
  it('/health answers while a large file is parsed: the parse takes no time of this thread', async () => {
    await health()
    const bytes = await bigDatabase()
    const file = new File([bytes], 'newpipe.db')
    const preview = previewImportFile(db, alice, { file })
    await probeWhile(preview)
    expect(await codeOf(preview)).toBe('IMPORT_EMPTY')
    // CPU time, which no neighbour stretches: what the parse costs on the thread that runs it,
    // against what a preview of the same file costs this thread (reading and handing it over).
    const inline = await threadCpuOf(() => codeOf(parseImport(bytes, 'newpipe.db')))
    const handedOver = await threadCpuOf(() => codeOf(previewImportFile(db, alice, { file })))
    expect(handedOver).toBeLessThan(inline / 4)
  })

  it('refuses the hostile generated-column zip as damaged, /health answering all along', async () => {
    const file = new File([await hostileZip()], 'newpipe.zip')
    const preview = previewImportFile(db, alice, { file })
    await probeWhile(preview)
    // Damaged, not IMPORT_TIMEOUT: its shape refused it before the wall time could.
    expect(await codeOf(preview)).toBe('IMPORT_MALFORMED')
  })

  it('kills a worker past its wall time with IMPORT_TIMEOUT, and the next file is read', async () => {
    const slow = await bigDatabase()
    expect(
      await codeOf(parseImportInWorker(slow, 'newpipe.db', { ...PARSE_LIMITS, wallMs: 5 })),
    ).toBe('IMPORT_TIMEOUT')
    const model = await parseImportInWorker(
      new TextEncoder().encode(`https://www.youtube.com/channel/${KURZ}`),
      null,
    )
    expect(model.channels).toHaveLength(1)
  })
})
