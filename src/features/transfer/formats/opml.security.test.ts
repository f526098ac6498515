import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import { OPML_MAX_DEPTH, parseOpml } from './opml'

describe('OPML nesting depth', () => {
  it('refuses outlines nested deeper than OPML_MAX_DEPTH as a damaged file', () => {
    const depth = OPML_MAX_DEPTH + 1
    const text = `<opml><body>${'<outline text="f">'.repeat(depth)}${'</outline>'.repeat(depth)}</body></opml>`
    let code = 'parsed'
    try {
      parseOpml(text)
    } catch (error) {
      code = error instanceof AppError ? `${error.code} ${error.params.format}` : String(error)
    }
    expect(code).toBe('IMPORT_MALFORMED OPML')
  })
})
