import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { provideDatabaseForTests } from '~/server/database.server'
import { createTestDatabase } from './test-database'

process.env.APP_ENV = 'test'
// Vitest exposes Vite's own BASE_URL ('/') in process.env; ours is an absolute address.
if (!process.env.BASE_URL?.startsWith('http')) process.env.BASE_URL = 'http://localhost:3000'
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
