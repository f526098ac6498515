import { join } from 'node:path'
import { type Database, type DatabaseHandle, openDatabase } from '~/db/client.server'
import { migrate } from '~/db/migrate.server'
import { getEnv } from './env.server'
import { onShutdown } from './lifecycle.server'
import { log } from './logger.server'
import { reportMemoryOnSignal } from './memory-report.server'

let ready: Promise<DatabaseHandle> | undefined
const beforeClose: (() => Promise<void>)[] = []

/** Work that must settle while the database is still open (the job worker), run at shutdown. */
export function beforeDatabaseCloses(task: () => Promise<void>) {
  beforeClose.push(task)
}

async function boot(): Promise<DatabaseHandle> {
  const env = getEnv()
  const started = performance.now()
  const handle = await openDatabase(
    env.DATABASE_URL
      ? { engine: 'postgres', url: env.DATABASE_URL, log }
      : { engine: 'pglite', dataDir: join(env.dataDir, 'pglite') },
  )
  onShutdown(async () => {
    await Promise.allSettled(beforeClose.map((task) => task()))
    await handle.close()
  })
  // Here, not in the entry: the entry is bundled apart and would not see this handle.
  reportMemoryOnSignal(handle)
  const applied = await migrate(handle.db)
  log.info('database ready', {
    engine: handle.engine,
    migrationsApplied: applied.length,
    ms: Math.round(performance.now() - started),
  })
  return handle
}

/** The app's database, opened and migrated once per process. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  ready ??= boot().catch((error: unknown) => {
    ready = undefined
    throw error
  })
  return ready
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db
}

/** Tests hand in their own database (a fresh migrated copy) instead of the configured one. */
export function provideDatabaseForTests(handle: DatabaseHandle) {
  ready = Promise.resolve(handle)
}
