import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { channel, job, pendingLookup, youtubeQuotaUser } from '~/db/schema'
import { lookupRetryJob, retryPending } from '~/features/library/pending-lookups.server'
import { createActor } from '~/seed/factories/users.server'
import { fakeVideoIds } from '../../../tests/fakes/youtube-rss-fake'
import { db } from '../../../tests/support/database'
import {
  applyModel,
  byHandle,
  byId,
  demo,
  folder,
  libraryOf,
  model,
  setUpYoutubeFake,
  treeOf,
} from '../../../tests/support/transfer-world'
import { getImportStatus } from './imports.server'

/*
 * Decision 0049: YouTube out of reach keeps look-ups pending (never "not
 * found"); the retry job fills them in when it answers, through the quota
 * ledger on the payer's share. Against the fake YouTube, switched off and on.
 */

const youtube = setUpYoutubeFake()

async function pendingOf(ownerId: string) {
  return db
    .select({ refKey: pendingLookup.refKey, groupIds: pendingLookup.groupIds })
    .from(pendingLookup)
    .where(eq(pendingLookup.ownerId, ownerId))
}

async function titleOf(id: string) {
  const [row] = await db
    .select({ title: channel.title, avatarUrl: channel.avatarUrl, confirmed: channel.confirmed })
    .from(channel)
    .where(eq(channel.id, id))
  return row
}

describe('pending look-ups', () => {
  it('keeps ids and handles pending when YouTube cannot be reached, then fills them in', async () => {
    const alice = await createActor(db, 'Alice')
    const idChannel = demo('3blue1brown')
    const handleChannel = demo('scottmanley')
    const I = byId(idChannel.id)
    const H = byHandle(handleChannel.handle)
    youtube().setUnreachable([''])
    const status = await applyModel(
      alice,
      model({ groups: [folder('Science', [I, H])], channels: [I, H] }),
    )
    expect(status).toMatchObject({
      state: 'done',
      result: { notFound: [], lookedUp: 0, pending: 2, pendingReason: 'network' },
      pendingLeft: 2,
    })
    // The id is an entry already, titled by its id; the handle waits with its group.
    expect(await titleOf(idChannel.id)).toMatchObject({ title: idChannel.id, confirmed: false })
    const [tree] = await treeOf(alice.id)
    expect(tree?.items).toEqual([idChannel.id])
    const pending = await pendingOf(alice.id)
    expect(pending.map((row) => row.refKey).sort()).toEqual(
      [`handle:${handleChannel.handle.toLowerCase()}`, `id:${idChannel.id}`].sort(),
    )
    expect(pending.find((row) => row.refKey.startsWith('handle:'))?.groupIds).toHaveLength(1)
    // The retry job is queued for the payer.
    const jobs = await db
      .select({ name: job.name })
      .from(job)
      .where(eq(job.name, lookupRetryJob.name))
    expect(jobs).toHaveLength(1)

    // Still down: nothing changes but the reason and the attempts.
    expect(await retryPending(db, alice.id)).toEqual({ kind: 'unavailable', reason: 'network' })
    expect(await pendingOf(alice.id)).toHaveLength(2)

    // YouTube answers again.
    youtube().setUnreachable([])
    expect(await retryPending(db, alice.id)).toEqual({ kind: 'done' })
    expect(await titleOf(idChannel.id)).toEqual({
      title: idChannel.title,
      avatarUrl: idChannel.avatarUrl,
      confirmed: true,
    })
    const [after] = await treeOf(alice.id)
    expect(after?.items).toEqual([idChannel.id, handleChannel.id])
    expect(await pendingOf(alice.id)).toEqual([])
    const done = await getImportStatus(db, alice, { importId: status.importId })
    expect(done).toMatchObject({ pendingLeft: 0, result: { pending: 2 } })
    // The units went through the ledger, on Alice's own share.
    const [share] = await db
      .select({ units: youtubeQuotaUser.units })
      .from(youtubeQuotaUser)
      .where(eq(youtubeQuotaUser.userId, alice.id))
    expect(share?.units).toBeGreaterThanOrEqual(2)
  })

  it('reports a pending handle YouTube then says does not exist as not found', async () => {
    const bob = await createActor(db, 'Bob')
    const H = byHandle('nobody-has-this-handle')
    youtube().setUnreachable([''])
    const status = await applyModel(bob, model({ groups: [folder('G', [H])], channels: [H] }))
    expect(status.result).toMatchObject({ pending: 1, notFound: [] })
    youtube().setUnreachable([])
    await retryPending(db, bob.id)
    const after = await getImportStatus(db, bob, { importId: status.importId })
    expect(after).toMatchObject({
      pendingLeft: 0,
      result: { notFound: [{ line: null, code: 'notChannel', input: '@nobody-has-this-handle' }] },
    })
    expect(await libraryOf(bob.id)).toEqual([])
  })

  it('resolves a video link to its channel, and names a missing video', async () => {
    const carol = await createActor(db, 'Carol')
    const owner = demo('minutephysics')
    const videoId = fakeVideoIds(owner.id)[0] ?? ''
    // A list whose addresses are videos (plain lists will read them so once their rows allow it).
    const V = { key: `video:${videoId}`, ref: { kind: 'video', videoId } } as const
    const M = { key: 'video:AAAAAAAAAAA', ref: { kind: 'video', videoId: 'AAAAAAAAAAA' } } as const
    const file = model({
      channels: [V, M].map((entry) => ({ ...entry, title: null, avatarUrl: null, extras: null })),
    })
    const status = await applyModel(carol, file)
    expect(status.result).toMatchObject({
      channelsAdded: 1,
      notFound: [{ code: 'videoNotFound', input: 'youtube.com/watch?v=AAAAAAAAAAA' }],
    })
    expect((await libraryOf(carol.id)).map((row) => row.ref)).toEqual([owner.id])
    const asked = youtube()
      .apiCalls()
      .filter((call) => call.path.endsWith('/videos'))
    expect(asked.map((call) => call.params.part)).toEqual(['snippet', 'snippet'])
  })

  it('stops at the quota: an exhausted day leaves them pending and spends nothing more', async () => {
    const erin = await createActor(db, 'Erin')
    const ids = ['veritasium', 'kurzgesagt'].map((handle) => demo(handle).id)
    youtube().setUnreachable([''])
    await applyModel(erin, model({ channels: ids.map((id) => byId(id)) }))
    youtube().setUnreachable([])
    youtube().setOptions({ quotaExhausted: true })
    expect(await retryPending(db, erin.id)).toEqual({
      kind: 'unavailable',
      reason: 'quotaExceeded',
    })
    const calls = youtube().apiCalls().length
    // The ledger now refuses before asking YouTube.
    expect(await retryPending(db, erin.id)).toEqual({
      kind: 'unavailable',
      reason: 'quotaExceeded',
    })
    expect(youtube().apiCalls()).toHaveLength(calls)
    const rows = await db
      .select({ reason: pendingLookup.reason, attempts: pendingLookup.attempts })
      .from(pendingLookup)
      .where(
        inArray(
          pendingLookup.refKey,
          ids.map((id) => `id:${id}`),
        ),
      )
    expect(rows).toEqual([
      { reason: 'quotaExceeded', attempts: 2 },
      { reason: 'quotaExceeded', attempts: 2 },
    ])
  })
})
