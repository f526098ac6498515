import { describe, expect, it } from 'vitest'
import type { ExportModel } from '../transfer.schemas'
import { csvField, toCsv } from './csv'
import { ARZTE, LTT, MKBHD, NAMELESS, SPY, smallModel } from './export-models.fixtures'

const text = (model: ExportModel) => [...toCsv(model)].join('')
const url = (id: string) => `http://www.youtube.com/channel/${id}`

describe('toCsv', () => {
  it('writes the small model exactly: Takeout columns, one row per placement, CRLF, no BOM', () => {
    const written = text(smallModel())
    expect(written).toBe(
      [
        'Channel Id,Channel Url,Channel Title,Group Path',
        `${ARZTE},${url(ARZTE)},Die Ärzte 🎸\u0007,Tech & <Gadgets>`,
        `${LTT},${url(LTT)},Linus Tech Tips,Tech & <Gadgets> / Reviews`,
        `${MKBHD},${url(MKBHD)},"Marques, ""MKBHD"" Brownlee",Tech & <Gadgets> / Reviews`,
        `${NAMELESS},${url(NAMELESS)},,`,
        '',
      ].join('\r\n'),
    )
    expect(written.charCodeAt(0)).not.toBe(0xfeff)
    expect(written).not.toContain(SPY)
  })

  it('gives a channel in two groups two rows', () => {
    const model = smallModel()
    model.groups[1]?.items.push({ kind: 'channel', id: LTT })
    const rows = text(model)
      .split('\r\n')
      .filter((row) => row.startsWith(LTT))
    expect(rows).toEqual([
      `${LTT},${url(LTT)},Linus Tech Tips,Tech & <Gadgets> / Reviews`,
      `${LTT},${url(LTT)},Linus Tech Tips,Anime`,
    ])
  })

  it('quotes commas, quotes and line breaks in titles and paths', () => {
    const model: ExportModel = {
      exportedAt: '2026-11-21T10:30:00.000Z',
      scope: 'account',
      groups: [
        {
          name: 'News, "daily"',
          description: '',
          icon: null,
          color: null,
          groups: [
            {
              name: 'Two\nlines',
              description: '',
              icon: null,
              color: null,
              groups: [],
              items: [{ kind: 'channel', id: LTT }],
            },
          ],
          items: [],
        },
      ],
      ungrouped: [{ kind: 'channel', id: MKBHD }],
      channels: [
        {
          id: LTT,
          title: 'say "hi", then\r\nleave',
          handle: null,
          avatarUrl: null,
          extras: { alias: null, notes: '', tags: [] },
        },
        {
          id: MKBHD,
          title: ' 東京 ',
          handle: null,
          avatarUrl: null,
          extras: { alias: null, notes: '', tags: [] },
        },
      ],
      animes: [],
    }
    expect(text(model)).toBe(
      'Channel Id,Channel Url,Channel Title,Group Path\r\n' +
        `${LTT},${url(LTT)},"say ""hi"", then\r\nleave","News, ""daily"" / Two\nlines"\r\n` +
        `${MKBHD},${url(MKBHD)}, 東京 ,\r\n`,
    )
  })

  it('streams: the chunks join into the same file', () => {
    const model = smallModel()
    const anime = model.groups[1]
    if (anime === undefined) throw new Error('fixture changed')
    for (let index = 0; index < 3000; index++) anime.items.push({ kind: 'channel', id: MKBHD })
    const chunks = [...toCsv(model)]
    expect(chunks.length).toBeGreaterThan(1)
    const rows = chunks.join('').split('\r\n')
    expect(rows).toHaveLength(1 + 4 + 3000 + 1)
    expect(rows.at(-2)).toBe(`${NAMELESS},${url(NAMELESS)},,`)
  })
})

describe('csvField', () => {
  it('quotes only what RFC 4180 needs quoting', () => {
    expect(csvField('plain text')).toBe('plain text')
    expect(csvField('')).toBe('')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('a"b')).toBe('"a""b"')
    expect(csvField('a\nb')).toBe('"a\nb"')
    expect(csvField('a\rb')).toBe('"a\rb"')
    expect(csvField('Ärzte 🎸')).toBe('Ärzte 🎸')
  })

  it('keeps a spreadsheet from running a title as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`)
    expect(csvField('+1')).toBe("'+1")
    expect(csvField('-2')).toBe("'-2")
    expect(csvField('@handle')).toBe("'@handle")
    expect(csvField('a=b')).toBe('a=b')
  })
})
