/**
 * Set-up shared by the job queue's integration tests: the test database, the
 * workers a test starts (stopped after it), and small readers of the job table.
 */
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll } from 'vitest'
import { z } from 'zod'
import type { Database } from '../../src/db/client.server'
import { job } from '../../src/db/schema'
import { getDb } from '../../src/server/database.server'
import { type JobWorker, startJobWorker } from '../../src/server/jobs/worker.server'

type WorkerOptions = Omit<Parameters<typeof startJobWorker>[0], 'db'>

/** Registers the file's hooks; call once at the top level of a test file. */
export function jobSuite() {
  let db: Database | undefined
  const workers: JobWorker[] = []

  beforeAll(async () => {
    db = await getDb()
  })

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()))
  })

  const database = (): Database => {
    if (!db) throw new Error('the test database is not open yet')
    return db
  }

  return {
    database,

    /** A worker on the test database, polling every 20 ms unless told; stopped after the test. */
    worker(options: WorkerOptions): JobWorker {
      const started = startJobWorker({
        db: () => Promise.resolve(database()),
        pollMs: 20,
        ...options,
      })
      workers.push(started)
      return started
    },

    async rowOf(id: string | null) {
      const [row] = await database()
        .select()
        .from(job)
        .where(eq(job.id, id ?? ''))
      if (!row) throw new Error(`no job ${id}`)
      return row
    },

    async rowsNamed(name: string) {
      return database().select().from(job).where(eq(job.name, name))
    },
  }
}

let sequence = 0
/** Every test has its own job names, so runs and workers of one test never see another's jobs. */
export const uniqueName = (label: string) => `test.${label}.${++sequence}`

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const until = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`)
    await sleep(5)
  }
}

/** A promise with its resolve function, to hold a handler until the test lets it go. */
export function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

export const counter = z.object({ n: z.number().int().nonnegative() })
