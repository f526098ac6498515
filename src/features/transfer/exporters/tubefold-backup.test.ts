import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type Backup, backupSchema } from '../formats/tubefold-backup.schemas'
import type { ExportModel } from '../transfer.schemas'
import { CHUNK_SIZE } from './export-helpers'
import { ARZTE, JJK, LTT, MKBHD, NAMELESS, SPY, smallModel } from './export-models.fixtures'
import { toBackup, toTubefoldBackup } from './tubefold-backup'

const text = (model: ExportModel) => [...toTubefoldBackup(model)].join('')

describe('toTubefoldBackup', () => {
  it('writes a tiny model exactly', () => {
    const model: ExportModel = {
      exportedAt: '2026-11-21T10:30:00.000Z',
      scope: 'group',
      groups: [
        {
          name: 'Tech',
          description: '',
          icon: 'emoji:📱',
          color: 'teal',
          groups: [],
          items: [{ kind: 'channel', id: LTT }],
        },
      ],
      ungrouped: [],
      channels: [
        {
          id: LTT,
          title: 'Linus Tech Tips',
          handle: null,
          avatarUrl: null,
          extras: { alias: null, notes: '', tags: ['a', 'b'] },
        },
      ],
      animes: [],
    }
    expect(text(model)).toBe(`{
  "format": "tubefold-backup",
  "version": 1,
  "exportedAt": "2026-11-21T10:30:00.000Z",
  "scope": "group",
  "groups": [
    {
      "name": "Tech",
      "description": "",
      "icon": "emoji:📱",
      "color": "teal",
      "groups": [],
      "items": [
        {
          "kind": "channel",
          "id": "UCXuqSBlHAE6Xw-yeJA0Tunw"
        }
      ]
    }
  ],
  "ungrouped": [],
  "channels": [
    {
      "id": "UCXuqSBlHAE6Xw-yeJA0Tunw",
      "title": "Linus Tech Tips",
      "handle": null,
      "avatarUrl": null,
      "alias": null,
      "notes": "",
      "tags": [
        "a",
        "b"
      ]
    }
  ],
  "animes": []
}
`)
  })

  it('carries the whole small model: tree, order, icons, colours, descriptions, extras, animes', () => {
    const expected: Backup = {
      format: 'tubefold-backup',
      version: 1,
      exportedAt: '2026-11-21T10:30:00.000Z',
      scope: 'account',
      groups: [
        {
          name: 'Tech & <Gadgets>',
          description: 'Phones, "laptops"\nand more',
          icon: 'lucide:cpu',
          color: 'blue',
          groups: [
            {
              name: 'Reviews',
              description: '',
              icon: null,
              color: 'red',
              groups: [],
              items: [
                { kind: 'channel', id: LTT },
                { kind: 'channel', id: MKBHD },
              ],
            },
            { name: 'Empty', description: '', icon: null, color: null, groups: [], items: [] },
          ],
          items: [
            { kind: 'channel', id: ARZTE },
            { kind: 'anime', id: JJK },
          ],
        },
        {
          name: 'Anime',
          description: '',
          icon: 'emoji:🍙',
          color: 'pink',
          groups: [],
          items: [{ kind: 'anime', id: JJK }],
        },
      ],
      ungrouped: [
        { kind: 'channel', id: NAMELESS },
        { kind: 'anime', id: SPY },
      ],
      channels: [
        {
          id: LTT,
          title: 'Linus Tech Tips',
          handle: 'LinusTechTips',
          avatarUrl: 'https://yt3.ggpht.com/ltt=s88',
          alias: 'LTT',
          notes: 'line one\nline two',
          tags: ['tech', 'reviews'],
        },
        {
          id: MKBHD,
          title: 'Marques, "MKBHD" Brownlee',
          handle: null,
          avatarUrl: null,
          alias: null,
          notes: '',
          tags: [],
        },
        {
          id: ARZTE,
          title: 'Die Ärzte 🎸\u0007',
          handle: 'dieaerzte',
          avatarUrl: 'https://yt3.ggpht.com/a?x=1&y=2',
          alias: null,
          notes: '',
          tags: [],
        },
        {
          id: NAMELESS,
          title: '',
          handle: null,
          avatarUrl: null,
          alias: null,
          notes: '',
          tags: [],
        },
      ],
      animes: [
        {
          id: JJK,
          slug: 'jujutsu-kaisen',
          title: 'JUJUTSU KAISEN',
          posterUrl: 'https://img.example/jjk.jpg',
          alias: 'JJK',
          notes: '',
          tags: ['shonen'],
        },
        {
          id: SPY,
          slug: 'spy-x-family',
          title: 'SPY x FAMILY',
          posterUrl: null,
          alias: null,
          notes: '',
          tags: [],
        },
      ],
    }
    const written = text(smallModel())
    expect(written).toBe(`${JSON.stringify(expected, null, 2)}\n`)
    expect(backupSchema.parse(JSON.parse(written))).toEqual(expected)
  })

  it('stays valid JSON with control characters, lone surrogates and every script', () => {
    const model = smallModel()
    const odd = 'a\u0000b\u001f\u2028\ud800x\udc00 "q" \\ 東京 Москва 👩🏽‍💻'
    const first = model.groups[0]
    if (first === undefined) throw new Error('fixture changed')
    first.name = odd
    first.description = odd
    const parsed = backupSchema.parse(JSON.parse(text(model)))
    expect(parsed.groups[0]?.name).toBe(odd)
    expect(parsed.groups[0]?.description).toBe(odd)
  })

  it('streams: many chunks of bounded size that join into the non-streamed file', () => {
    const model = smallModel()
    for (let index = 0; index < 5000; index++) {
      model.channels.push({
        id: `UC${String(index).padStart(22, '0')}`,
        title: `Channel ${index}`,
        handle: null,
        avatarUrl: null,
        extras: { alias: null, notes: '', tags: [] },
      })
    }
    const chunks = [...toTubefoldBackup(model)]
    expect(chunks.length).toBeGreaterThan(3)
    for (const chunk of chunks) expect(chunk.length).toBeLessThan(CHUNK_SIZE * 1.5)
    expect(chunks.join('')).toBe(`${JSON.stringify(toBackup(model), null, 2)}\n`)
  })
})

describe('docs/backup-format.md', () => {
  const doc = readFileSync(new URL('../../../../docs/backup-format.md', import.meta.url), 'utf8')
  const examples = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => match[1] ?? '')

  it('shows examples the schema accepts, the full one laid out as Tubefold writes it', () => {
    expect(examples).toHaveLength(2)
    const [full = '', smallest = ''] = examples
    const parsed = backupSchema.parse(JSON.parse(full))
    expect(full).toBe(JSON.stringify(parsed, null, 2))
    expect(backupSchema.parse(JSON.parse(smallest)).animes).toEqual([])
  })
})
