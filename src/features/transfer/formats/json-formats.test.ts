import { describe, expect, it } from 'vitest'
import { errorOf } from '../../../../tests/support/app-errors'
import { parseGrayjay } from './grayjay'
import { KURZ, VERI } from './import-models.fixtures'
import { parseInvidious } from './invidious'
import { parseLibreTube } from './libretube'
import { parseNewpipeJson } from './newpipe-json'
import { parsePiped } from './piped'
import { parsePocketTube } from './pockettube'
import { parseTakeoutJson } from './takeout-json'
import { parseTubefoldBackup } from './tubefold-backup'

const backup = (extra: Record<string, unknown>) => ({
  format: 'tubefold-backup',
  version: 1,
  exportedAt: '2024-05-04T09:30:00.000Z',
  scope: 'account',
  groups: [],
  channels: [],
  ...extra,
})

describe('JSON formats whose shape is wrong are damaged, named', () => {
  it.each([
    ['NewPipe (JSON)', () => parseNewpipeJson({ subscriptions: 'x' })],
    ['Invidious', () => parseInvidious({ subscriptions: null })],
    ['Piped', () => parsePiped({ format: 'Piped', groups: [{ groupName: 'A', channels: 'x' }] })],
    ['Piped', () => parsePiped({ format: 'Piped', groups: [42] })],
    ['PocketTube', () => parsePocketTube([])],
    ['Grayjay', () => parseGrayjay(['{"nope":1}', 5])],
    ['Google Takeout (JSON)', () => parseTakeoutJson({})],
    ['Tubefold', () => parseTubefoldBackup(backup({ version: 2 }))],
    ['Tubefold', () => parseTubefoldBackup(backup({ groups: [{ name: '' }] }))],
  ])('%s', async (format, run) => {
    expect(await errorOf(run)).toMatchObject({ code: 'IMPORT_MALFORMED', params: { format } })
  })
})

describe('entries that are not channels are problems, by entry', () => {
  it('NewPipe JSON: non-objects, missing urls, other services', () => {
    const model = parseNewpipeJson({
      subscriptions: [
        { service_id: 0, url: `https://www.youtube.com/channel/${KURZ}`, name: 'K' },
        'oops',
        { service_id: 0 },
        { service_id: 0, url: 'https://www.youtube.com/watch?v=x' },
      ],
    })
    expect(model.problems).toEqual([
      { line: 2, code: 'invalid', input: 'oops' },
      { line: 3, code: 'invalid', input: '{"service_id":0}' },
      { line: 4, code: 'notChannel', input: 'https://www.youtube.com/watch?v=x' },
    ])
  })

  it('Takeout JSON: an entry without resourceId', () => {
    const model = parseTakeoutJson([
      { snippet: { resourceId: { channelId: KURZ }, title: 'K' } },
      { snippet: { title: 'no id' } },
    ])
    expect(model.problems).toEqual([
      { line: 2, code: 'invalid', input: '{"snippet":{"title":"no id"}}' },
    ])
  })

  it('PocketTube: array ysc_collection, names without arrays become empty groups', () => {
    const model = parsePocketTube({ ysc_collection: ['B', 'Empty'], A: [KURZ], B: [VERI, 7] })
    expect(model.groups.map((group) => [group.name, group.items.length])).toEqual([
      ['B', 1],
      ['Empty', 0],
      ['A', 1],
    ])
    // Numbered by the address's place in the file (B's second), not by its group.
    expect(model.problems).toEqual([{ line: 2, code: 'invalid', input: '7' }])
  })

  it('Grayjay: bare objects and a {groups} wrapper; non-groups are problems', () => {
    const model = parseGrayjay({
      groups: [{ id: '1', name: 'G', urls: [`https://www.youtube.com/channel/${KURZ}`] }, 'junk'],
    })
    expect(model.groups.map((group) => group.name)).toEqual(['G'])
    expect(model.problems).toEqual([{ line: 2, code: 'invalid', input: 'junk' }])
  })

  it('Tubefold backup: deep trees fold, unknown animes and repeated channels are problems', () => {
    type Group = { name: string; groups: Group[]; items: { kind: string; id: string }[] }
    let tree: Group = { name: 'L12', groups: [], items: [{ kind: 'channel', id: KURZ }] }
    for (let level = 11; level >= 1; level--)
      tree = { name: `L${level}`, groups: [tree], items: [] }
    const model = parseTubefoldBackup(
      backup({
        groups: [tree, { name: 'Anime', items: [{ kind: 'anime', id: 'GMISSING01' }] }],
        channels: [
          { id: KURZ, title: 'K' },
          { id: KURZ, title: 'K again' },
        ],
      }),
    )
    expect(model.problems).toEqual([
      { line: 2, code: 'duplicate', input: KURZ },
      { line: 11, code: 'tooDeep', input: 'L11' },
      { line: 12, code: 'tooDeep', input: 'L12' },
      { line: 13, code: 'animeInvalid', input: 'GMISSING01' },
    ])
    expect(model.channels).toEqual([
      {
        key: `id:${KURZ}`,
        ref: { kind: 'id', id: KURZ },
        title: 'K',
        avatarUrl: null,
        extras: { alias: null, notes: '', tags: [] },
      },
    ])
  })
})

describe('LibreTube backup', () => {
  it('imports subscriptions in no group ungrouped; groups without `channels` are empty', () => {
    const model = parseLibreTube({
      subscriptions: [
        { channelId: '', url: `https://www.youtube.com/channel/${KURZ}`, name: 'K' },
        { channelId: VERI, name: 'V', avatar: 'https://yt3.ggpht.com/v=s88' },
        { channelId: 'https://rumble.com/c/x' },
      ],
      groups: [{ groupName: 'Science', channels: [VERI, 'nope'] }, { groupName: 'Later' }],
    })
    expect(model.format).toBe('libretube')
    expect(
      model.groups.map((group) => [group.name, group.items.map((entry) => entry.key)]),
    ).toEqual([
      ['Science', [`id:${VERI}`]],
      ['Later', []],
    ])
    expect(model.ungrouped).toEqual([{ kind: 'channel', key: `id:${KURZ}` }])
    expect(model.channels.map((channel) => [channel.title, channel.avatarUrl])).toEqual([
      ['K', null],
      ['V', 'https://yt3.ggpht.com/v=s88'],
    ])
    // Addresses numbered across the file: 3 subscriptions, then the groups' channels.
    expect(model.problems).toEqual([
      { line: 3, code: 'otherService', input: '{"channelId":"https://rumble.com/c/x"}' },
      { line: 5, code: 'invalid', input: 'nope' },
    ])
  })
})
