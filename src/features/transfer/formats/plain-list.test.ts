import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '~/lib/app-error'
import { wordsOf } from '~/lib/pasted-lines'
import { parseChannelInput, parseChannelLines } from '~/lib/youtube-urls'
import { codeOf } from '../../../../tests/support/app-errors'
import { parsePlainList } from './plain-list'

// Spied, not replaced: a test counts the words the parser reads.
vi.mock('~/lib/youtube-urls', { spy: true })

describe('plain lists', () => {
  const hasVideoLink = (input: string) =>
    [...wordsOf(input)].some(
      (word) => parseChannelInput(word, { videos: true }).ref?.kind === 'video',
    )

  it('reads by line with the add-channel box tokenizer: the same rows, the same line numbers', () => {
    const piece = fc.constantFrom(
      'a',
      'hello world',
      '@veritasium',
      'UCsXVk37bltHxD1rDPwtNM8Q',
      'https://youtu.be/dQw4w9WgXcQ',
      ' ',
      ',',
      '\t',
      '\n',
      '\r',
      '\r\n',
      '\u00a0',
      'é',
      'https://youtube.com/c/x',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('')
        const pasted = parseChannelLines(text)
        // The paste path and the import agree on every problem row: one a line at most.
        const problemLines = pasted.filter((line) => line.ref === null).map((line) => line.line)
        expect(new Set(problemLines).size).toBe(problemLines.length)
        let imported: { line: number; input: string }[] = []
        try {
          imported = parsePlainList(text).problems.flatMap(({ line, input, code }) =>
            // A repeat is the import's own row: the paste path reports it after looking up.
            // So is a video link: the box looks up its channel, a file lists channels (PROVENANCE).
            line === null || code === 'duplicate' || hasVideoLink(input) ? [] : [{ line, input }],
          )
        } catch (error) {
          if (!(error instanceof AppError)) throw error
        }
        for (const problem of imported) {
          expect(pasted.filter((line) => line.ref === null)).toContainEqual(
            expect.objectContaining(problem),
          )
        }
      }),
      { numRuns: 500 },
    )
  })

  it('makes a line of words one problem row numbered by its line, in paste order', () => {
    const model = parsePlainList('@veritasium\n\nhello world\n@numberphile, @vsauce\nsee x y')
    expect(model.problems).toEqual([
      { line: 3, code: 'invalid', input: 'hello world' },
      { line: 5, code: 'invalid', input: 'see x y' },
    ])
    expect(model.ungrouped.map((item) => item.key)).toEqual([
      'handle:veritasium',
      'handle:numberphile',
      'handle:vsauce',
    ])
  })

  it('names a line by its surest problem, and keeps labels beside a channel quiet', () => {
    const model = parsePlainList(
      [
        'Veritasium: @veritasium',
        'watch https://youtu.be/dQw4w9WgXcQ please',
        '@numberphile https://youtu.be/dQw4w9WgXcQ',
      ].join('\n'),
    )
    expect(model.ungrouped.map((item) => item.key)).toEqual([
      'handle:veritasium',
      'handle:numberphile',
    ])
    expect(model.problems).toEqual([
      { line: 2, code: 'notChannel', input: 'watch https://youtu.be/dQw4w9WgXcQ please' },
      { line: 3, code: 'notChannel', input: 'https://youtu.be/dQw4w9WgXcQ' },
    ])
  })

  it('gives up quickly on prose, however long, and refuses endless repeats', async () => {
    const read = vi.mocked(parseChannelInput)
    read.mockClear()
    expect(await codeOf(() => parsePlainList('lorem ipsum '.repeat(400_000)))).toBe(
      'IMPORT_UNRECOGNISED',
    )
    // Quickly: of 800,000 words, only the first few thousand are read before it gives up.
    expect(read).toHaveBeenCalled()
    expect(read.mock.calls.length).toBeLessThanOrEqual(2000)
    expect(await codeOf(() => parsePlainList('@veritasium\n'.repeat(300_000)))).toBe(
      'IMPORT_TOO_MANY',
    )
    // Megabytes of text: room for a loaded machine, so only a hang fails on time.
  }, 60_000)

  it('is a list when something in it is meant as a channel, even if nothing works', async () => {
    expect(await codeOf(() => parsePlainList('see https://www.youtube.com/watch?v=x'))).toBe(
      'IMPORT_EMPTY',
    )
  })

  it('reports Rumble and LBRY addresses as not from YouTube, like every other format', () => {
    const model = parsePlainList(
      '@veritasium\nhttps://rumble.com/c/madattheinternet\nlbry://@elissaclips#f39\nnope',
    )
    expect(model.problems).toEqual([
      { line: 2, code: 'otherService', input: 'https://rumble.com/c/madattheinternet' },
      { line: 3, code: 'otherService', input: 'lbry://@elissaclips#f39' },
      { line: 4, code: 'invalid', input: 'nope' },
    ])
  })
})
