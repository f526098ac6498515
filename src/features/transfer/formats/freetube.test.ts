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
