import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AppError } from '~/lib/app-error'
import { type ChannelRef, refKey } from '~/lib/youtube-urls'
import type {
  EntryExtras,
  ImportChannel,
  ImportGroup,
  ImportItemRef,
  ImportModel,
} from '../transfer.schemas'
import { importModelViolations } from './model-invariants'
import { parseImport } from './parse-import'

const KURZ = 'UCsXVk37bltHxD1rDPwtNM8Q'
const VERI = 'UCHnyfMqiRRG1u-2MsSQLbXA'
const B3B1 = 'UCYO_jab_esuFRV4b17AJtAw'
const NUMB = 'UCoxcjq-8xIDTYp3uz647V5A'
const LTT = 'UCXuqSBlHAE6Xw-yeJA0Tunw'
const MKBHD = 'UCBJycsmduvYEL83R_U4JriQ'
const TED = 'UCsooa4yRKGN_zEE8iknghZA'
const VSAUCE = 'UC6nSFpj9HTCZ5t-N3Rm3-HA'
const MINPHYS = 'UCUHW94eEFW7hkUMVaZz4eDg'
const TOMSCOTT = 'UCBa659QWEk1AI4Tg--mrJ2A'
const MUSIC = 'UC2C_jShtL725hvbm1arSV9w'

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))
}

const item = (id: string): ImportItemRef => ({ kind: 'channel', key: `id:${id}` })
const refItem = (ref: ChannelRef): ImportItemRef => ({ kind: 'channel', key: refKey(ref) })

function channel(
  id: string,
  title: string | null = null,
  avatarUrl: string | null = null,
  extras: EntryExtras | null = null,
): ImportChannel {
  return { key: `id:${id}`, ref: { kind: 'id', id }, title, avatarUrl, extras }
}

function group(
  name: string,
  items: ImportItemRef[],
  groups: ImportGroup[] = [],
  meta: Partial<Pick<ImportGroup, 'description' | 'icon' | 'color'>> = {},
): ImportGroup {
  return { name, description: '', icon: null, color: null, groups, items, ...meta }
}

function model(partial: Partial<ImportModel> & Pick<ImportModel, 'format'>): ImportModel {
  return { groups: [], ungrouped: [], channels: [], animes: [], problems: [], ...partial }
}

async function parsed(name: string, fileName: string | null = name): Promise<ImportModel> {
  const result = await parseImport(fixture(name), fileName)
  expect(importModelViolations(result)).toEqual([])
  return result
}

async function failure(promise: Promise<unknown>): Promise<{ code: string; params: unknown }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return { code: error.code, params: error.params }
}

const text = (value: string) => new TextEncoder().encode(value)

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

  it('Piped: flat names with " / " become nested groups; problems by group entry', async () => {
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
          { line: 2, code: 'duplicate', input: NUMB },
          { line: 3, code: 'invalid', input: 'not-a-channel' },
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
        problems: [{ line: 1, code: 'otherService', input: 'https://odysee.com/@veritasium:f' }],
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

  it('plain list: links, ids, handles, Crunchyroll series; bad tokens by line', async () => {
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
          ...['not', 'a', 'channel', 'at', 'all'].map((input) => ({
            line: 9,
            code: 'invalid' as const,
            input,
          })),
        ],
      }),
    )
  })
})

describe('parseImport: detection by content, not by name', () => {
  const cases: [string, string, ImportModel['format']][] = [
    ['takeout-subscriptions.csv', 'newpipe-export.zip', 'takeout-csv'],
    ['takeout-subscriptions.json', 'subscriptions.csv', 'takeout-json'],
    ['newpipe-subscriptions.json', 'invidious-export.json', 'newpipe-json'],
    ['newpipe-export.zip', 'subscriptions.csv', 'newpipe-zip'],
    ['freetube-profiles.db', 'channels.json', 'freetube'],
    ['nested-subscriptions.opml', 'profiles.db', 'opml'],
    ['piped-channel_groups.json', 'pockettube.json', 'piped'],
    ['pockettube.json', 'channel_groups.json', 'pockettube'],
    ['grayjay-subscription_groups.json', 'tubefold-backup.json', 'grayjay'],
    ['invidious-subscription_manager.json', 'newpipe.json', 'invidious'],
    ['tubefold-backup.json', 'piped.json', 'tubefold'],
    ['plain-list.txt', 'subscriptions.opml', 'plain'],
  ]
  it.each(cases)('%s named %s is %s', async (file, misleadingName, format) => {
    expect((await parseImport(fixture(file), misleadingName)).format).toBe(format)
    expect((await parseImport(fixture(file), null)).format).toBe(format)
  })

  it('reads FreeTube’s CSV header, a headerless CSV and our own group-path column', async () => {
    const freetube = await parseImport(
      text(
        `Channel ID,Channel URL,Channel title\n${KURZ},https://www.youtube.com/channel/${KURZ},Kurzgesagt\n`,
      ),
      null,
    )
    expect(freetube.channels).toEqual([channel(KURZ, 'Kurzgesagt')])
    const headerless = await parseImport(
      text(`${KURZ},http://www.youtube.com/channel/${KURZ},Kurzgesagt\n${VERI},,Veritasium`),
      null,
    )
    expect(headerless.format).toBe('takeout-csv')
    expect(headerless.channels.map((entry) => entry.title)).toEqual(['Kurzgesagt', 'Veritasium'])
    const grouped = await parseImport(
      text(
        [
          'Channel Id,Channel Url,Channel Title,Group',
          `${KURZ},https://www.youtube.com/channel/${KURZ},Kurzgesagt,Ciência / Física`,
          `${KURZ},https://www.youtube.com/channel/${KURZ},Kurzgesagt,Favoritos`,
          `${VERI},https://www.youtube.com/channel/${VERI},Veritasium,`,
        ].join('\n'),
      ),
      'tubefold.csv',
    )
    expect(grouped.groups).toEqual([
      group('Ciência', [], [group('Física', [item(KURZ)])]),
      group('Favoritos', [item(KURZ)]),
    ])
    expect(grouped.ungrouped).toEqual([item(VERI)])
  })

  it('keeps a pasted "UC…, UC…" line a plain list, not a one-row CSV', async () => {
    const result = await parseImport(text(`${KURZ}, ${VERI}\n${B3B1}`), 'list.csv')
    expect(result.format).toBe('plain')
    expect(result.ungrouped).toEqual([item(KURZ), item(VERI), item(B3B1)])
  })

  it('reads a JSON array of addresses as a plain list, by entry', async () => {
    const result = await parseImport(
      text(JSON.stringify([`https://www.youtube.com/channel/${KURZ}`, 'nope', '@veritasium'])),
      null,
    )
    expect(result.format).toBe('plain')
    expect(result.problems).toEqual([{ line: 2, code: 'invalid', input: 'nope' }])
  })

  it('reads a single-line FreeTube profile file and a UTF-16 text file', async () => {
    const single = `{"_id":"allChannels","name":"All Channels","bgColor":"#000000","textColor":"#FFFFFF","subscriptions":[{"id":"${KURZ}","name":"K","thumbnail":""}]}`
    expect((await parseImport(text(single), null)).format).toBe('freetube')
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(Buffer.from(`@veritasium\n${KURZ}`, 'utf16le')),
    ])
    expect((await parseImport(utf16, null)).ungrouped).toHaveLength(2)
  })

  it('takes a raw newpipe.db and a Takeout zip too', async () => {
    const { listZip, readZipEntry } = await import('./newpipe-zip')
    const zip = fixture('newpipe-export.zip')
    const entry = listZip(zip).find((candidate) => candidate.name === 'newpipe.db')
    if (!entry) throw new Error('fixture without newpipe.db')
    const db = readZipEntry(zip, entry, 1 << 20)
    expect((await parseImport(db, 'newpipe.db')).format).toBe('newpipe-zip')

    const { zipSync } = await import('fflate')
    const takeout = zipSync({
      'Takeout/YouTube e YouTube Music/inscrições/inscrições.csv': fixture(
        'takeout-subscriptions.csv',
      ),
      'Takeout/arquivo_browser.html': text('<html></html>'),
    })
    const fromZip = await parseImport(takeout, 'takeout-20240504T091200Z-001.zip')
    expect(fromZip.format).toBe('takeout-csv')
    expect(fromZip.channels).toHaveLength(6)
  })

  it('takes a Grayjay backup zip by its subscription_groups store', async () => {
    const { zipSync } = await import('fflate')
    const zip = zipSync({
      exportInfo: text('{"version":"1"}'),
      'stores/subscription_groups': fixture('grayjay-subscription_groups.json'),
    })
    expect((await parseImport(zip, 'grayjay.zip')).format).toBe('grayjay')
  })
})

describe('parseImport: errors are always typed', () => {
  it('refuses files over 10 MB before reading them', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    expect(await failure(parseImport(big, 'x.csv'))).toEqual({
      code: 'IMPORT_TOO_LARGE',
      params: { max: 10 },
    })
  })

  it('refuses more than 20,000 channels', async () => {
    const ids = Array.from({ length: 20_001 }, (_, index) => `UC${String(index).padStart(22, '0')}`)
    const csv = ids.map((id) => `${id},http://www.youtube.com/channel/${id},Channel ${id}`)
    expect(await failure(parseImport(text(csv.join('\n')), null))).toEqual({
      code: 'IMPORT_TOO_MANY',
      params: { max: 20_000 },
    })
    const exactly = await parseImport(text(csv.slice(0, 20_000).join('\n')), null)
    expect(exactly.channels).toHaveLength(20_000)
  })

  it('names the format of a damaged file', async () => {
    const broken = (value: string) => parseImport(text(value), null)
    expect(await failure(broken('{"format":"Piped","version":1,"groups":[{"groupName":'))).toEqual({
      code: 'IMPORT_MALFORMED',
      params: { format: 'Piped' },
    })
    expect(await failure(broken('{"format":"tubefold-backup","version":1}'))).toEqual({
      code: 'IMPORT_MALFORMED',
      params: { format: 'Tubefold' },
    })
    expect(await failure(broken('<?xml version="1.0"?><opml><body><outline text="a">'))).toEqual({
      code: 'IMPORT_MALFORMED',
      params: { format: 'OPML' },
    })
    expect(await failure(broken('{"app_version":"0.27","subscriptions":{}}'))).toEqual({
      code: 'IMPORT_MALFORMED',
      params: { format: 'NewPipe (JSON)' },
    })
    const zip = fixture('newpipe-export.zip')
    expect(await failure(parseImport(zip.subarray(0, zip.length - 30), null))).toEqual({
      code: 'IMPORT_MALFORMED',
      params: { format: 'NewPipe (ZIP)' },
    })
    const { zipSync } = await import('fflate')
    const notADb = zipSync({ 'newpipe.db': text('SQLite format 3\u0000 but then nothing') })
    expect(await failure(parseImport(notADb, null))).toEqual({
      code: 'IMPORT_MALFORMED',
      params: { format: 'NewPipe (ZIP)' },
    })
  })

  it('says unrecognised for binary, foreign JSON and prose, empty for nothing', async () => {
    expect((await failure(parseImport(new Uint8Array([0, 159, 146, 150, 1, 2]), null))).code).toBe(
      'IMPORT_UNRECOGNISED',
    )
    expect((await failure(parseImport(text('{"hello":"world"}'), null))).code).toBe(
      'IMPORT_UNRECOGNISED',
    )
    expect((await failure(parseImport(text('Dear diary, today I cooked.'), null))).code).toBe(
      'IMPORT_UNRECOGNISED',
    )
    const { zipSync } = await import('fflate')
    expect((await failure(parseImport(zipSync({ 'a.txt': text('hi') }), null))).code).toBe(
      'IMPORT_UNRECOGNISED',
    )
    for (const empty of ['', '  \n\r\n', '[]', '{}', '{"subscriptions":[]}']) {
      expect((await failure(parseImport(text(empty), null))).code).toBe('IMPORT_EMPTY')
    }
    expect((await failure(parseImport(text('https://youtu.be/dQw4w9WgXcQ'), null))).code).toBe(
      'IMPORT_EMPTY',
    )
    expect(
      (await failure(parseImport(text('Channel Id,Channel Url,Channel Title\r\n'), null))).code,
    ).toBe('IMPORT_EMPTY')
  })

  it('parses a 20,000-row Takeout CSV well under 300 ms', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => {
      const id = `UC${index.toString(36).padStart(22, '0')}`
      return `${id},http://www.youtube.com/channel/${id},"Channel, number ${index}"`
    })
    const file = text(`\ufeffChannel Id,Channel Url,Channel Title\r\n${rows.join('\r\n')}\r\n`)
    await parseImport(file, null)
    // CPU time, best of three: wall time on a shared 2-core machine measures the neighbours.
    let best = Number.POSITIVE_INFINITY
    for (let run = 0; run < 3; run++) {
      const before = process.cpuUsage()
      const result = await parseImport(file, null)
      const used = process.cpuUsage(before)
      best = Math.min(best, (used.user + used.system) / 1000)
      expect(result.channels).toHaveLength(20_000)
    }
    expect(best).toBeLessThan(300)
  })
})
