/* The HTTP toolkit both integrations share. */

export type FetchFn = typeof fetch

export type HttpResult = { status: number; headers: Headers; body: string }

/** The request never got an answer: network failure or deadline. */
export class TransportError extends Error {
  override name = 'TransportError'
  readonly timedOut: boolean
  constructor(message: string, timedOut: boolean) {
    super(message)
    this.timedOut = timedOut
  }
}

/** Fetches and reads the whole body within `timeoutMs`, or throws a TransportError. */
export async function fetchText(
  fetchImpl: FetchFn,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<HttpResult> {
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetchImpl(url, { ...init, signal })
    const body = await response.text()
    return { status: response.status, headers: response.headers, body }
  } catch (error) {
    const timedOut = signal.aborted
    const reason = timedOut
      ? `no answer within ${timeoutMs} ms`
      : error instanceof Error
        ? error.message
        : 'request failed'
    throw new TransportError(reason, timedOut)
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** 5xx and transport failures are worth one more try; anything else is an answer. */
export function isTransient(outcome: HttpResult | TransportError): boolean {
  return outcome instanceof TransportError || outcome.status >= 500
}

/** One retry after `delayMs` plus up to 50% jitter; returns the last result or throws the last TransportError. */
export async function withRetry(
  attempt: () => Promise<HttpResult>,
  { retries = 1, delayMs = 500 }: { retries?: number; delayMs?: number } = {},
  onRetry?: (outcome: HttpResult | TransportError, attemptNumber: number) => void,
): Promise<HttpResult> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    let outcome: HttpResult | TransportError
    try {
      outcome = await attempt()
    } catch (error) {
      if (!(error instanceof TransportError)) throw error
      outcome = error
    }
    if (!isTransient(outcome) || attemptNumber > retries) {
      if (outcome instanceof TransportError) throw outcome
      return outcome
    }
    onRetry?.(outcome, attemptNumber)
    await sleep(delayMs * 2 ** (attemptNumber - 1) * (1 + Math.random() / 2))
  }
}

export type Limiter = <T>(task: () => Promise<T>) => Promise<T>

/** Runs tasks with at most `limit` of them in flight; the rest wait their turn in order. */
export function createLimiter(limit: number): Limiter {
  let active = 0
  const waiting: (() => void)[] = []
  return async (task) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else active++
    try {
      return await task()
    } finally {
      // Hand the slot straight to the next waiter, or free it.
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
}

/** Decodes the HTML character references found in attribute values and descriptions. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : match
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match
  })
}

/** HTML to plain text: line breaks kept, tags dropped, entities decoded, blank runs collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/\r\n?/g, '\n')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
