import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../tests/setup/test-database'
import { bundledMigrations, migrate } from './migrate.server'
import { mailOutbox, user } from './schema'

describe('migrate', () => {
  it('applies every bundled migration once and is idempotent', async () => {
    const handle = await createTestDatabase()
    try {
      // The test copy is already migrated: running again applies nothing.
      expect(await migrate(handle.db)).toEqual([])
      // Every table of the schema exists and answers a query.
      expect(await handle.db.select().from(mailOutbox)).toEqual([])
      expect(await handle.db.select().from(user)).toEqual([])
      expect(bundledMigrations().length).toBeGreaterThan(0)
    } finally {
      await handle.close()
    }
  })

  it('refuses a migration whose file changed after it was applied', async () => {
    const handle = await createTestDatabase()
    try {
      const [first] = bundledMigrations()
      if (!first) throw new Error('no migrations bundled')
      await expect(migrate(handle.db, [{ ...first, hash: 'tampered' }])).rejects.toThrow(
        /was changed after it was applied/,
      )
    } finally {
      await handle.close()
    }
  })
})
