import { describe, expect, it } from 'vitest'
import { GROUP_DEPTH_MAX } from '~/config/product'
import type { ChannelRef } from '~/lib/youtube-urls'
import { codeOf } from '../../../../tests/support/app-errors'
import type { ImportGroup } from '../transfer.schemas'
import {
  ENTRIES_MAX,
  IMPORT_GROUPS_MAX,
  isOtherService,
  lookupChannel,
  ModelBuilder,
  PROBLEMS_MAX,
  UNNAMED_GROUP,
} from './model-builder'
import { importModelViolations } from './model-invariants'

const KURZ: ChannelRef = { kind: 'id', id: 'UCsXVk37bltHxD1rDPwtNM8Q' }
const VERI: ChannelRef = { kind: 'id', id: 'UCHnyfMqiRRG1u-2MsSQLbXA' }

function names(groups: ImportGroup[]): unknown[] {
  return groups.map((group) =>
    group.groups.length === 0 ? group.name : [group.name, names(group.groups)],
  )
}

describe('ModelBuilder', () => {
  it('dedupes channels by refKey: a second occurrence in one place is a duplicate on its line', () => {
    const builder = new ModelBuilder('plain')
    builder.place(null, builder.channel({ kind: 'handle', handle: 'Veritasium' }), 1, '@Veritasium')
    builder.place(null, builder.channel({ kind: 'handle', handle: 'veritasium' }), 7, '@veritasium')
    const model = builder.build()
    expect(model.channels).toHaveLength(1)
    expect(model.ungrouped).toEqual([{ kind: 'channel', key: 'handle:veritasium' }])
    expect(model.problems).toEqual([{ line: 7, code: 'duplicate', input: '@veritasium' }])
  })

  it('puts one channel in two groups without a problem, and keeps the first title found', () => {
    const builder = new ModelBuilder('piped')
    const science = builder.group(null, 'Science', 1)
    const maths = builder.group(null, 'Maths', 2)
    builder.place(science, builder.channel(KURZ), 1, 'a')
    builder.place(maths, builder.channel(KURZ, { title: '  Kurzgesagt ' }), 2, 'b')
    builder.place(null, builder.channel(KURZ, { title: 'Other' }), 3, 'c')
    const model = builder.build()
    expect(model.problems).toEqual([])
    expect(model.channels[0]?.title).toBe('Kurzgesagt')
    expect(model.groups.map((group) => group.items)).toEqual([
      [{ kind: 'channel', key: `id:${KURZ.id}` }],
      [{ kind: 'channel', key: `id:${KURZ.id}` }],
    ])
    // In a group, so not ungrouped even though the file also listed it loose.
    expect(model.ungrouped).toEqual([])
  })

  it('splits flat paths on " / " only, NFC-normalises and trims, merges same-named siblings', () => {
    const builder = new ModelBuilder('freetube')
    builder.groupPath(null, 'Cafe\u0301 / Jazz', 1)
    builder.groupPath(null, '  café  /  /  jazz / AC/DC ', 2)
    builder.groupPath(null, 'Music', 3)
    builder.groupPath(null, 'MUSIC', 4)
    builder.place(builder.groupPath(null, 'music / Rock', 5), builder.channel(KURZ), 5, 'x')
    const model = builder.build()
    expect(names(model.groups)).toEqual([
      ['Café', [['Jazz', ['AC/DC']]]],
      ['Music', ['Rock']],
    ])
    expect(model.problems).toEqual([])
    expect(importModelViolations(model)).toEqual([])
  })

  it('truncates names over 60 code points (emoji count as one) and names the nameless', () => {
    const builder = new ModelBuilder('piped')
    const long = `${'🎵'.repeat(59)}ab`
    builder.group(null, long, 3)
    builder.group(null, '   ', 4)
    builder.group(null, '', 5)
    builder.groupPath(null, ' / ', 6)
    builder.place(null, builder.channel(KURZ), 1, 'x')
    const model = builder.build()
    expect(model.groups.map((group) => group.name)).toEqual([
      `${'🎵'.repeat(59)}a`,
      UNNAMED_GROUP,
      `${UNNAMED_GROUP} 2`,
      `${UNNAMED_GROUP} 3`,
    ])
    expect(model.problems).toEqual([
      { line: 3, code: 'nameTruncated', input: long },
      { line: 4, code: 'nameMissing', input: '   ' },
      { line: 5, code: 'nameMissing', input: '' },
      { line: 6, code: 'nameMissing', input: ' / ' },
    ])
  })

  it('folds levels deeper than 10 into their level-10 ancestor', () => {
    const builder = new ModelBuilder('opml')
    const path = Array.from({ length: GROUP_DEPTH_MAX + 2 }, (_, index) => `L${index + 1}`)
    const deepest = builder.groupPath(null, path.join(' / '), 9)
    builder.place(deepest, builder.channel(KURZ), 9, 'x')
    const model = builder.build()
    let level = model.groups[0]
    for (let depth = 1; depth < GROUP_DEPTH_MAX; depth++) level = level?.groups[0]
    expect(level?.name).toBe('L10')
    expect(level?.groups).toEqual([])
    expect(level?.items).toEqual([{ kind: 'channel', key: `id:${KURZ.id}` }])
    expect(model.problems).toEqual([
      { line: 9, code: 'tooDeep', input: 'L11' },
      { line: 9, code: 'tooDeep', input: 'L12' },
    ])
    expect(importModelViolations(model)).toEqual([])
  })

  it('keeps the first description, icon and colour of merged groups', () => {
    const builder = new ModelBuilder('tubefold')
    builder.group(null, 'A', 1, { description: '', icon: null, color: 'red' })
    builder.group(null, 'a', 2, { description: '  Desc ', icon: 'emoji:🎵', color: 'blue' })
    const model = builder.build()
    expect(model.groups).toEqual([
      { name: 'A', description: 'Desc', icon: 'emoji:🎵', color: 'red', groups: [], items: [] },
    ])
  })

  it('refuses more than IMPORT_MAX_CHANNELS channels', async () => {
    const builder = new ModelBuilder('plain')
    for (let index = 0; index < 20_000; index++) {
      builder.channel({ kind: 'handle', handle: `channel${index}` })
    }
    expect(builder.channelCount).toBe(20_000)
    // The same channel again is not a new one.
    builder.channel({ kind: 'handle', handle: 'CHANNEL0' })
    expect(await codeOf(() => builder.channel({ kind: 'handle', handle: 'one-more' }))).toBe(
      'IMPORT_TOO_MANY',
    )
  })

  it('refuses more than IMPORT_GROUPS_MAX groups and endless repeats', async () => {
    const groups = new ModelBuilder('piped')
    for (let index = 0; index < IMPORT_GROUPS_MAX; index++) groups.group(null, `g${index}`, 1)
    groups.group(null, 'G0', 1)
    expect(await codeOf(() => groups.group(null, 'one more', 1))).toBe('IMPORT_TOO_MANY_GROUPS')

    const repeats = new ModelBuilder('plain')
    const item = repeats.channel(KURZ)
    expect(
      await codeOf(() => {
        for (let index = 0; index <= ENTRIES_MAX; index++) repeats.place(null, item, index, 'x')
      }),
    ).toBe('IMPORT_TOO_MANY')
  })

  it('caps the problem list and shortens each input to 200 characters', () => {
    const builder = new ModelBuilder('plain')
    for (let index = 0; index < PROBLEMS_MAX + 50; index++) {
      builder.problem(index + 1, 'invalid', 'é'.repeat(500))
    }
    builder.place(null, builder.channel(KURZ), 1, 'x')
    const { problems } = builder.build()
    expect(problems).toHaveLength(PROBLEMS_MAX)
    expect(problems[0]?.input).toBe('é'.repeat(200))
  })

  it('cleans titles and avatar addresses', () => {
    const builder = new ModelBuilder('takeout-json')
    builder.place(
      null,
      builder.channel(KURZ, { title: '   ', avatarUrl: 'javascript:alert(1)' }),
      1,
      '',
    )
    builder.place(
      null,
      builder.channel(VERI, { title: ' V ', avatarUrl: ' https://x.test/a.jpg ' }),
      2,
      '',
    )
    const model = builder.build()
    expect(model.channels.map(({ title, avatarUrl }) => ({ title, avatarUrl }))).toEqual([
      { title: null, avatarUrl: null },
      { title: 'V', avatarUrl: 'https://x.test/a.jpg' },
    ])
  })

  it('lists a catalogue entry no group holds as ungrouped', () => {
    const builder = new ModelBuilder('tubefold')
    builder.channel(KURZ)
    builder.anime({ id: 'GRDV0019R', slug: 'jujutsu-kaisen', title: 'JJK' })
    expect(builder.build().ungrouped).toEqual([
      { kind: 'channel', key: `id:${KURZ.id}` },
      { kind: 'anime', key: 'GRDV0019R' },
    ])
  })

  it('is empty without channels or animes, except a backup holding only groups', async () => {
    const flat = new ModelBuilder('piped')
    flat.group(null, 'Only a group', 1)
    expect(await codeOf(() => flat.build())).toBe('IMPORT_EMPTY')
    const backup = new ModelBuilder('tubefold')
    backup.group(null, 'Only a group', 1)
    expect(backup.build().groups).toHaveLength(1)
    expect(await codeOf(() => new ModelBuilder('tubefold').build())).toBe('IMPORT_EMPTY')
  })
})

describe('lookupChannel', () => {
  it('tells another site from junk', () => {
    expect(lookupChannel('https://odysee.com/@veritasium:f').code).toBe('otherService')
    expect(lookupChannel('not a channel').code).toBe('invalid')
    expect(lookupChannel('https://www.youtube.com/watch?v=x').code).toBe('notChannel')
    expect(lookupChannel(`https://www.youtube.com/channel/${KURZ.id}`).ref).toEqual(KURZ)
  })

  it('calls Rumble, Odysee and LBRY addresses otherService, whatever scheme they carry', () => {
    for (const address of [
      'https://rumble.com/c/madattheinternet',
      'rumble.com/c/attorneytom',
      'lbry://@elissaclips#f396490429364e98d5070588aabfd039d0fc93b5',
      'https://odysee.com/@veritasium:f',
    ]) {
      expect(isOtherService(address), address).toBe(true)
      expect(lookupChannel(address).code, address).toBe('otherService')
    }
    expect(isOtherService('https://notrumble.com.example/c/x')).toBe(false)
    expect(isOtherService(`https://www.youtube.com/channel/${KURZ.id}`)).toBe(false)
  })
})
