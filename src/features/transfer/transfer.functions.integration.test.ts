import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { job, libraryEntry, pendingLookup } from '~/db/schema'
import { keepPending, lookupRetryJob } from '~/features/library/pending-lookups.server'
import { DEMO_CHANNELS } from '~/seed/factories/catalogue-fixtures'
import { createActor } from '~/seed/factories/users.server'
import { runDueJobs } from '~/server/jobs/jobs.server'
import { runCatalogueFakes } from '../../../tests/support/catalogue-fakes'
import { db } from '../../../tests/support/database'
import { callOverWire, sessionCookie } from '../../../tests/support/wire'
import { retryPendingLookups } from './transfer.functions'

/*
 * The transfer server functions no row of the authorization matrix reaches,
 * called over the wire as the import screen calls them. "Look up again"
 * (retryPendingLookups) acts on the signed-in payer's own pending look-ups
 * only: it takes no input naming anyone. YouTube is the local fake.
 */

runCatalogueFakes()

function demoWithHandle(index: number) {
  const found = DEMO_CHANNELS.filter((row) => row.handle)[index]
  if (!found) throw new Error(`no demo channel with a handle at ${index}`)
  return found
}

/** A pasted handle YouTube could not be asked about, kept for `payerId`'s own library. */
async function pendingHandle(payerId: string, handle: string) {
  await db.transaction((tx) =>
    keepPending(tx, {
      ownerId: payerId,
      payerId,
      importId: null,
      reason: 'network',
      refs: [{ ref: { kind: 'handle', handle }, groupIds: [] }],
    }),
  )
}

/** The queued retry job of a payer, as stored. */
async function retryJobOf(payerId: string) {
  const rows = await db
    .select({ id: job.id, state: job.state, runAt: job.runAt, attempts: job.attempts })
    .from(job)
    .where(
      and(
        eq(job.name, lookupRetryJob.name),
        eq(job.state, 'queued'),
        sql`${job.payload}->>'payerId' = ${payerId}`,
      ),
    )
  expect(rows).toHaveLength(1)
  return rows[0]
}

describe('transfer server functions over the wire', () => {
  it("retryPendingLookups: hurries the caller's own look-ups, which then land in their library", async () => {
    const payer = await createActor(db, 'Looker')
    const other = await createActor(db, 'Other looker')
    const wanted = demoWithHandle(0)
    const theirs = demoWithHandle(1)
    await pendingHandle(payer.id, wanted.handle)
    await pendingHandle(other.id, theirs.handle)
    const otherJob = await retryJobOf(other.id)

    const answer = await callOverWire(retryPendingLookups, {
      cookie: await sessionCookie(payer.id),
    })

    expect(answer).toEqual({ queued: true })
    // Nobody else's retry moves: the caller names no payer, the session does.
    expect(await retryJobOf(other.id)).toEqual(otherJob)
    // The caller's retry is due now: the worker's next pass asks the fake YouTube.
    await runDueJobs(db, [lookupRetryJob])
    expect(
      await db.select().from(pendingLookup).where(eq(pendingLookup.payerId, payer.id)),
    ).toEqual([])
    const entries = await db
      .select({ channelId: libraryEntry.channelId })
      .from(libraryEntry)
      .where(eq(libraryEntry.userId, payer.id))
    expect(entries).toEqual([{ channelId: wanted.id }])
  })
})
