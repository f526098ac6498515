import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { firstRow, integer } from '~/db/raw-rows.server'
import { vacuumEmbedded } from '~/db/vacuum.server'
import { createActor } from '~/seed/factories/users.server'
import { testEngine } from '../../../tests/setup/test-database'
import { db } from '../../../tests/support/database'
import {
  applyModel,
  byId,
  folder,
  madeUpIds,
  model,
  setUpYoutubeFake,
} from '../../../tests/support/transfer-world'

/*
 * What an import leaves on disk: PGlite has no autovacuum, so whatever the
 * job rewrites stays there as dead rows unless the app cleans up after it.
 */

setUpYoutubeFake()

/** Bytes the import tables take, their TOAST and indexes included (the old jsonb column's table too). */
async function importTablesBytes(): Promise<number> {
  const row = firstRow(
    await db.execute(sql`select
      pg_total_relation_size('data_import')
        + coalesce(pg_total_relation_size(to_regclass('data_import_resolved')), 0) as bytes`),
  )
  return integer(row.bytes)
}

describe('import storage', () => {
  it.skipIf(testEngine !== 'pglite')(
    'leaves the import tables about as small as before, however many batches the look-ups saved',
    async () => {
      const alice = await createActor(db, 'Alice')
      const before = await importTablesBytes()
      // 2,000 ids YouTube is asked about: 40 batches, each saving its findings.
      const channels = madeUpIds(2000, 41).map((id, at) => byId(id, `Made up ${at}`))
      const status = await applyModel(alice, model({ groups: [folder('All', channels)], channels }))
      expect(status).toMatchObject({ state: 'done', done: 2000, total: 2000 })
      const after = await importTablesBytes()
      // A rewritten jsonb per batch left megabytes; rows appended and compacted leave pages.
      expect(after - before).toBeLessThan(128 * 1024)
    },
  )

  it('vacuums only the embedded database; PostgreSQL has autovacuum', async () => {
    expect(await vacuumEmbedded(db)).toBe(testEngine === 'pglite')
  })
})
