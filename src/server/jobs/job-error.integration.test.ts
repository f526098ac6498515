import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { channel } from '~/db/schema'
import { db } from '../../../tests/support/database'
import { jobSuite, uniqueName } from '../../../tests/support/job-suite'
import { defineJob, enqueue, runDueJobs } from './jobs.server'

const { rowOf } = jobSuite()
describe('a failed job keeps the cause', () => {
  it('stores the database error first, not the first 2,000 characters of the statement', async () => {
    const definition = defineJob({
      name: uniqueName('too-many-params'),
      schema: z.object({}),
      maxAttempts: 1,
      handler: async () => {
        // More values than one statement may bind: the engine's own refusal.
        const ids = Array.from({ length: 70_000 }, (_, index) => `UC${index}`)
        await db.select({ id: channel.id }).from(channel).where(inArray(channel.id, ids))
      },
    })
    const id = await enqueue(db, definition, {})
    expect(await runDueJobs(db, [definition])).toMatchObject({ failed: 1 })
    const row = await rowOf(id)
    expect(row.state).toBe('failed')
    expect(row.lastError).toMatch(/^bind message [^—]*\[08P01\]/)
    expect(row.lastError).toContain('Failed query: select')
    expect(row.lastError?.length).toBeLessThanOrEqual(2000)
  })
})
