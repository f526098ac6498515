import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import { parseFreetube } from './freetube'
import { KURZ, VERI } from './import-models.fixtures'

const profile = (id: string, name: string, channels: string[]) =>
  JSON.stringify({
    _id: id,
    name,
    bgColor: '#000000',
    textColor: '#FFFFFF',
    subscriptions: channels.map((channel) => ({ id: channel, name: channel, thumbnail: '' })),
  })

describe('parseFreetube', () => {
  it('applies NeDB appends: a later line replaces in place, $$deleted removes', () => {
    const model = parseFreetube(
      [
        profile('allChannels', 'All Channels', [KURZ, VERI]),
        profile('a', 'First', [KURZ]),
        profile('b', 'Second', [VERI]),
        '{"$$indexCreated":{"fieldName":"name","unique":true}}',
        profile('a', 'First renamed', [VERI]),
        '{"$$deleted":true,"_id":"b"}',
        '',
      ].join('\r\n'),
    )
    expect(model.groups.map((group) => [group.name, group.items])).toEqual([
      ['First renamed', [{ kind: 'channel', key: `id:${VERI}` }]],
    ])
    expect(model.ungrouped).toEqual([{ kind: 'channel', key: `id:${KURZ}` }])
    expect(model.problems).toEqual([])
  })

  it('makes every profile a group when there is no main profile; bad lines by line', () => {
    const model = parseFreetube(
      [profile('x', 'Music', [KURZ]), '{"broken', profile('y', 'News', [VERI, 'nope']), ''].join(
        '\n',
      ),
    )
    expect(model.groups.map((group) => group.name)).toEqual(['Music', 'News'])
    expect(model.problems).toEqual([
      { line: 2, code: 'invalid', input: '{"broken' },
      { line: 3, code: 'invalid', input: '{"id":"nope","name":"nope","thumbnail":""}' },
    ])
  })

  it('reads the pre-profiles subscriptions.db: one channel a line, profiles as groups', () => {
    const legacy = (id: string, name: string, profiles: string[], _id: string) =>
      JSON.stringify({
        channelId: id,
        channelName: name,
        channelThumbnail: 'https://yt3.ggpht.com/a=s88',
        profile: profiles.map((value) => ({ value })),
        _id,
      })
    const model = parseFreetube(
      [
        legacy(KURZ, 'Kurzgesagt', ['All Channels', 'Science', 'Favourites'], 'a'),
        legacy(VERI, 'Veritasium', ['All Channels', 'Science'], 'b'),
        legacy('rumble.com/c/x', 'Elsewhere', ['All Channels'], 'c'),
        legacy(VERI, 'Veritasium', ['All Channels'], 'd'),
        '{"$$deleted":true,"_id":"d"}',
        '',
      ].join('\n'),
    )
    expect(model.format).toBe('freetube')
    expect(
      model.groups.map((group) => [group.name, group.items.map((entry) => entry.key)]),
    ).toEqual([
      ['Science', [`id:${KURZ}`, `id:${VERI}`]],
      ['Favourites', [`id:${KURZ}`]],
    ])
    expect(model.ungrouped).toEqual([])
    expect(model.channels.map((channel) => [channel.title, channel.avatarUrl])).toEqual([
      ['Kurzgesagt', 'https://yt3.ggpht.com/a=s88'],
      ['Veritasium', 'https://yt3.ggpht.com/a=s88'],
    ])
    expect(model.problems).toEqual([{ line: 3, code: 'otherService', input: 'rumble.com/c/x' }])
  })

  it('is damaged when no line is a profile', () => {
    let error: unknown = null
    try {
      parseFreetube('{"_id": "x", "na\n{{{\n')
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error instanceof AppError && error.params).toEqual({ format: 'FreeTube' })
  })
})
