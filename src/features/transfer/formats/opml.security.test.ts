import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import { OPML_MAX_DEPTH, parseOpml } from './opml'

const KURZ = 'UCsXVk37bltHxD1rDPwtNM8Q'

function outcome(text: string): string {
  try {
    parseOpml(text)
  } catch (error) {
    return error instanceof AppError ? `${error.code} ${error.params.format}` : String(error)
  }
  return 'parsed'
}

describe('OPML nesting depth', () => {
  it('refuses outlines nested deeper than OPML_MAX_DEPTH as a damaged file', () => {
    const depth = OPML_MAX_DEPTH + 1
    const text = `<opml><body>${'<outline text="f">'.repeat(depth)}${'</outline>'.repeat(depth)}</body></opml>`
    expect(outcome(text)).toBe('IMPORT_MALFORMED OPML')
  })
})

describe('OPML entities', () => {
  it('never expands entities a DOCTYPE declares ("billion laughs"), quickly', () => {
    const levels = Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY l${level + 1} "${`&l${level};`.repeat(10)}">`,
    ).join('')
    const text = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY l0 "lol">${levels}]>
<opml><body><outline text="&l9;"><outline text="k" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${KURZ}"/></outline></body></opml>`
    const started = performance.now()
    const model = parseOpml(text)
    expect(performance.now() - started).toBeLessThan(1000)
    // The reference stays as written: nothing was expanded.
    expect(model.groups[0]?.name).toBe('&l9;')
    expect(model.channels.map((channel) => channel.key)).toEqual([`id:${KURZ}`])
  })

  it('refuses an external entity as a damaged file: no file or address is read', () => {
    const text = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<opml><body><outline text="&secret;"><outline text="k" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${KURZ}"/></outline></body></opml>`
    expect(outcome(text)).toBe('IMPORT_MALFORMED OPML')
  })
})
