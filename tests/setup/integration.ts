import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import type { DatabaseHandle } from '~/db/client.server'
import { provideDatabaseForTests } from '~/server/database.server'
import { createTestDatabase } from './test-database'

process.env.APP_ENV = 'test'
// Vitest exposes Vite's own BASE_URL ('/') in process.env; ours is an absolute address.
if (!process.env.BASE_URL?.startsWith('http')) process.env.BASE_URL = 'http://localhost:3000'
process.env.LOG_LEVEL ??= 'silent'
const ownDataDir = process.env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'tubefold-test-'))
process.env.DATA_DIR ??= ownDataDir

let handle: DatabaseHandle | undefined

afterAll(async () => {
  await handle?.close()
  if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true })
})

// At the top level, not in a beforeAll: Vitest imports this module before the
// test file, so a test module's own top-level code (tests/support/database.ts)
// can already read the database. No hookTimeout applies to this await.
handle = await createTestDatabase()
provideDatabaseForTests(handle)
