import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { anime, job } from '~/db/schema'
import { AnilistUnavailableError } from '~/features/catalogue/anilist.server'
import { DEMO_ANIMES, type DemoAnime } from '~/seed/factories/catalogue-fixtures'
import { addToLibrary, upsertCatalogue } from '~/seed/factories/organiser.server'
import { createActor } from '~/seed/factories/users.server'
import { resetEnvCacheForTests } from '~/server/env.server'
import { enqueue, runDueJobs } from '~/server/jobs/jobs.server'
import { type AnilistFake, startAnilistFake } from '../../../tests/fakes/anilist-fake'
import { db } from '../../../tests/support/database'
import { animeRefreshJob, refreshAnimes } from './anime-refresh.server'

const ONE_PIECE = 21
const JJK = 113415
const HOUR = 3600

function fixture(anilistId: number): DemoAnime {
  const found = DEMO_ANIMES.find((entry) => entry.anilistId === anilistId)
  if (!found) throw new Error(`no fixture ${anilistId}`)
  return found
}

/** Made-up airing shows, to fill more than one AniList page. */
const GENERATED: DemoAnime[] = Array.from({ length: 55 }, (_, index) => ({
  ...fixture(ONE_PIECE),
  id: `GRGEN${String(index).padStart(4, '0')}`,
  slug: `generated-${index}`,
  anilistId: 800_000 + index,
  title: `Generated Show ${index}`,
  romajiTitle: `Generated Show ${index}`,
}))
const UNTRACKED: DemoAnime = {
  ...fixture(JJK),
  id: 'GRUNTRACK',
  anilistId: 777_777,
  title: 'Nobody Watches',
}

let fake: AnilistFake
const savedUrl = process.env.ANILIST_API_URL
const t0 = Math.floor(Date.parse('2031-06-01T10:00:00Z') / 1000)

function catalogueRow(entry: DemoAnime, withId: boolean) {
  return {
    id: entry.id,
    slug: entry.slug,
    title: entry.title,
    anilistId: withId ? entry.anilistId : null,
  }
}

beforeAll(async () => {
  fake = await startAnilistFake()
  process.env.ANILIST_API_URL = fake.url
  resetEnvCacheForTests()
  await upsertCatalogue(db, {
    animes: [
      catalogueRow(fixture(ONE_PIECE), true),
      // Added while AniList was down: no id yet, found by title.
      catalogueRow(fixture(JJK), false),
      ...GENERATED.map((entry) => catalogueRow(entry, true)),
      catalogueRow(UNTRACKED, true),
    ],
  })
  const alice = await createActor(db, 'Alice')
  const bob = await createActor(db, 'Bob')
  await addToLibrary(db, alice.id, { animeIds: [fixture(ONE_PIECE).id, fixture(JJK).id] })
  await addToLibrary(db, bob.id, {
    animeIds: [fixture(ONE_PIECE).id, ...GENERATED.map((entry) => entry.id)],
  })
})

beforeEach(() => {
  fake.setAnimes([
    ...DEMO_ANIMES.map((entry) =>
      entry.anilistId === ONE_PIECE
        ? { ...entry, nextAiringEpisode: { episode: 1120, airingAt: t0 + 5 * HOUR } }
        : entry,
    ),
    ...GENERATED,
    UNTRACKED,
  ])
})

afterEach(() => {
  fake.reset()
  fake.setOptions({ failRate: 0, latencyMs: 0 })
})

afterAll(async () => {
  await fake.close()
  if (savedUrl === undefined) delete process.env.ANILIST_API_URL
  else process.env.ANILIST_API_URL = savedUrl
  resetEnvCacheForTests()
})

async function row(anilistId: number) {
  const [found] = await db.select().from(anime).where(eq(anime.anilistId, anilistId))
  if (!found) throw new Error(`no row ${anilistId}`)
  return found
}

const at = (seconds: number) => new Date(seconds * 1000)

describe('refreshAnimes', () => {
  it('refreshes every anime in a library, 50 ids per request, and tracks aired episodes', async () => {
    // 1. First refresh: next episode known, the aired ones without a date (no badge).
    const first = await refreshAnimes(db, { now: at(t0) })
    expect(first).toEqual({ animes: 57, refreshed: 57, missing: 0, failedBatches: 0 })
    const queried = fake.idQueries()
    expect(queried.map((ids) => ids.length)).toEqual([50, 6])
    expect(queried.flat()).not.toContain(UNTRACKED.anilistId)
    expect(fake.searches().filter((search) => search !== null)).toEqual([fixture(JJK).title])
    expect(await row(ONE_PIECE)).toMatchObject({
      status: 'RELEASING',
      nextEpisode: 1120,
      nextAiringAt: at(t0 + 5 * HOUR),
      latestEpisode: 1119,
      latestEpisodeAt: null,
      lastSyncedAt: at(t0),
    })
    expect(await row(JJK)).toMatchObject({ status: 'FINISHED', episodes: 24, latestEpisode: 24 })

    // 2. The episode airs and AniList moves on: the previous next episode is the latest, at its time.
    fake.updateAnime(ONE_PIECE, {
      nextAiringEpisode: { episode: 1121, airingAt: t0 + (5 + 168) * HOUR },
    })
    await refreshAnimes(db, { now: at(t0 + 24 * HOUR) })
    expect(await row(ONE_PIECE)).toMatchObject({
      nextEpisode: 1121,
      nextAiringAt: at(t0 + 173 * HOUR),
      latestEpisode: 1120,
      latestEpisodeAt: at(t0 + 5 * HOUR),
    })

    // 3. Nothing new: the latest stays as it was.
    await refreshAnimes(db, { now: at(t0 + 48 * HOUR) })
    expect(await row(ONE_PIECE)).toMatchObject({
      latestEpisode: 1120,
      latestEpisodeAt: at(t0 + 5 * HOUR),
    })

    // 4. Its time passed but AniList has not moved on yet: aired anyway, at its time.
    await refreshAnimes(db, { now: at(t0 + 174 * HOUR) })
    expect(await row(ONE_PIECE)).toMatchObject({
      latestEpisode: 1121,
      latestEpisodeAt: at(t0 + 173 * HOUR),
    })
  })

  it('keeps the other batches when one AniList request fails, and throws when all do', async () => {
    const before = await row(ONE_PIECE)
    fake.failNext(2, { status: 500 })
    const partial = await refreshAnimes(db, { now: at(t0 + 300 * HOUR) })
    expect(partial).toMatchObject({ failedBatches: 1, refreshed: 7 })

    fake.reset()
    fake.setOptions({ failRate: 1 })
    await expect(refreshAnimes(db, { now: at(t0 + 301 * HOUR) })).rejects.toBeInstanceOf(
      AnilistUnavailableError,
    )
    expect((await row(ONE_PIECE)).lastSyncedAt?.getTime()).toBeGreaterThanOrEqual(
      before.lastSyncedAt?.getTime() ?? 0,
    )
  })

  it('runs as a job', async () => {
    await enqueue(db, animeRefreshJob, {})
    expect(await runDueJobs(db, [animeRefreshJob])).toMatchObject({ ran: 1, done: 1 })
    expect(fake.idQueries()).toHaveLength(2)
    const [done] = await db
      .select({ state: job.state })
      .from(job)
      .where(eq(job.name, 'anime-refresh'))
    expect(done?.state).toBe('done')
  })
})
