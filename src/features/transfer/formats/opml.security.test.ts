import { describe, expect, it } from 'vitest'
import { errorOf } from '../../../../tests/support/app-errors'
import { OPML_MAX_DEPTH, parseOpml } from './opml'

const KURZ = 'UCsXVk37bltHxD1rDPwtNM8Q'

/** A file that is not OPML as the parser reads it is refused as a damaged one. */
const MALFORMED = { code: 'IMPORT_MALFORMED', params: { format: 'OPML' } }

describe('OPML nesting depth', () => {
  it('refuses outlines nested deeper than OPML_MAX_DEPTH as a damaged file', async () => {
    const depth = OPML_MAX_DEPTH + 1
    const text = `<opml><body>${'<outline text="f">'.repeat(depth)}${'</outline>'.repeat(depth)}</body></opml>`
    expect(await errorOf(() => parseOpml(text))).toMatchObject(MALFORMED)
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
    const before = process.cpuUsage()
    const model = parseOpml(text)
    const used = process.cpuUsage(before)
    // CPU time, not wall time (a loaded machine stretches that): a few ms; expanding would take ages.
    expect((used.user + used.system) / 1000).toBeLessThan(500)
    // The reference stays as written: nothing was expanded.
    expect(model.groups[0]?.name).toBe('&l9;')
    expect(model.channels.map((channel) => channel.key)).toEqual([`id:${KURZ}`])
  })

  it('refuses an external entity as a damaged file: no file or address is read', async () => {
    const text = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<opml><body><outline text="&secret;"><outline text="k" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${KURZ}"/></outline></body></opml>`
    expect(await errorOf(() => parseOpml(text))).toMatchObject(MALFORMED)
  })
})
