import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { titleFromSlug } from '~/lib/crunchyroll-urls'
import { DEMO_ANIMES } from '~/seed/factories/catalogue-fixtures'
import { resetEnvCacheForTests } from '~/server/env.server'
import { type AnilistFake, startAnilistFake } from '../../../tests/fakes/anilist-fake'
import {
  type AnilistClientOptions,
  AnilistUnavailableError,
  createAnilistClient,
  getAnilist,
  setAnilistForTests,
} from './anilist.server'
import type { FetchFn } from './http.server'

let fake: AnilistFake

beforeAll(async () => {
  fake = await startAnilistFake()
})

afterEach(() => {
  fake.reset()
  fake.setAnimes(DEMO_ANIMES)
  fake.setOptions({ latencyMs: 0, failRate: 0 })
})

afterAll(async () => {
  await fake.close()
})

const client = (overrides: Partial<AnilistClientOptions> = {}) =>
  createAnilistClient({ url: fake.url, retryDelayMs: 5, ...overrides })

function anime(id: string) {
  const found = DEMO_ANIMES.find((entry) => entry.id === id)
  if (!found) throw new Error(`no fixture ${id}`)
  return found
}

describe('findAnime', () => {
  it('returns the metadata of the title found from a slug', async () => {
    const jjk = anime('GRDV0019R')
    const meta = await client().findAnime(titleFromSlug(jjk.slug))
    expect(meta).toEqual({
      anilistId: 113415,
      title: 'JUJUTSU KAISEN',
      // AniList's HTML (<br>, &amp;) comes back as the plain text of the fixture.
      description: jjk.description,
      posterUrl: jjk.posterUrl,
      episodes: 24,
      seasons: null,
      year: 2020,
      genres: ['Action', 'Drama', 'Supernatural'],
      score: 85,
      status: 'FINISHED',
      nextEpisode: null,
      nextAiringAt: null,
    })
    expect(meta?.description).toContain('\n\n')
    expect(meta?.description).toContain('&')

    const [call] = fake.calls
    expect(call?.method).toBe('POST')
    expect(call?.headers['content-type']).toBe('application/json')
    expect(fake.searches()).toEqual(['Jujutsu Kaisen'])
    expect(call?.body).toMatch(/Media\(search: \$search, type: ANIME\)/)
  })

  it('matches titles whatever their punctuation, and reads the next airing episode', async () => {
    const frieren = await client().findAnime(titleFromSlug('frieren-beyond-journeys-end'))
    expect(frieren).toMatchObject({ anilistId: 154587, title: "Frieren: Beyond Journey's End" })

    const onePiece = anime('GRMG8ZQZR')
    const meta = await client().findAnime('One Piece')
    expect(meta).toMatchObject({ episodes: null, status: 'RELEASING', nextEpisode: 1120 })
    expect(meta?.nextAiringAt).toEqual(new Date((onePiece.nextAiringEpisode?.airingAt ?? 0) * 1000))
  })

  it('falls back to the romaji title when there is no English one', async () => {
    const base = anime('GDKHZEJ0K')
    fake.setAnimes([{ ...base, title: '' }])
    expect(await client().findAnime('Ore dake Level Up na Ken')).toMatchObject({
      anilistId: base.anilistId,
      title: 'Ore dake Level Up na Ken',
    })
  })

  it('takes the year from startDate when seasonYear is missing, and tolerates missing fields', async () => {
    const sparse: typeof fetch = async () =>
      Response.json({
        data: {
          Media: {
            id: 7,
            title: { romaji: 'Sparse', english: null },
            seasonYear: null,
            startDate: { year: 1998 },
          },
        },
      })
    expect(await client({ fetch: sparse }).findAnime('Sparse')).toEqual({
      anilistId: 7,
      title: 'Sparse',
      description: '',
      posterUrl: null,
      episodes: null,
      seasons: null,
      year: 1998,
      genres: [],
      score: null,
      status: null,
      nextEpisode: null,
      nextAiringAt: null,
    })
  })

  it('answers null for a title AniList does not know (404) or an empty one', async () => {
    expect(await client().findAnime('A Show Nobody Has Ever Made')).toBeNull()
    expect(fake.calls).toHaveLength(1)
    expect(await client().findAnime('   ')).toBeNull()
    expect(fake.calls).toHaveLength(1)
  })

  it('retries a 500 once and succeeds', async () => {
    fake.failNext(1, { status: 500 })
    expect((await client().findAnime('Chainsaw Man'))?.anilistId).toBe(127230)
    expect(fake.calls).toHaveLength(2)
  })

  it('answers null (and does not throw) when AniList keeps failing', async () => {
    fake.failNext(2, { status: 502 })
    expect(await client().findAnime('Chainsaw Man')).toBeNull()
    expect(fake.calls).toHaveLength(2)

    fake.failNext(1, { status: 429 })
    expect(await client().findAnime('Chainsaw Man')).toBeNull()
  })

  it('answers null after the timeout and one retry', async () => {
    fake.failNext(2, 'hang')
    const signals: AbortSignal[] = []
    const keepSignal: FetchFn = (input, init) => {
      if (init?.signal) signals.push(init.signal)
      return fetch(input, init)
    }
    expect(await client({ timeoutMs: 150, fetch: keepSignal }).findAnime('Chainsaw Man')).toBeNull()
    expect(fake.calls).toHaveLength(2)
    // Each attempt was ended by its own deadline (AbortSignal.timeout never fires early).
    expect(signals.map((signal) => signal.reason?.name)).toEqual(['TimeoutError', 'TimeoutError'])
  })

  it('answers null when AniList cannot be reached at all', async () => {
    const gone = await startAnilistFake()
    const url = gone.url
    await gone.close()
    expect(await createAnilistClient({ url, retryDelayMs: 5 }).findAnime('One Piece')).toBeNull()
  })

  it('answers null for a malformed answer', async () => {
    const garbage: typeof fetch = async () => new Response('<html>oops</html>', { status: 200 })
    expect(await client({ fetch: garbage }).findAnime('One Piece')).toBeNull()
    const wrongShape: typeof fetch = async () =>
      Response.json({ data: { Media: { id: 'x' } } }, { status: 200 })
    expect(await client({ fetch: wrongShape }).findAnime('One Piece')).toBeNull()
  })
})

describe('animesByIds', () => {
  it('asks 50 ids per Page(id_in:) request and leaves unknown ids out', async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({
      ...anime('GRMG8ZQZR'),
      id: `GRFAKE${index}`,
      anilistId: 900_000 + index,
      title: `Generated ${index}`,
    }))
    fake.setAnimes([...DEMO_ANIMES, ...many])
    const wanted = [...many.map((entry) => entry.anilistId), 21, 21, 424_242]
    const found = await client().animesByIds(wanted)
    expect(found.size).toBe(61)
    expect(found.has(424_242)).toBe(false)
    expect(found.get(900_007)).toMatchObject({ title: 'Generated 7', status: 'RELEASING' })
    expect(found.get(21)?.nextEpisode).toBe(1120)
    expect(fake.idQueries().map((ids) => ids.length)).toEqual([50, 12])
    expect(await client().animesByIds([])).toEqual(new Map())
    expect(fake.calls).toHaveLength(2)
  })

  it('throws AnilistUnavailableError when AniList fails twice or answers garbage', async () => {
    fake.failNext(2, { status: 500 })
    await expect(client().animesByIds([21])).rejects.toBeInstanceOf(AnilistUnavailableError)
    const garbage: typeof fetch = async () => new Response('<html>oops</html>', { status: 200 })
    await expect(client({ fetch: garbage }).animesByIds([21])).rejects.toBeInstanceOf(
      AnilistUnavailableError,
    )
  })
})

describe('getAnilist', () => {
  const saved = process.env.ANILIST_API_URL

  afterEach(() => {
    if (saved === undefined) delete process.env.ANILIST_API_URL
    else process.env.ANILIST_API_URL = saved
    resetEnvCacheForTests()
    setAnilistForTests(undefined)
  })

  it('talks to ANILIST_API_URL and can be replaced for tests', async () => {
    process.env.ANILIST_API_URL = fake.url
    resetEnvCacheForTests()
    expect((await getAnilist().findAnime('Spy x Family'))?.anilistId).toBe(140960)
    expect(fake.calls).toHaveLength(1)

    const replacement = client()
    setAnilistForTests(replacement)
    expect(getAnilist()).toBe(replacement)
  })
})
