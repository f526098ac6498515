import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import { parseChannelLines } from '~/lib/youtube-urls'
import { lazyChannelLines, parsePlainList } from './plain-list'

function code(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return error instanceof AppError ? error.code : String(error)
  }
  return 'parsed'
}

describe('plain lists', () => {
  it('tokenises exactly as parseChannelLines does', () => {
    const piece = fc.constantFrom(
      'a',
      '@veritasium',
      'UCsXVk37bltHxD1rDPwtNM8Q',
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
        expect([...lazyChannelLines(text)]).toEqual(parseChannelLines(text))
      }),
      { numRuns: 500 },
    )
  })

  it('gives up quickly on prose, however long, and refuses endless repeats', () => {
    const started = performance.now()
    expect(code(() => parsePlainList('lorem ipsum '.repeat(400_000)))).toBe('IMPORT_UNRECOGNISED')
    expect(performance.now() - started).toBeLessThan(2000)
    expect(code(() => parsePlainList('@veritasium\n'.repeat(300_000)))).toBe('IMPORT_TOO_MANY')
  })

  it('is a list when something in it is meant as a channel, even if nothing works', () => {
    expect(code(() => parsePlainList('see https://www.youtube.com/watch?v=x'))).toBe('IMPORT_EMPTY')
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
