// Pure and client-safe; the locale segment (`/pt-br/series/…`) is optional.

/** Series ids are short upper-case codes starting with G, e.g. `GRDV0019R`. */
const SERIES_ID_RE = /^G[0-9A-Z]{5,15}$/
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const LOCALE_RE = /^[a-z]{2}(?:-[a-z0-9]{2,3})?$/

export type SeriesRef = { id: string; slug: string }

function isCrunchyrollHost(host: string): boolean {
  return host === 'crunchyroll.com' || host.endsWith('.crunchyroll.com')
}

export function parseSeriesUrl(raw: string): SeriesRef | null {
  const input = raw.trim()
  if (input === '') return null
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(input)
    ? input
    : input.startsWith('//')
      ? `https:${input}`
      : `https://${input}`
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (!isCrunchyrollHost(url.hostname.toLowerCase())) return null

  const segments = url.pathname.split('/').filter((segment) => segment !== '')
  const [first] = segments
  if (first !== undefined && LOCALE_RE.test(first.toLowerCase())) segments.shift()
  const [kind, id, slug] = segments
  if (kind !== 'series' || id === undefined || slug === undefined) return null
  const upperId = id.toUpperCase()
  const lowerSlug = slug.toLowerCase()
  if (!SERIES_ID_RE.test(upperId) || !SLUG_RE.test(lowerSlug)) return null
  return { id: upperId, slug: lowerSlug }
}

/** Words kept lower case inside a title, as English titles write them. */
const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'x',
])

/** "jujutsu-kaisen" → "Jujutsu Kaisen": the title until AniList knows better. */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word !== '')
    .map((word, index) =>
      index > 0 && MINOR_WORDS.has(word.toLowerCase())
        ? word.toLowerCase()
        : `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`,
    )
    .join(' ')
}
