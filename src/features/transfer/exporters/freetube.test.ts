import { describe, expect, it } from 'vitest'
import { GROUP_COLORS } from '~/features/groups/groups.schemas'
import type { ExportGroup, ExportModel } from '../transfer.schemas'
import { ARZTE, LTT, MKBHD, NAMELESS, smallModel } from './export-models.fixtures'
import {
  FREETUBE_COLORS,
  profileColors,
  readableTextColor,
  relativeLuminance,
  stableProfileId,
  toFreeTube,
} from './freetube'

const text = (model: ExportModel) => [...toFreeTube(model)].join('')
const contrast = (a: string, b: string) => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

describe('toFreeTube', () => {
  it('writes the small model exactly: All Channels first, a profile per group holding channels', () => {
    const ltt = `{"id":"${LTT}","name":"Linus Tech Tips","thumbnail":"https://yt3.ggpht.com/ltt=s88"}`
    const mkbhd = `{"id":"${MKBHD}","name":"Marques, \\"MKBHD\\" Brownlee","thumbnail":""}`
    const arzte = `{"id":"${ARZTE}","name":"Die Ärzte 🎸\\u0007","thumbnail":"https://yt3.ggpht.com/a?x=1&y=2"}`
    const nameless = `{"id":"${NAMELESS}","name":"${NAMELESS}","thumbnail":""}`
    expect(text(smallModel())).toBe(
      [
        `{"_id":"allChannels","name":"All Channels","bgColor":"#000000","textColor":"#FFFFFF","subscriptions":[${ltt},${mkbhd},${arzte},${nameless}]}`,
        `{"_id":"UEEfOu2T2Quty8NZ","name":"Tech & <Gadgets>","bgColor":"#3B82F6","textColor":"#000000","subscriptions":[${arzte}]}`,
        `{"_id":"CdnVM5M7K3EwYJ03","name":"Tech & <Gadgets> / Reviews","bgColor":"#EF4444","textColor":"#000000","subscriptions":[${ltt},${mkbhd}]}`,
        '',
      ].join('\n'),
    )
  })

  it('uses exactly the keys FreeTube writes, one profile a line', () => {
    const lines = text(smallModel()).split('\n')
    expect(lines.pop()).toBe('')
    for (const line of lines) {
      const profile: unknown = JSON.parse(line)
      expect(Object.keys(profile ?? {})).toEqual([
        '_id',
        'name',
        'bgColor',
        'textColor',
        'subscriptions',
      ])
    }
  })

  it('keeps ids across exports and tells same-path groups apart', () => {
    const twin = (): ExportGroup => ({
      name: 'Twin',
      description: '',
      icon: null,
      color: null,
      groups: [],
      items: [{ kind: 'channel', id: LTT }],
    })
    const ids = (model: ExportModel) =>
      text(model)
        .trimEnd()
        .split('\n')
        .map((line) => {
          const profile: { _id?: unknown } = JSON.parse(line)
          return String(profile._id)
        })
    const model = { ...smallModel(), groups: [twin(), twin()] }
    const first = ids(model)
    expect(first).toEqual(ids(model))
    expect(new Set(first).size).toBe(3)
    expect(first[1]).toBe(stableProfileId('Twin'))
    for (const id of first.slice(1)) expect(id).toMatch(/^[0-9A-Za-z]{16}$/)
  })

  it('never writes an empty profile: groups of groups, empty groups and anime-only groups stay out', () => {
    const model = smallModel()
    const [tech] = model.groups
    if (tech === undefined) throw new Error('small model without groups')
    // Tech now only holds an anime and its subgroups (one with channels, one empty).
    tech.items = tech.items.filter((item) => item.kind === 'anime')
    const profiles = text(model)
      .trimEnd()
      .split('\n')
      .map((line): { name: string; subscriptions: unknown[] } => JSON.parse(line))
    expect(profiles.map((profile) => profile.name)).toEqual([
      'All Channels',
      'Tech & <Gadgets> / Reviews',
    ])
    for (const profile of profiles) expect(profile.subscriptions.length).toBeGreaterThan(0)
  })

  it('writes thumbnails as https addresses or empty, never data:', () => {
    const model = smallModel()
    const avatars = [
      'data:image/svg+xml,%3Csvg%3E%3C/svg%3E',
      'http://yt3.ggpht.com/x=s88',
      'javascript:alert(1)',
      ' https://yt3.googleusercontent.com/y=s88 ',
    ]
    model.channels.forEach((channel, index) => {
      channel.avatarUrl = avatars[index] ?? null
    })
    const [all] = text(model).split('\n')
    const parsed: { subscriptions: { thumbnail: string }[] } = JSON.parse(all ?? '')
    expect(parsed.subscriptions.map((row) => row.thumbnail)).toEqual([
      '',
      'https://yt3.ggpht.com/x=s88',
      '',
      'https://yt3.googleusercontent.com/y=s88',
    ])
  })

  it('streams: the chunks join into the same lines', () => {
    const model = smallModel()
    for (let index = 0; index < 3000; index++) {
      model.channels.push({
        id: `UC${String(index).padStart(22, '0')}`,
        title: `Channel ${index}`,
        handle: null,
        avatarUrl: 'https://yt3.ggpht.com/x',
        extras: { alias: null, notes: '', tags: [] },
      })
    }
    const chunks = [...toFreeTube(model)]
    expect(chunks.length).toBeGreaterThan(1)
    const [all] = chunks.join('').split('\n')
    expect(JSON.parse(all ?? '')).toEqual({
      _id: 'allChannels',
      name: 'All Channels',
      bgColor: '#000000',
      textColor: '#FFFFFF',
      subscriptions: model.channels.map((channel) => ({
        id: channel.id,
        name: channel.title || channel.id,
        thumbnail: channel.avatarUrl ?? '',
      })),
    })
  })
})

describe('colours', () => {
  it('maps every group colour to a hex pair with readable text (WCAG AA, 4.5:1)', () => {
    for (const color of [...GROUP_COLORS, null]) {
      const { bgColor, textColor } = profileColors(color)
      expect(bgColor).toMatch(/^#[0-9A-F]{6}$/)
      expect(contrast(bgColor, textColor)).toBeGreaterThanOrEqual(4.5)
    }
    expect(new Set(Object.values(FREETUBE_COLORS)).size).toBe(GROUP_COLORS.length)
  })

  it('picks white on dark and black on light backgrounds', () => {
    expect(readableTextColor('#000000')).toBe('#FFFFFF')
    expect(readableTextColor('#1E3A8A')).toBe('#FFFFFF')
    expect(readableTextColor('#FFFFFF')).toBe('#000000')
    expect(readableTextColor('#FDE047')).toBe('#000000')
  })
})
