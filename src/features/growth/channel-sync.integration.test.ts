import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  channel,
  channelStat,
  job,
  libraryEntry,
  youtubeBatchEtag,
  youtubeQuota,
} from '~/db/schema'
import {
  nextQuotaReset,
  quotaDay,
  quotaStatus,
  unitsSpent,
} from '~/features/catalogue/quota.server'
import { youtubeFor } from '~/features/catalogue/youtube-client.server'
import {
  DEMO_CHANNELS,
  type DemoChannel,
  initialsAvatar,
} from '~/seed/factories/catalogue-fixtures'
import { addToLibrary, upsertCatalogue } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { enqueue, runDueJobs } from '~/server/jobs/jobs.server'
import { startYoutubeFake, type YoutubeFake } from '../../../tests/fakes/youtube-fake'
import { db } from '../../../tests/support/database'
import {
  batchKey,
  CHANNEL_SYNC_RESUME_KEY,
  channelDataHealth,
  channelSyncJob,
  syncChannels,
  syncStatus,
  trackedChannelIds,
} from './channel-sync.server'

const KEY = 'sync-test-key'
const ENV_KEYS = [
  'YOUTUBE_API_KEY',
  'YOUTUBE_API_BASE_URL',
  'YOUTUBE_WEB_BASE_URL',
  'YOUTUBE_DAILY_QUOTA',
] as const
const savedEnv = Object.fromEntries(ENV_KEYS.map((name) => [name, process.env[name]]))

let fake: YoutubeFake

function generated(index: number, extra: Partial<DemoChannel> = {}): DemoChannel {
  const base = DEMO_CHANNELS[0]
  if (!base) throw new Error('no demo channel')
  const id = `UCsync${String(index).padStart(18, '0')}`
  return {
    ...base,
    id,
    handle: `synced${index}`,
    title: `Synced ${index}`,
    subscriberCount: 1000 + index,
    viewCount: 50_000 + index,
    videoCount: 10 + index,
    hiddenSubscriberCount: false,
    avatarUrl: initialsAvatar(id, `Synced ${index}`),
    username: null,
    customName: null,
    ...extra,
  }
}

const CHANNELS = Array.from({ length: 120 }, (_, index) => generated(index))
const UNTRACKED = generated(500)

/** Records each answer's status and body size, so "no bodies" is checked on the wire. */
function recordingFetch() {
  const answers: { status: number; bytes: number }[] = []
  const fetchFn: typeof fetch = async (input, init) => {
    const response = await fetch(input, init)
    const body = await response.clone().arrayBuffer()
    answers.push({ status: response.status, bytes: body.byteLength })
    return response
  }
  return { fetchFn, answers }
}

function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  resetEnvCacheForTests()
}

beforeAll(async () => {
  fake = await startYoutubeFake({ channels: [...CHANNELS, UNTRACKED] })
  // Catalogue rows as an import leaves them: titles only, no statistics yet.
  await upsertCatalogue(db, {
    channels: [...CHANNELS, UNTRACKED].map((entry) => ({ id: entry.id, title: `old ${entry.id}` })),
  })
  const alice = await createActor(db, 'Alice')
  const bob = await createActor(db, 'Bob')
  // Overlapping libraries: a channel two users follow is synced once.
  await addToLibrary(db, alice.id, { channelIds: CHANNELS.slice(0, 80).map((entry) => entry.id) })
  await addToLibrary(db, bob.id, { channelIds: CHANNELS.slice(40).map((entry) => entry.id) })
})

beforeEach(async () => {
  setEnv({
    YOUTUBE_API_KEY: KEY,
    YOUTUBE_API_BASE_URL: fake.apiBaseUrl,
    YOUTUBE_WEB_BASE_URL: fake.webBaseUrl,
    YOUTUBE_DAILY_QUOTA: undefined,
  })
  await db.delete(youtubeQuota)
  await db.delete(youtubeBatchEtag)
  await db.delete(channelStat)
  await db.delete(job)
  await db.update(channel).set({ lastSyncedAt: null, etag: null })
})

afterEach(() => {
  vi.useRealTimers()
  fake.reset()
  fake.setChannels([...CHANNELS, UNTRACKED])
  fake.setOptions({ quotaExhausted: false, latencyMs: 0 })
  setEnv(savedEnv)
})

afterAll(async () => {
  await fake.close()
})

const today = () => quotaDay(new Date())

describe('syncChannels with an API key', () => {
  it('syncs 120 tracked channels with exactly 3 channels.list calls and 3 quota units', async () => {
    expect(await trackedChannelIds(db)).toEqual(CHANNELS.map((entry) => entry.id).sort())
    const now = new Date()
    const result = await syncChannels(db, { now })

    expect(result).toMatchObject({
      status: 'done',
      usesApi: true,
      tracked: 120,
      synced: 120,
      changed: 3,
      unchanged: 0,
      snapshots: 120,
    })
    const calls = fake.apiCalls()
    expect(calls).toHaveLength(3)
    expect(calls.map((call) => call.params.id?.split(',').length)).toEqual([50, 50, 20])
    expect(calls.some((call) => call.params.id?.includes(UNTRACKED.id))).toBe(false)
    expect(await unitsSpent(db, 'sync', today())).toBe(3)
    expect((await quotaStatus(db)).byPurpose).toEqual({ sync: 3 })

    const [row] = await db
      .select()
      .from(channel)
      .where(eq(channel.id, CHANNELS[7]?.id ?? ''))
    expect(row).toMatchObject({
      title: 'Synced 7',
      handle: 'synced7',
      subscriberCount: 1007,
      viewCount: 50_007,
      videoCount: 17,
      hiddenSubscriberCount: false,
      etag: expect.any(String),
      lastSyncedAt: now,
    })
    const [untracked] = await db.select().from(channel).where(eq(channel.id, UNTRACKED.id))
    expect(untracked).toMatchObject({ title: `old ${UNTRACKED.id}`, lastSyncedAt: null })
    expect(await db.select().from(youtubeBatchEtag)).toHaveLength(3)
  })

  it('a second sync with unchanged data gets three 304s without bodies and books 3 more units', async () => {
    await syncChannels(db)
    const etags = new Map(
      (await db.select().from(youtubeBatchEtag)).map((row) => [row.key, row.etag]),
    )
    fake.reset()
    const wire = recordingFetch()
    const later = new Date(Date.now() + 60_000)
    const again = await syncChannels(db, {
      now: later,
      youtube: youtubeFor(db, 'sync', { fetch: wire.fetchFn }),
    })

    expect(again).toMatchObject({ status: 'done', changed: 0, unchanged: 3, synced: 120 })
    expect(wire.answers).toEqual([
      { status: 304, bytes: 0 },
      { status: 304, bytes: 0 },
      { status: 304, bytes: 0 },
    ])
    const calls = fake.apiCalls()
    expect(calls).toHaveLength(3)
    for (const call of calls) {
      const ids = call.params.id?.split(',') ?? []
      expect(call.headers['if-none-match']).toBe(etags.get(batchKey(ids)))
    }
    expect(await unitsSpent(db, 'sync', today())).toBe(6)
    // A 304 confirms the data: only the sync time moves.
    const rows = await db
      .select({ lastSyncedAt: channel.lastSyncedAt, subscriberCount: channel.subscriberCount })
      .from(channel)
      .where(
        inArray(
          channel.id,
          CHANNELS.map((entry) => entry.id),
        ),
      )
    expect(rows.every((row) => row.lastSyncedAt?.getTime() === later.getTime())).toBe(true)
    expect(rows.every((row) => row.subscriberCount !== null)).toBe(true)
  })

  it('refreshes only the batch whose data changed', async () => {
    await syncChannels(db)
    fake.setChannels([
      ...CHANNELS.map((entry, index) =>
        index === 60 ? { ...entry, title: 'Renamed', subscriberCount: 9_990_000 } : entry,
      ),
      UNTRACKED,
    ])
    const wire = recordingFetch()
    const result = await syncChannels(db, {
      youtube: youtubeFor(db, 'sync', { fetch: wire.fetchFn }),
    })
    expect(result).toMatchObject({ changed: 1, unchanged: 2 })
    expect(wire.answers.map((answer) => answer.status)).toEqual([304, 200, 304])
    const [row] = await db
      .select()
      .from(channel)
      .where(eq(channel.id, CHANNELS[60]?.id ?? ''))
    expect(row).toMatchObject({ title: 'Renamed', subscriberCount: 9_990_000 })
  })

  it('writes one snapshot per channel and UTC day, however often it runs', async () => {
    const morning = new Date('2031-03-04T01:00:00Z')
    const evening = new Date('2031-03-04T23:30:00Z')
    const nextDay = new Date('2031-03-05T00:10:00Z')
    await syncChannels(db, { now: morning })
    fake.setChannels([
      ...CHANNELS.map((entry) => ({ ...entry, subscriberCount: entry.subscriberCount + 5 })),
      UNTRACKED,
    ])
    await syncChannels(db, { now: evening })
    await syncChannels(db, { now: nextDay })

    const stats = await db.select().from(channelStat)
    expect(stats).toHaveLength(240)
    const first = CHANNELS[0]?.id ?? ''
    const ofFirst = stats
      .filter((row) => row.channelId === first)
      .map((row) => ({ day: row.day, subscriberCount: row.subscriberCount }))
      .sort((a, b) => a.day.localeCompare(b.day))
    // The day's last run wins; the day is UTC's, not the Pacific quota day.
    expect(ofFirst).toEqual([
      { day: '2031-03-04', subscriberCount: 1005 },
      { day: '2031-03-05', subscriberCount: 1005 },
    ])
    expect(stats.some((row) => row.channelId === UNTRACKED.id)).toBe(false)
  })

  it('snapshots a hidden subscriber count as unknown, with the other counts', async () => {
    fake.setChannels([
      ...CHANNELS.map((entry, index) =>
        index === 3 ? { ...entry, hiddenSubscriberCount: true } : entry,
      ),
      UNTRACKED,
    ])
    await syncChannels(db, { now: new Date('2031-01-01T12:00:00Z') })
    const [stat] = await db
      .select()
      .from(channelStat)
      .where(eq(channelStat.channelId, CHANNELS[3]?.id ?? ''))
    expect(stat).toMatchObject({ day: '2031-01-01', subscriberCount: null, viewCount: 50_003 })
    const [row] = await db
      .select()
      .from(channel)
      .where(eq(channel.id, CHANNELS[3]?.id ?? ''))
    expect(row?.hiddenSubscriberCount).toBe(true)
  })
})

describe('quota exhaustion', () => {
  it('stops at the budget with a clear status and the next Pacific midnight, then resumes after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    // 10:00 in Los Angeles (PST): the quota day ends at 08:00 UTC the next day.
    const start = new Date('2031-01-15T18:00:00Z')
    vi.setSystemTime(start)
    setEnv({ YOUTUBE_DAILY_QUOTA: '2' })

    const stopped = await syncChannels(db)
    expect(stopped).toMatchObject({ status: 'paused', changed: 2, synced: 100, snapshots: 100 })
    expect(stopped.resumeAt?.toISOString()).toBe('2031-01-16T08:00:00.000Z')
    expect(stopped.resumeAt).toEqual(nextQuotaReset(start))
    // The refused batch never reached YouTube.
    expect(fake.apiCalls()).toHaveLength(2)
    expect(await quotaStatus(db)).toMatchObject({
      day: '2031-01-15',
      budget: 2,
      spent: 2,
      exhausted: true,
      resetsAt: '2031-01-16T08:00:00.000Z',
    })

    // The job: re-queued for the reset, finished as done (no attempt burnt), status says paused.
    await db.delete(youtubeBatchEtag)
    fake.reset()
    await enqueue(db, channelSyncJob, {})
    expect(await runDueJobs(db, [channelSyncJob])).toMatchObject({ ran: 1, done: 1, failed: 0 })
    expect(fake.apiCalls()).toHaveLength(0)
    const queued = await db
      .select({ runAt: job.runAt, attempts: job.attempts, payload: job.payload })
      .from(job)
      .where(and(eq(job.state, 'queued'), eq(job.singletonKey, CHANNEL_SYNC_RESUME_KEY)))
    expect(queued).toEqual([
      { runAt: new Date('2031-01-16T08:00:00Z'), attempts: 0, payload: { resume: true } },
    ])
    expect((await syncStatus(db, start)).pausedUntil).toBe('2031-01-16T08:00:00.000Z')
    // Not due yet (the database clock is the real one, long before 2031).
    expect(await runDueJobs(db, [channelSyncJob])).toMatchObject({ ran: 0 })

    // After the reset: a new quota day (and a normal budget) lets the queued run finish.
    vi.setSystemTime(new Date('2031-01-16T08:05:00Z'))
    setEnv({ YOUTUBE_DAILY_QUOTA: undefined })
    await db
      .update(job)
      .set({ runAt: sql`now()` })
      .where(eq(job.singletonKey, CHANNEL_SYNC_RESUME_KEY))
    expect(await runDueJobs(db, [channelSyncJob])).toMatchObject({ ran: 1, done: 1 })
    expect(fake.apiCalls()).toHaveLength(3)
    expect(await unitsSpent(db, 'sync', '2031-01-16')).toBe(3)
    // The daily slot right after finds everything fresh and spends nothing; a forced run syncs.
    await enqueue(db, channelSyncJob, {})
    expect(await runDueJobs(db, [channelSyncJob])).toMatchObject({ ran: 1, done: 1 })
    expect(fake.apiCalls()).toHaveLength(3)
    await enqueue(db, channelSyncJob, { force: true })
    expect(await runDueJobs(db, [channelSyncJob])).toMatchObject({ ran: 1, done: 1 })
    expect(fake.apiCalls()).toHaveLength(6)
    const status = await syncStatus(db, new Date())
    expect(status).toMatchObject({
      trackedChannels: 120,
      channelsSyncedLastRun: 120,
      neverSynced: 0,
      pausedUntil: null,
    })
  })

  it("YouTube's own quotaExceeded books the rest of the day and stops without asking again", async () => {
    fake.setOptions({ quotaExhausted: true })
    const result = await syncChannels(db)
    expect(result.status).toBe('paused')
    expect(result.resumeAt).toEqual(nextQuotaReset(new Date()))
    expect(fake.apiCalls()).toHaveLength(1)
    const quota = await quotaStatus(db)
    expect(quota).toMatchObject({ spent: 10_000, exhausted: true })
    expect(quota.byPurpose).toEqual({ sync: 1, exhausted: 9_999 })

    // The next run is refused by the ledger before any request.
    fake.setOptions({ quotaExhausted: false })
    expect((await syncChannels(db)).status).toBe('paused')
    expect(fake.apiCalls()).toHaveLength(1)
  })
})

describe('without an API key', () => {
  it('refreshes titles and avatars from channel pages: no statistics, no quota, no snapshots', async () => {
    setEnv({ YOUTUBE_API_KEY: undefined })
    fake.setOptions({ latencyMs: 20 })
    let inFlight = 0
    let peak = 0
    const counting: typeof fetch = async (input, init) => {
      inFlight += 1
      peak = Math.max(peak, inFlight)
      try {
        return await fetch(input, init)
      } finally {
        inFlight -= 1
      }
    }
    fake.setChannels([...CHANNELS.slice(1), UNTRACKED])
    await db.update(channel).set({ subscriberCount: 7, title: 'stale' })
    const result = await syncChannels(db, { youtube: youtubeFor(db, 'sync', { fetch: counting }) })
    // One channel is gone (404): the others are still refreshed.
    expect(result).toMatchObject({ status: 'done', usesApi: false, tracked: 120, synced: 119 })
    expect(fake.apiCalls()).toHaveLength(0)
    expect(fake.calls).toHaveLength(120)
    expect(peak).toBeLessThanOrEqual(8)
    expect(await db.select().from(youtubeQuota)).toEqual([])
    expect(await db.select().from(channelStat)).toEqual([])
    const [row] = await db
      .select()
      .from(channel)
      .where(eq(channel.id, CHANNELS[5]?.id ?? ''))
    expect(row).toMatchObject({
      title: 'Synced 5',
      handle: 'synced5',
      avatarUrl: CHANNELS[5]?.avatarUrl,
      // Pages carry no statistics: what the API gave before stays.
      subscriberCount: 7,
    })
    const [gone] = await db
      .select()
      .from(channel)
      .where(eq(channel.id, CHANNELS[0]?.id ?? ''))
    expect(gone?.title).toBe('stale')
  })
})

describe('status for /health', () => {
  it('reports the quota and the last run, with no per-user data', async () => {
    const now = new Date()
    await syncChannels(db, { now })
    const health = await channelDataHealth(db)
    expect(health.quota).toMatchObject({ spent: 3, byPurpose: { sync: 3 }, exhausted: false })
    expect(health.sync).toEqual({
      trackedChannels: 120,
      lastRunAt: now.toISOString(),
      channelsSyncedLastRun: 120,
      neverSynced: 0,
      pausedUntil: null,
    })
    const text = JSON.stringify(health)
    const entries = await db.select({ userId: libraryEntry.userId }).from(libraryEntry)
    for (const { userId } of entries) expect(text).not.toContain(userId)
    expect(text).not.toContain(KEY)
  })
})
