import type { Database } from '../../src/db/client.server'
import { getDb } from '../../src/server/database.server'

/**
 * This test file's own fresh, migrated database: tests/setup/integration.ts
 * creates and provides it before the file's modules load, so it is ready at
 * import time (no beforeAll needed).
 */
export const db: Database = await getDb()
