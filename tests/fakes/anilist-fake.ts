/*
 * A local stand-in for AniList's GraphQL endpoint: answers
 * `Media(search: $search, type: ANIME)` from the anime fixtures, with
 * AniList's 404 for an unknown title and its HTML-ish descriptions, and
 * `Page { media(id_in: $ids) }` for the daily refresh.
 */
import type { ServerResponse } from 'node:http'
import { DEMO_ANIMES, type DemoAnime } from '../../src/seed/factories/catalogue-fixtures.ts'
import {
  type FakeCall,
  type FakeServer,
  send,
  startFakeServer,
  type Trouble,
} from './fake-server.ts'

export type AnilistFakeOptions = {
  latencyMs?: number
  failRate?: number
  port?: number
  host?: string
  animes?: readonly DemoAnime[]
}

export type AnilistFake = {
  /** Use as ANILIST_API_URL. */
  url: string
  calls: FakeCall[]
  /** The `search` variable of each GraphQL request, in order. */
  searches(): (string | null)[]
  /** The `ids` variable of each by-ids (Page) request, in order. */
  idQueries(): number[][]
  setAnimes(animes: readonly DemoAnime[]): void
  /** Changes one anime in place (e.g. its next airing episode moved on). */
  updateAnime(anilistId: number, patch: Partial<Omit<DemoAnime, 'anilistId'>>): void
  setOptions(options: { latencyMs?: number; failRate?: number }): void
  failNext(count: number, trouble?: Trouble): void
  reset(): void
  close(): Promise<void>
}

/** Letters and digits only, lower case: "Frieren: Beyond Journey's End" ~ "frieren beyond journeys end". */
const squash = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{Nd}]/gu, '')

function matches(anime: DemoAnime, search: string): boolean {
  const wanted = squash(search)
  if (wanted === '') return false
  return [anime.title, anime.romajiTitle].some((title) => {
    const have = squash(title)
    return have !== '' && (have === wanted || have.includes(wanted) || wanted.includes(have))
  })
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#039;')
}

/** AniList's descriptions: escaped text with `<br>` line breaks between paragraphs. */
export function anilistDescription(text: string): string {
  return text.split('\n\n').map(escapeHtml).join('<br><br>\n')
}

function media(anime: DemoAnime) {
  return {
    id: anime.anilistId,
    title: { romaji: anime.romajiTitle, english: anime.title || null, native: null },
    description: anilistDescription(anime.description),
    coverImage: { large: anime.posterUrl, medium: anime.posterUrl },
    episodes: anime.episodes,
    seasonYear: anime.year,
    startDate: { year: anime.year, month: null, day: null },
    genres: anime.genres,
    averageScore: anime.averageScore,
    status: anime.status,
    nextAiringEpisode: anime.nextAiringEpisode,
  }
}

function graphqlError(res: ServerResponse, status: number, message: string) {
  send(res, status, JSON.stringify({ errors: [{ message, status }], data: null }))
}

function variablesOf(call: FakeCall): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(call.body)
    if (body && typeof body === 'object' && 'variables' in body) {
      const variables = body.variables
      if (variables && typeof variables === 'object') return { ...variables }
    }
  } catch {
    // not JSON: no variables
  }
  return {}
}

function idsOf(call: FakeCall): number[] | null {
  const ids = variablesOf(call).ids
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : null
}

const PER_PAGE_MAX = 50

function searchOf(call: FakeCall): string | null {
  try {
    const body: unknown = JSON.parse(call.body)
    if (body && typeof body === 'object' && 'variables' in body) {
      const variables = body.variables
      if (variables && typeof variables === 'object' && 'search' in variables) {
        return typeof variables.search === 'string' ? variables.search : null
      }
    }
  } catch {
    // not JSON: no search
  }
  return null
}

export async function startAnilistFake(options: AnilistFakeOptions = {}): Promise<AnilistFake> {
  let animes: readonly DemoAnime[] = options.animes ?? DEMO_ANIMES

  const server: FakeServer = await startFakeServer(
    (call, res) => {
      if (call.method !== 'POST') return graphqlError(res, 400, 'Received request without query')
      let query = ''
      try {
        const body: unknown = JSON.parse(call.body)
        if (body && typeof body === 'object' && 'query' in body && typeof body.query === 'string') {
          query = body.query
        }
      } catch {
        return graphqlError(res, 400, 'Invalid JSON body')
      }
      if (/\bPage\s*\(/.test(query) && /\bid_in\s*:/.test(query)) {
        const ids = idsOf(call) ?? []
        const perPage = Math.min(Number(variablesOf(call).perPage ?? PER_PAGE_MAX), PER_PAGE_MAX)
        const wanted = new Set(ids)
        const found = animes.filter((entry) => wanted.has(entry.anilistId)).slice(0, perPage)
        return send(
          res,
          200,
          JSON.stringify({
            data: {
              Page: {
                pageInfo: { hasNextPage: wanted.size > found.length && found.length === perPage },
                media: found.map(media),
              },
            },
          }),
        )
      }
      if (!/\bMedia\s*\(/.test(query)) {
        return graphqlError(
          res,
          400,
          'This fake only answers Media(search:) and Page(id_in:) queries',
        )
      }
      const search = searchOf(call)
      const anime = search === null ? undefined : animes.find((entry) => matches(entry, search))
      if (!anime) {
        return send(
          res,
          404,
          JSON.stringify({
            errors: [{ message: 'Not Found.', status: 404, locations: [{ line: 2, column: 3 }] }],
            data: { Media: null },
          }),
        )
      }
      send(res, 200, JSON.stringify({ data: { Media: media(anime) } }))
    },
    {
      port: options.port,
      host: options.host,
      latencyMs: options.latencyMs,
      failRate: options.failRate,
      failure: (res, status) => graphqlError(res, status, 'Internal Server Error'),
    },
  )

  return {
    url: server.url,
    calls: server.calls,
    searches: () => server.calls.map(searchOf),
    idQueries: () =>
      server.calls.flatMap((call) => {
        const ids = idsOf(call)
        return ids ? [ids] : []
      }),
    setAnimes(next) {
      animes = next
    },
    updateAnime(anilistId, patch) {
      animes = animes.map((entry) =>
        entry.anilistId === anilistId ? { ...entry, ...patch } : entry,
      )
    },
    setOptions(next) {
      if (next.latencyMs !== undefined) server.options.latencyMs = next.latencyMs
      if (next.failRate !== undefined) server.options.failRate = next.failRate
    },
    failNext: server.failNext,
    reset: server.reset,
    close: server.close,
  }
}
