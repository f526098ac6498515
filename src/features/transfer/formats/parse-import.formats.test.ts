import { describe, expect, it } from 'vitest'
import type { ChannelRef } from '~/lib/youtube-urls'
import type { ImportChannel, ImportModel } from '../transfer.schemas'
import {
  B3B1,
  channel,
  fixture,
  group,
  item,
  KURZ,
  LTT,
  MINPHYS,
  MKBHD,
  MUSIC,
  model,
  NUMB,
  refItem,
  TED,
  TOMSCOTT,
  VERI,
  VSAUCE,
} from './import-models.fixtures'
import { importModelViolations } from './model-invariants'
import { parseImport } from './parse-import'

/* Every format's fixture file, parsed into exactly the model it describes. */

async function parsed(name: string, fileName: string | null = name): Promise<ImportModel> {
  const result = await parseImport(fixture(name), fileName)
  expect(importModelViolations(result)).toEqual([])
  return result
}

describe('parseImport: one fixture per format, exactly', () => {
  it('Google Takeout CSV: Portuguese header, BOM, CRLF, quoted commas and quotes, a duplicate', async () => {
    expect(await parsed('takeout-subscriptions.csv')).toEqual(
      model({
        format: 'takeout-csv',
        ungrouped: [KURZ, VERI, TED, VSAUCE, B3B1, NUMB].map(item),
        channels: [
          channel(KURZ, 'Kurzgesagt – In a Nutshell'),
          channel(VERI, 'Veritasium'),
          channel(TED, 'TED-Ed, Lessons Worth Sharing'),
          channel(VSAUCE, 'Vsauce "Michael" Stevens'),
          channel(B3B1, '3Blue1Brown'),
          channel(NUMB, 'Numberphile'),
        ],
        problems: [
          {
            line: 6,
            code: 'duplicate',
            input: `${VERI},http://www.youtube.com/channel/${VERI},Veritasium`,
          },
        ],
      }),
    )
  })

  it('Google Takeout JSON: the subscribed channel, not the subscriber, with its avatar', async () => {
    const avatar = (name: string) => `https://yt3.ggpht.com/${name}=s88-c-k-c0xffffffff-no-rj-mo`
    expect(await parsed('takeout-subscriptions.json')).toEqual(
      model({
        format: 'takeout-json',
        ungrouped: [KURZ, VERI, B3B1].map(item),
        channels: [
          channel(KURZ, 'Kurzgesagt – In a Nutshell', avatar('kurzgesagt')),
          channel(VERI, 'Veritasium', avatar('veritasium')),
          channel(B3B1, '3Blue1Brown', avatar('3b1b')),
        ],
      }),
    )
  })

  it('NewPipe JSON: YouTube only, other services reported by entry', async () => {
    expect(await parsed('newpipe-subscriptions.json')).toEqual(
      model({
        format: 'newpipe-json',
        ungrouped: [KURZ, VERI, B3B1, NUMB].map(item),
        channels: [
          channel(KURZ, 'Kurzgesagt – In a Nutshell'),
          channel(VERI, 'Veritasium'),
          channel(B3B1, '3Blue1Brown'),
          channel(NUMB, 'Numberphile'),
        ],
        problems: [
          { line: 3, code: 'otherService', input: 'https://soundcloud.com/lofi-hip-hop-music' },
          {
            line: 5,
            code: 'otherService',
            input: 'https://framatube.org/video-channels/joinpeertube',
          },
        ],
      }),
    )
  })

  it('NewPipe zip: feed groups by sort order, a channel in two groups, SoundCloud skipped', async () => {
    const avatar = (name: string) => `https://yt3.ggpht.com/${name}=s900-c-k-c0x00ffffff-no-rj`
    expect(await parsed('newpipe-export.zip')).toEqual(
      model({
        format: 'newpipe-zip',
        groups: [
          group('Matemática', [item(B3B1), item(NUMB)]),
          group('Ciência', [item(KURZ), item(VERI), item(B3B1)]),
          // Its only member is the SoundCloud subscription: the group stays, empty.
          group('Música', []),
        ],
        ungrouped: [item(LTT)],
        channels: [
          channel(KURZ, 'Kurzgesagt – In a Nutshell', avatar('kurzgesagt')),
          channel(VERI, 'Veritasium', avatar('veritasium')),
          channel(B3B1, '3Blue1Brown', avatar('3b1b')),
          channel(NUMB, 'Numberphile', avatar('numberphile')),
          channel(LTT, 'Linus Tech Tips', avatar('ltt')),
        ],
        problems: [
          { line: 3, code: 'otherService', input: 'https://soundcloud.com/lofi-hip-hop-music' },
        ],
      }),
    )
  })

  it('FreeTube: All Channels is not a group, paths nest, an empty profile stays', async () => {
    const avatar = (name: string) => `https://yt3.ggpht.com/${name}=s176-c-k-c0x00ffffff-no-rj`
    expect(await parsed('freetube-profiles.db')).toEqual(
      model({
        format: 'freetube',
        groups: [
          group('Ciência', [], [group('Física', [item(VERI), item(KURZ)])]),
          group('Tecnologia', [item(LTT), item(KURZ)]),
          group('Para ver depois', []),
        ],
        ungrouped: [item(B3B1), item(MKBHD)],
        channels: [
          channel(KURZ, 'Kurzgesagt – In a Nutshell', avatar('kurzgesagt')),
          channel(VERI, 'Veritasium', avatar('veritasium')),
          channel(B3B1, '3Blue1Brown', avatar('3b1b')),
          channel(LTT, 'Linus Tech Tips', avatar('ltt')),
          channel(MKBHD, 'Marques Brownlee', avatar('mkbhd')),
        ],
      }),
    )
  })

  it("OPML, YouTube's own export: the single wrapper outline is unwrapped", async () => {
    expect(await parsed('youtube-subscriptions.opml')).toEqual(
      model({
        format: 'opml',
        ungrouped: [KURZ, VERI, TOMSCOTT].map(item),
        channels: [
          channel(KURZ, 'Kurzgesagt – In a Nutshell'),
          channel(VERI, 'Veritasium'),
          channel(TOMSCOTT, 'Tom Scott'),
        ],
      }),
    )
  })

  it('OPML three levels deep: folders nest, other feeds are problems on their line', async () => {
    const fermilab: ChannelRef = { kind: 'username', username: 'fermilab' }
    expect(await parsed('nested-subscriptions.opml')).toEqual(
      model({
        format: 'opml',
        groups: [
          group(
            'Ciência & Tecnologia',
            [item(KURZ)],
            [
              group(
                'Física',
                [item(MINPHYS)],
                [group('Partículas', [item(VERI), refItem(fermilab)])],
              ),
            ],
          ),
          group('Playlists', []),
        ],
        ungrouped: [item(B3B1)],
        channels: [
          channel(VERI, 'Veritasium'),
          {
            key: 'username:fermilab',
            ref: fermilab,
            title: 'Fermilab',
            avatarUrl: null,
            extras: null,
          },
          channel(MINPHYS, 'minutephysics'),
          channel(KURZ, 'Kurzgesagt – In a Nutshell'),
          channel(B3B1, '3Blue1Brown'),
        ],
        problems: [
          { line: 18, code: 'otherService', input: 'https://news.ycombinator.com/rss' },
          {
            line: 21,
            code: 'notChannel',
            input:
              'https://www.youtube.com/feeds/videos.xml?playlist_id=PLOzDu-MXXLliO9fBNZOQTBDddoA3FzZUo',
          },
        ],
      }),
    )
  })

  it('Piped: flat names with " / " become nested groups; problems by address entry', async () => {
    expect(await parsed('piped-channel_groups.json')).toEqual(
      model({
        format: 'piped',
        groups: [
          group(
            'Ciência',
            [item(KURZ), item(VERI), item(B3B1)],
            [group('Matemática', [item(B3B1), item(NUMB)])],
          ),
          group('Tech', [item(LTT)]),
          group('Vazio', []),
        ],
        channels: [channel(KURZ), channel(VERI), channel(B3B1), channel(NUMB), channel(LTT)],
        problems: [
          { line: 6, code: 'duplicate', input: NUMB },
          { line: 8, code: 'invalid', input: 'not-a-channel' },
        ],
      }),
    )
  })

  it('PocketTube: ysc_collection order first, settings keys ignored', async () => {
    expect(await parsed('pockettube.json')).toEqual(
      model({
        format: 'pockettube',
        groups: [
          group('Science', [item(KURZ), item(VERI), item(MKBHD)]),
          group('Tech', [item(LTT), item(MKBHD)]),
          group('Music', [item(MUSIC)]),
        ],
        channels: [channel(KURZ), channel(VERI), channel(MKBHD), channel(LTT), channel(MUSIC)],
      }),
    )
  })

  it('Grayjay: groups wrapped in JSON strings, handles kept, other sites reported', async () => {
    const numberphile: ChannelRef = { kind: 'handle', handle: 'numberphile' }
    expect(await parsed('grayjay-subscription_groups.json')).toEqual(
      model({
        format: 'grayjay',
        groups: [
          group('Science', [item(KURZ), item(VERI)]),
          group('Maths', [], [group('Puzzles', [item(B3B1), refItem(numberphile)])]),
        ],
        channels: [
          channel(KURZ),
          channel(VERI),
          channel(B3B1),
          {
            key: 'handle:numberphile',
            ref: numberphile,
            title: null,
            avatarUrl: null,
            extras: null,
          },
        ],
        problems: [{ line: 3, code: 'otherService', input: 'https://odysee.com/@veritasium:f' }],
      }),
    )
  })

  it('Invidious: subscriptions only, duplicates and broken ids by entry', async () => {
    expect(await parsed('invidious-subscription_manager.json')).toEqual(
      model({
        format: 'invidious',
        ungrouped: [KURZ, VERI, B3B1].map(item),
        channels: [channel(KURZ), channel(VERI), channel(B3B1)],
        problems: [
          { line: 3, code: 'duplicate', input: KURZ },
          { line: 5, code: 'invalid', input: 'UCbroken' },
        ],
      }),
    )
  })

  it('Tubefold backup: lossless (icons, colours, descriptions, extras, animes, " / " kept)', async () => {
    expect(await parsed('tubefold-backup.json')).toEqual(
      model({
        format: 'tubefold',
        groups: [
          group(
            'Ciência',
            [item(KURZ), item(VERI)],
            [
              group(
                'Física',
                [item(VERI)],
                [group('AC/DC & A / B', [item(MINPHYS)], [], { color: 'purple' })],
                { icon: 'emoji:⚛️' },
              ),
            ],
            { description: 'Vídeos para aprender', icon: 'lucide:flask-conical', color: 'teal' },
          ),
          group('Anime', [{ kind: 'anime', key: 'GRDV0019R' }, item(KURZ)], [], {
            icon: 'emoji:🍥',
            color: 'orange',
          }),
        ],
        ungrouped: [item(LTT)],
        channels: [
          channel(KURZ, 'Kurzgesagt – In a Nutshell', 'https://yt3.ggpht.com/kurzgesagt=s176', {
            alias: 'Kurz',
            notes: 'Birds are great.',
            tags: ['science', 'animation'],
          }),
          channel(VERI, 'Veritasium', 'https://yt3.ggpht.com/veritasium=s176', {
            alias: null,
            notes: '',
            tags: [],
          }),
          channel(MINPHYS, 'minutephysics', null, { alias: null, notes: '', tags: ['physics'] }),
          channel(LTT, 'Linus Tech Tips', 'https://yt3.ggpht.com/ltt=s176', {
            alias: null,
            notes: '',
            tags: [],
          }),
        ],
        animes: [
          {
            key: 'GRDV0019R',
            slug: 'jujutsu-kaisen',
            title: 'JUJUTSU KAISEN',
            posterUrl: 'https://imgsrv.crunchyroll.com/cdn-cgi/image/poster.jpg',
            extras: { alias: 'JJK', notes: 'Season 2 pending', tags: ['shounen'] },
          },
        ],
      }),
    )
  })

  it('plain list: links, ids, handles, Crunchyroll series; a bad line is one problem', async () => {
    const handle = (name: string): ImportChannel => ({
      key: `handle:${name}`,
      ref: { kind: 'handle', handle: name },
      title: null,
      avatarUrl: null,
      extras: null,
    })
    expect(await parsed('plain-list.txt')).toEqual(
      model({
        format: 'plain',
        ungrouped: [
          { kind: 'channel', key: 'handle:veritasium' },
          item(KURZ),
          item(B3B1),
          { kind: 'channel', key: 'handle:numberphile' },
          { kind: 'anime', key: 'GRDV0019R' },
          { kind: 'channel', key: 'custom:tomscottgo' },
        ],
        channels: [
          handle('veritasium'),
          channel(KURZ),
          channel(B3B1),
          handle('numberphile'),
          {
            key: 'custom:tomscottgo',
            ref: { kind: 'custom', name: 'TomScottGo' },
            title: null,
            avatarUrl: null,
            extras: null,
          },
        ],
        animes: [
          {
            key: 'GRDV0019R',
            slug: 'jujutsu-kaisen',
            title: 'Jujutsu Kaisen',
            posterUrl: null,
            extras: null,
          },
        ],
        problems: [
          { line: 4, code: 'notChannel', input: 'https://youtu.be/dQw4w9WgXcQ' },
          { line: 5, code: 'notChannel', input: 'https://www.youtube.com/watch?v=aircAruvnKk' },
          { line: 6, code: 'duplicate', input: 'https://www.youtube.com/@Veritasium/videos' },
          {
            line: 8,
            code: 'animeInvalid',
            input: 'https://www.crunchyroll.com/watch/GEVUZD021/ryomen-sukuna',
          },
          { line: 9, code: 'invalid', input: 'not a channel at all' },
        ],
      }),
    )
  })
})
