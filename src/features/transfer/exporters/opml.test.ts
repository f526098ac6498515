import { describe, expect, it } from 'vitest'
import type { ExportModel } from '../transfer.schemas'
import { ARZTE, LTT, MKBHD, NAMELESS, smallModel } from './export-models.fixtures'
import { escapeXml, toOpml } from './opml'

const text = (model: ExportModel) => [...toOpml(model)].join('')
const feed = (id: string) =>
  `type="rss" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${id}" htmlUrl="https://www.youtube.com/channel/${id}"/>`

/** What an XML parser gives back for an attribute value (the five entities and numeric references). */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_, name: string) => {
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name] ?? ''
  })
}

/** XML 1.0 Char production (the characters a parser accepts at all). */
const XML_CHARS = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u

describe('toOpml', () => {
  it('writes the small model exactly: nested folders, feeds, ungrouped at the top of the body', () => {
    expect(text(smallModel())).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<opml version="1.1">',
        '  <head>',
        '    <title>Tubefold subscriptions</title>',
        '    <dateCreated>Sat, 21 Nov 2026 10:30:00 GMT</dateCreated>',
        '  </head>',
        '  <body>',
        '    <outline text="Tech &amp; &lt;Gadgets&gt;" title="Tech &amp; &lt;Gadgets&gt;">',
        '      <outline text="Reviews" title="Reviews">',
        `        <outline text="Linus Tech Tips" title="Linus Tech Tips" ${feed(LTT)}`,
        `        <outline text="Marques, &quot;MKBHD&quot; Brownlee" title="Marques, &quot;MKBHD&quot; Brownlee" ${feed(MKBHD)}`,
        '      </outline>',
        '      <outline text="Empty" title="Empty"/>',
        `      <outline text="Die Ärzte 🎸" title="Die Ärzte 🎸" ${feed(ARZTE)}`,
        '    </outline>',
        '    <outline text="Anime" title="Anime"/>',
        `    <outline text="${NAMELESS}" title="${NAMELESS}" ${feed(NAMELESS)}`,
        '  </body>',
        '</opml>',
        '',
      ].join('\n'),
    )
  })

  it('leaves dateCreated out when exportedAt is not a date', () => {
    const model = { ...smallModel(), exportedAt: 'not a date' }
    expect(text(model)).not.toContain('dateCreated')
  })

  it('streams: the chunks join into the same document', () => {
    const model = smallModel()
    const reviews = model.groups[0]?.groups[0]
    if (reviews === undefined) throw new Error('fixture changed')
    for (let index = 0; index < 3000; index++) reviews.items.push({ kind: 'channel', id: LTT })
    const chunks = [...toOpml(model)]
    expect(chunks.length).toBeGreaterThan(1)
    const whole = chunks.join('')
    expect(whole.match(/type="rss"/g)?.length).toBe(3004)
    expect(whole.endsWith('  </body>\n</opml>\n')).toBe(true)
  })
})

describe('escapeXml', () => {
  it('escapes markup characters', () => {
    expect(escapeXml(`Tom & "Jerry" <3 > 2 it's`)).toBe(
      "Tom &amp; &quot;Jerry&quot; &lt;3 &gt; 2 it's",
    )
  })

  it('keeps tab, newline and carriage return as references', () => {
    expect(escapeXml('a\tb\nc\rd')).toBe('a&#9;b&#10;c&#13;d')
  })

  it('strips characters XML cannot carry and C1 controls, keeps every script and emoji', () => {
    expect(escapeXml('a\u0000b\u0008c\u000bd\u001fe\u007ff\u0085g\ufffeh\uffffi')).toBe('abcdefghi')
    expect(escapeXml('x\ud800y\udc00z')).toBe('xyz')
    expect(escapeXml('東京 Москва Ärzte 👩🏽‍💻 𝄞')).toBe('東京 Москва Ärzte 👩🏽‍💻 𝄞')
  })

  it('gives attribute values a parser reads back as the name, minus the stripped characters', () => {
    const names = ['&<>"\'', 'a\u0001b', 'line\nbreak\ttab', '\ud83d', '🇧🇷 Brasil', 'A&amp;B']
    for (const name of names) {
      const escaped = escapeXml(name)
      expect(escaped).toMatch(XML_CHARS)
      expect(escaped).not.toMatch(/[<"]|&(?!(amp|lt|gt|quot|#\d+);)/)
      expect(decodeAttribute(escaped)).toBe(
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters escapeXml strips.
        name.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]|\ud83d/g, ''),
      )
    }
  })
})
