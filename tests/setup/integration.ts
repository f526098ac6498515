import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { provideDatabaseForTests } from '~/server/database.server'
import { createTestDatabase } from './test-database'

process.env.APP_ENV = 'test'
process.env.LOG_LEVEL ??= 'silent'
process.env.DATA_DIR ??= mkdtempSync(join(tmpdir(), 'tubefold-test-'))

let handle: DatabaseHandle | undefined

beforeAll(async () => {
  handle = await createTestDatabase()
  provideDatabaseForTests(handle)
})

afterAll(async () => {
  await handle?.close()
})
