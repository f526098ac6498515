import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { job } from '~/db/schema'
import { createActor } from '~/seed/factories/users.server'
import { codeOf } from '../../../tests/support/app-errors'
import { db } from '../../../tests/support/database'
import {
  byId,
  demo,
  item,
  MERGE,
  model,
  setUpYoutubeFake,
} from '../../../tests/support/transfer-world'
import { createImport } from './import-preview.server'
import { startImport } from './imports.server'

/*
 * Confirming an import again with the same idempotency key (a retry after a
 * lost answer) answers the same import instead of IMPORT_ALREADY_STARTED,
 * and never queues a second job.
 */

setUpYoutubeFake()

async function jobsOf(importId: string) {
  return db.select({ id: job.id }).from(job).where(eq(job.singletonKey, importId))
}

async function aPreview(fileName: string) {
  const alice = await createActor(db, 'Alice')
  const X = byId(demo('standupmaths').id, 'X')
  const file = model({ channels: [X], ungrouped: [item(X)] })
  const { importId } = await createImport(db, alice, { model: file, fileName })
  return { alice, importId }
}

describe('startImport with an idempotency key', () => {
  it('queues one job for the same key sent twice and answers the same import', async () => {
    const { alice, importId } = await aPreview('retried.txt')
    const key = randomUUID()

    const first = await startImport(db, alice, { importId, options: MERGE, idempotencyKey: key })
    const again = await startImport(db, alice, { importId, options: MERGE, idempotencyKey: key })

    expect(first).toMatchObject({ importId, state: 'queued' })
    expect(again).toEqual(first)
    expect(await jobsOf(importId)).toHaveLength(1)
  })

  it('refuses another key on a started import (a second confirm), still with one job', async () => {
    const { alice, importId } = await aPreview('twice.txt')

    await startImport(db, alice, { importId, options: MERGE, idempotencyKey: randomUUID() })
    expect(
      await codeOf(
        startImport(db, alice, { importId, options: MERGE, idempotencyKey: randomUUID() }),
      ),
    ).toBe('IMPORT_ALREADY_STARTED')
    expect(await jobsOf(importId)).toHaveLength(1)
  })
})
