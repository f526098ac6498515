import { z } from 'zod'
import { getEnv } from '~/server/env.server'
import { log } from '~/server/logger.server'
import { type FetchFn, fetchText, htmlToText, TransportError, withRetry } from './http.server'

/*
 * AniList is a nicety: when it is down or knows nothing the caller keeps the title from the slug, so
 * every failure here is logged and answered with null.
 */

export type AnimeMeta = {
  anilistId: number
  /** English title when AniList has one, else the romaji one. */
  title: string
  /** Plain text (AniList sends HTML). */
  description: string
  posterUrl: string | null
  episodes: number | null
  /** AniList counts each season as its own entry, so this stays unknown. */
  seasons: number | null
  year: number | null
  genres: string[]
  score: number | null
  status: string | null
  nextEpisode: number | null
  nextAiringAt: Date | null
}

export type AnilistClientOptions = {
  url: string
  fetch?: FetchFn
  timeoutMs?: number
  retryDelayMs?: number
}

export type AnilistClient = {
  findAnime(title: string): Promise<AnimeMeta | null>
  /** 50 per request; unknown ids are absent. Throws AnilistUnavailableError (the daily refresh retries). */
  animesByIds(ids: readonly number[]): Promise<Map<number, AnimeMeta>>
}

/** AniList could not answer a by-ids query (down, timed out, or an unreadable answer). */
export class AnilistUnavailableError extends Error {
  override name = 'AnilistUnavailableError'
}

export const ANILIST_PAGE = 50

const MEDIA_FIELDS = `id
    title { romaji english }
    description(asHtml: false)
    coverImage { large }
    episodes
    seasonYear
    startDate { year }
    genres
    averageScore
    status
    nextAiringEpisode { episode airingAt }`

export const ANIMES_BY_IDS_QUERY = `query ($ids: [Int], $perPage: Int) {
  Page(page: 1, perPage: $perPage) {
    media(id_in: $ids, type: ANIME) {
    ${MEDIA_FIELDS}
    }
  }
}`

export const ANIME_QUERY = `query ($search: String) {
  Media(search: $search, type: ANIME) {
    ${MEDIA_FIELDS}
  }
}`

const mediaSchema = z.object({
  id: z.number().int(),
  title: z.object({ romaji: z.string().nullish(), english: z.string().nullish() }),
  description: z.string().nullish(),
  coverImage: z.object({ large: z.string().nullish() }).nullish(),
  episodes: z.number().int().nullish(),
  seasonYear: z.number().int().nullish(),
  startDate: z.object({ year: z.number().int().nullish() }).nullish(),
  genres: z.array(z.string()).nullish(),
  averageScore: z.number().nullish(),
  status: z.string().nullish(),
  nextAiringEpisode: z.object({ episode: z.number().int(), airingAt: z.number() }).nullish(),
})
const responseSchema = z.object({
  data: z.object({ Media: mediaSchema.nullable() }).nullish(),
})
const pageResponseSchema = z.object({
  data: z.object({ Page: z.object({ media: z.array(mediaSchema.nullable()) }) }),
})

function toMeta(media: z.infer<typeof mediaSchema>): AnimeMeta | null {
  const title = media.title.english?.trim() || media.title.romaji?.trim()
  if (!title) return null
  return {
    anilistId: media.id,
    title,
    description: media.description ? htmlToText(media.description) : '',
    posterUrl: media.coverImage?.large ?? null,
    episodes: media.episodes ?? null,
    seasons: null,
    year: media.seasonYear ?? media.startDate?.year ?? null,
    genres: media.genres ?? [],
    score: media.averageScore ?? null,
    status: media.status ?? null,
    nextEpisode: media.nextAiringEpisode?.episode ?? null,
    nextAiringAt: media.nextAiringEpisode
      ? new Date(media.nextAiringEpisode.airingAt * 1000)
      : null,
  }
}

export function createAnilistClient(options: AnilistClientOptions): AnilistClient {
  const fetchImpl = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000
  const retryDelayMs = options.retryDelayMs ?? 500

  /** One GraphQL request, retried once when transient; throws TransportError when unreachable. */
  function post(query: string, variables: Record<string, unknown>) {
    return withRetry(
      () =>
        fetchText(
          fetchImpl,
          options.url,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ query, variables }),
          },
          timeoutMs,
        ),
      { retries: 1, delayMs: retryDelayMs },
    )
  }

  async function pageOfIds(ids: readonly number[]): Promise<AnimeMeta[]> {
    let result: Awaited<ReturnType<typeof fetchText>>
    try {
      result = await post(ANIMES_BY_IDS_QUERY, { ids, perPage: ANILIST_PAGE })
    } catch (error) {
      if (!(error instanceof TransportError)) throw error
      throw new AnilistUnavailableError(error.message)
    }
    if (result.status !== 200) throw new AnilistUnavailableError(`http${result.status}`)
    let body: unknown
    try {
      body = JSON.parse(result.body)
    } catch {
      throw new AnilistUnavailableError('badResponse')
    }
    const parsed = pageResponseSchema.safeParse(body)
    if (!parsed.success) throw new AnilistUnavailableError('badResponse')
    return parsed.data.data.Page.media.flatMap((media) => {
      const meta = media ? toMeta(media) : null
      return meta ? [meta] : []
    })
  }

  return {
    async animesByIds(ids) {
      const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0)
      const found = new Map<number, AnimeMeta>()
      for (let start = 0; start < unique.length; start += ANILIST_PAGE) {
        for (const meta of await pageOfIds(unique.slice(start, start + ANILIST_PAGE))) {
          found.set(meta.anilistId, meta)
        }
      }
      return found
    },

    async findAnime(search) {
      const title = search.trim()
      if (title === '') return null
      let result: Awaited<ReturnType<typeof fetchText>>
      try {
        result = await post(ANIME_QUERY, { search: title })
      } catch (error) {
        if (!(error instanceof TransportError)) throw error
        log.warn('anilist.unreachable', { error: error.message })
        return null
      }
      // AniList answers an unknown title with 404 and `Media: null`.
      if (result.status === 404) return null
      if (result.status !== 200) {
        log.warn('anilist.error', { status: result.status })
        return null
      }
      let body: unknown
      try {
        body = JSON.parse(result.body)
      } catch {
        log.warn('anilist.bad_response', { reason: 'json' })
        return null
      }
      const parsed = responseSchema.safeParse(body)
      if (!parsed.success) {
        log.warn('anilist.bad_response', { reason: 'shape' })
        return null
      }
      const media = parsed.data.data?.Media
      return media ? toMeta(media) : null
    },
  }
}

let cached: { url: string; client: AnilistClient } | undefined
let override: AnilistClient | undefined

export function getAnilist(): AnilistClient {
  if (override) return override
  const url = getEnv().ANILIST_API_URL
  if (cached?.url !== url) cached = { url, client: createAnilistClient({ url }) }
  return cached.client
}

/** Makes `getAnilist()` return this client; undefined restores the default. */
export function setAnilistForTests(client: AnilistClient | undefined) {
  override = client
}
