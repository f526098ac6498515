import { describe, expect, it } from 'vitest'
import type { ImportModel } from '../transfer.schemas'
import { B3B1, channel, fixture, group, item, KURZ, text, VERI } from './import-models.fixtures'
import { parseImport } from './parse-import'

/* Which format a file is read as: by its content, the name only breaking ties. */

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

  it('takes a Grayjay backup with no groups by its subscriptions store', async () => {
    const { zipSync } = await import('fflate')
    const zip = zipSync({
      exportInfo: text('{"version":"1"}'),
      'stores/subscriptions': text(
        JSON.stringify([`https://www.youtube.com/channel/${KURZ}`, 'https://rumble.com/c/x']),
      ),
    })
    const model = await parseImport(zip, 'export.zip')
    expect(model.format).toBe('grayjay')
    expect(model.ungrouped).toEqual([item(KURZ)])
    expect(model.problems).toEqual([
      { line: 2, code: 'otherService', input: 'https://rumble.com/c/x' },
    ])
  })

  it('tells LibreTube’s backup from Piped’s groups and Invidious’ export', async () => {
    const groups = [{ groupName: 'Science', channels: [KURZ] }]
    const libretube = {
      groups,
      subscriptions: [
        { channelId: VERI, url: `https://www.youtube.com/channel/${VERI}`, name: 'V' },
      ],
      preferences: [],
    }
    const asLibreTube = await parseImport(text(JSON.stringify(libretube)), 'piped.json')
    expect(asLibreTube.format).toBe('libretube')
    expect(asLibreTube.ungrouped).toEqual([item(VERI)])
    const historyOnly = { groups, watchHistory: [] }
    expect((await parseImport(text(JSON.stringify(historyOnly)), null)).format).toBe('libretube')
    expect((await parseImport(text(JSON.stringify({ groups })), null)).format).toBe('piped')
    const invidious = { subscriptions: [KURZ], preferences: {}, watch_history: [] }
    expect((await parseImport(text(JSON.stringify(invidious)), null)).format).toBe('invidious')
  })

  it('takes FreeTube’s legacy subscriptions.db even when it holds a single channel', async () => {
    const one = JSON.stringify({ channelId: KURZ, channelName: 'K', profile: [], _id: 'x' })
    const model = await parseImport(text(one), 'subscriptions.db')
    expect(model.format).toBe('freetube')
    expect(model.ungrouped).toEqual([item(KURZ)])
  })
})
