import { describe, expect, it } from 'vitest'
import type { ExportModel } from '../transfer.schemas'
import { ARZTE, LTT, MKBHD, NAMELESS, smallModel } from './export-models.fixtures'
import { toNewPipe } from './newpipe'

const text = (model: ExportModel) => [...toNewPipe(model)].join('')
const url = (id: string) => `https://www.youtube.com/channel/${id}`

describe('toNewPipe', () => {
  it('writes the small model exactly: every channel once, no animes, no groups', () => {
    expect(text(smallModel())).toBe(
      '{"app_version":"0.27.6","app_version_int":1003,"subscriptions":[' +
        `{"service_id":0,"url":"${url(LTT)}","name":"Linus Tech Tips"},` +
        `{"service_id":0,"url":"${url(MKBHD)}","name":"Marques, \\"MKBHD\\" Brownlee"},` +
        `{"service_id":0,"url":"${url(ARZTE)}","name":"Die Ärzte 🎸\\u0007"},` +
        `{"service_id":0,"url":"${url(NAMELESS)}","name":"${NAMELESS}"}` +
        ']}',
    )
  })

  it('writes an empty library as an empty list', () => {
    const model = { ...smallModel(), channels: [], groups: [], ungrouped: [] }
    expect(JSON.parse(text(model))).toEqual({
      app_version: '0.27.6',
      app_version_int: 1003,
      subscriptions: [],
    })
  })

  it('streams: the chunks join into the same document', () => {
    const model = smallModel()
    for (let index = 0; index < 3000; index++) {
      model.channels.push({
        id: `UC${String(index).padStart(22, '0')}`,
        title: `Channel "${index}"\n`,
        handle: null,
        avatarUrl: null,
        extras: { alias: null, notes: '', tags: [] },
      })
    }
    const chunks = [...toNewPipe(model)]
    expect(chunks.length).toBeGreaterThan(1)
    const expected = {
      app_version: '0.27.6',
      app_version_int: 1003,
      subscriptions: model.channels.map((channel) => ({
        service_id: 0,
        url: url(channel.id),
        name: channel.title || channel.id,
      })),
    }
    expect(chunks.join('')).toBe(JSON.stringify(expected))
  })
})
