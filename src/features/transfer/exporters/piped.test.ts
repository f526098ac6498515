import { describe, expect, it } from 'vitest'
import type { ExportGroup, ExportModel } from '../transfer.schemas'
import { ARZTE, LTT, MKBHD, smallModel } from './export-models.fixtures'
import { toPiped } from './piped'

const text = (model: ExportModel) => [...toPiped(model)].join('')
const group = (name: string, groups: ExportGroup[], items: ExportGroup['items']): ExportGroup => ({
  name,
  description: '',
  icon: null,
  color: null,
  groups,
  items,
})

describe('toPiped', () => {
  it('writes the small model exactly: paths as names, empty leaves kept', () => {
    expect(text(smallModel())).toBe(
      '{"format":"Piped","version":1,"groups":[' +
        `{"groupName":"Tech & <Gadgets>","channels":["${ARZTE}"]},` +
        `{"groupName":"Tech & <Gadgets> / Reviews","channels":["${LTT}","${MKBHD}"]},` +
        '{"groupName":"Tech & <Gadgets> / Empty","channels":[]},' +
        '{"groupName":"Anime","channels":[]}' +
        ']}',
    )
  })

  it('leaves out a group that holds only groups (its children name it), keeps one holding channels', () => {
    const model: ExportModel = {
      ...smallModel(),
      groups: [
        group('Only folders', [group('Leaf', [], [{ kind: 'anime', id: 'GRDV0019R' }])], []),
        group(
          'Both',
          [group('Inner', [], [{ kind: 'channel', id: LTT }])],
          [{ kind: 'channel', id: MKBHD }],
        ),
      ],
    }
    expect(JSON.parse(text(model))).toEqual({
      format: 'Piped',
      version: 1,
      groups: [
        { groupName: 'Only folders / Leaf', channels: [] },
        { groupName: 'Both', channels: [MKBHD] },
        { groupName: 'Both / Inner', channels: [LTT] },
      ],
    })
  })

  it('writes an empty tree as no groups', () => {
    expect(text({ ...smallModel(), groups: [] })).toBe('{"format":"Piped","version":1,"groups":[]}')
  })

  it('streams: the chunks join into the same document', () => {
    const groups = Array.from({ length: 2000 }, (_, index) =>
      group(`Group "${index}" ⚡`, [], [{ kind: 'channel', id: LTT }]),
    )
    const chunks = [...toPiped({ ...smallModel(), groups })]
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.join('')).toBe(
      JSON.stringify({
        format: 'Piped',
        version: 1,
        groups: groups.map((entry) => ({ groupName: entry.name, channels: [LTT] })),
      }),
    )
  })
})
