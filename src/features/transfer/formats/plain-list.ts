import { AppError } from '~/lib/app-error'
import { parseSeriesUrl, titleFromSlug } from '~/lib/crunchyroll-urls'
import { type ParsedChannelLine, parseChannelInput } from '~/lib/youtube-urls'
import type { ImportModel } from '../transfer.schemas'
import { isOtherService, ModelBuilder } from './model-builder'

/*
 * A list of channel addresses, ids and @handles (one or more a line, as the
 * add-channel box takes them: parseChannelLines' rules), with Crunchyroll series
 * addresses as animes. Text in which nothing looks like a channel is not a
 * list at all: it is unrecognised, and soon (prose can be 10 MB of words).
 */

/** Tokens read before deciding that text with no channel-like token is not a list. */
const SNIFF_TOKENS = 2000

export function parsePlainTokens(tokens: Iterable<ParsedChannelLine>): ImportModel {
  const builder = new ModelBuilder('plain')
  let meant = 0
  let seen = 0
  for (const token of tokens) {
    seen++
    if (meant === 0 && seen > SNIFF_TOKENS) break
    const { line, input } = token
    if (token.ref !== null) {
      meant++
      builder.place(null, builder.channel(token.ref), line, input)
      continue
    }
    const series = parseSeriesUrl(input)
    if (series !== null) {
      meant++
      const anime = builder.anime({
        id: series.id,
        slug: series.slug,
        title: titleFromSlug(series.slug),
      })
      builder.place(null, anime, line, input)
    } else if (/crunchyroll\./i.test(input)) {
      meant++
      builder.problem(line, 'animeInvalid', input)
    } else if (isOtherService(input)) {
      meant++
      builder.problem(line, 'otherService', input)
    } else {
      if (token.error === 'notChannel') meant++
      builder.problem(line, token.error, input)
    }
  }
  if (meant === 0) throw new AppError('IMPORT_UNRECOGNISED')
  return builder.build()
}

/**
 * parseChannelLines, token by token (the same split: lines, then commas and
 * white space), so a huge text is parsed only as far as it is read.
 */
export function* lazyChannelLines(text: string): Generator<ParsedChannelLine> {
  const breaks = /\r\n|\r|\n/g
  let start = 0
  let line = 0
  for (;;) {
    breaks.lastIndex = start
    const found = breaks.exec(text)
    const end = found === null ? text.length : found.index
    line++
    const tokens = /[^\s,]+/gu
    const content = text.slice(start, end)
    for (let token = tokens.exec(content); token !== null; token = tokens.exec(content)) {
      yield { line, input: token[0], ...parseChannelInput(token[0]) }
    }
    if (found === null) return
    start = end + found[0].length
  }
}

export function parsePlainList(text: string): ImportModel {
  if (text.trim() === '') throw new AppError('IMPORT_EMPTY')
  return parsePlainTokens(lazyChannelLines(text))
}

/** A JSON array of strings (e.g. a list of channel addresses): entry numbers as lines. */
export function parsePlainEntries(entries: string[]): ImportModel {
  function* tokens(): Generator<ParsedChannelLine> {
    for (const [index, input] of entries.entries()) {
      yield { line: index + 1, input, ...parseChannelInput(input) }
    }
  }
  return parsePlainTokens(tokens())
}
