import { AppError } from '~/lib/app-error'
import { parseSeriesUrl, titleFromSlug } from '~/lib/crunchyroll-urls'
import { type LineEntry, type LineReader, readPastedLines, wordsOf } from '~/lib/pasted-lines'
import { type ChannelRef, parseChannelInput } from '~/lib/youtube-urls'
import type { ImportModel, ImportProblemCode } from '../transfer.schemas'
import { isOtherService, ModelBuilder } from './model-builder'

/*
 * A list of channel addresses, ids and @handles, one entry a line (the
 * add-channel box's tokenizer, lib/pasted-lines), with Crunchyroll series
 * addresses as animes. Text in which nothing looks like a channel is not a
 * list at all: it is unrecognised, and soon (prose can be 10 MB of words).
 */

type Series = { id: string; slug: string }
type PlainValue = { kind: 'channel'; ref: ChannelRef } | { kind: 'anime'; series: Series }
type PlainProblem = Extract<
  ImportProblemCode,
  'notChannel' | 'invalid' | 'otherService' | 'animeInvalid'
>

const PLAIN_WORDS: LineReader<PlainValue, PlainProblem> = {
  read: (word) => {
    const parsed = parseChannelInput(word)
    if (parsed.ref !== null) return { value: { kind: 'channel', ref: parsed.ref } }
    const series = parseSeriesUrl(word)
    if (series !== null) return { value: { kind: 'anime', series } }
    if (/crunchyroll\./i.test(word)) return { problem: 'animeInvalid' }
    if (isOtherService(word)) return { problem: 'otherService' }
    return { problem: parsed.error }
  },
  weight: (problem) => (problem === 'invalid' ? 0 : 1),
}

/** Words read before deciding that text with no channel-like word is not a list. */
const SNIFF_WORDS = 2000

/** Whether any of the first words was meant as an entry (a channel, or a link that is not one). */
function looksMeant(words: Iterable<string>): boolean {
  let seen = 0
  for (const word of words) {
    if (++seen > SNIFF_WORDS) return false
    const reading = PLAIN_WORDS.read(word)
    if ('value' in reading || PLAIN_WORDS.weight(reading.problem) > 0) return true
  }
  return false
}

type PlainEntry = LineEntry<PlainValue, PlainProblem>

function buildPlain(entries: Iterable<PlainEntry>): ImportModel {
  const builder = new ModelBuilder('plain')
  for (const entry of entries) {
    const { line, input } = entry
    if (entry.value === null) {
      builder.problem(line, entry.problem, input)
    } else if (entry.value.kind === 'channel') {
      builder.place(null, builder.channel(entry.value.ref), line, input)
    } else {
      const { id, slug } = entry.value.series
      builder.place(null, builder.anime({ id, slug, title: titleFromSlug(slug) }), line, input)
    }
  }
  return builder.build()
}

export function parsePlainList(text: string): ImportModel {
  if (text.trim() === '') throw new AppError('IMPORT_EMPTY')
  if (!looksMeant(wordsOf(text))) throw new AppError('IMPORT_UNRECOGNISED')
  return buildPlain(readPastedLines(text, PLAIN_WORDS))
}

/** A JSON array of strings (e.g. a list of channel addresses): each entry one line. */
export function parsePlainEntries(entries: string[]): ImportModel {
  function* read(): Generator<PlainEntry> {
    for (const [index, input] of entries.entries()) {
      const reading = PLAIN_WORDS.read(input)
      yield 'value' in reading
        ? { line: index + 1, input, value: reading.value, problem: null }
        : { line: index + 1, input, value: null, problem: reading.problem }
    }
  }
  if (!looksMeant(entries)) throw new AppError('IMPORT_UNRECOGNISED')
  return buildPlain(read())
}
