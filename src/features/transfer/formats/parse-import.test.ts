import { describe, expect, it } from 'vitest'
import { errorOf } from '../../../../tests/support/app-errors'
import { fixture, text } from './import-models.fixtures'
import { parseImport } from './parse-import'

/* What parseImport refuses, and how fast it reads the largest file it takes. */

describe('parseImport: errors are always typed', () => {
  it('refuses files over 10 MB before reading them', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    expect(await errorOf(parseImport(big, 'x.csv'))).toMatchObject({
      code: 'IMPORT_TOO_LARGE',
      params: { max: 10 },
    })
  })

  it('refuses more than 20,000 channels', async () => {
    const ids = Array.from({ length: 20_001 }, (_, index) => `UC${String(index).padStart(22, '0')}`)
    const csv = ids.map((id) => `${id},http://www.youtube.com/channel/${id},Channel ${id}`)
    expect(await errorOf(parseImport(text(csv.join('\n')), null))).toMatchObject({
      code: 'IMPORT_TOO_MANY',
      params: { max: 20_000 },
    })
    const exactly = await parseImport(text(csv.slice(0, 20_000).join('\n')), null)
    expect(exactly.channels).toHaveLength(20_000)
    // Two 20,000-row files: room for a loaded machine, so only a hang fails on time.
  }, 60_000)

  it('names the format of a damaged file', async () => {
    const broken = (value: string) => parseImport(text(value), null)
    expect(
      await errorOf(broken('{"format":"Piped","version":1,"groups":[{"groupName":')),
    ).toMatchObject({
      code: 'IMPORT_MALFORMED',
      params: { format: 'Piped' },
    })
    expect(await errorOf(broken('{"format":"tubefold-backup","version":1}'))).toMatchObject({
      code: 'IMPORT_MALFORMED',
      params: { format: 'Tubefold' },
    })
    expect(
      await errorOf(broken('<?xml version="1.0"?><opml><body><outline text="a">')),
    ).toMatchObject({
      code: 'IMPORT_MALFORMED',
      params: { format: 'OPML' },
    })
    const takeout = `Channel Id,Channel Url,Channel Title\nUC${'0'.repeat(22)},http://www.youtube.com/channel/UC${'0'.repeat(22)},A`
    expect(
      await errorOf(broken(`${takeout}\n${takeout.split('\n')[1]},"never closed`)),
    ).toMatchObject({
      code: 'IMPORT_MALFORMED',
      params: { format: 'Google Takeout (CSV)' },
    })
    expect(await errorOf(broken('{"app_version":"0.27","subscriptions":{}}'))).toMatchObject({
      code: 'IMPORT_MALFORMED',
      params: { format: 'NewPipe (JSON)' },
    })
    const zip = fixture('newpipe-export.zip')
    expect(await errorOf(parseImport(zip.subarray(0, zip.length - 30), null))).toMatchObject({
      code: 'IMPORT_MALFORMED',
      params: { format: 'NewPipe (ZIP)' },
    })
    const { zipSync } = await import('fflate')
    const notADb = zipSync({ 'newpipe.db': text('SQLite format 3\u0000 but then nothing') })
    expect(await errorOf(parseImport(notADb, null))).toMatchObject({
      code: 'IMPORT_MALFORMED',
      params: { format: 'NewPipe (ZIP)' },
    })
  })

  it('says unrecognised for binary, foreign JSON and prose, empty for nothing', async () => {
    expect((await errorOf(parseImport(new Uint8Array([0, 159, 146, 150, 1, 2]), null))).code).toBe(
      'IMPORT_UNRECOGNISED',
    )
    expect((await errorOf(parseImport(text('{"hello":"world"}'), null))).code).toBe(
      'IMPORT_UNRECOGNISED',
    )
    expect((await errorOf(parseImport(text('Dear diary, today I cooked.'), null))).code).toBe(
      'IMPORT_UNRECOGNISED',
    )
    const { zipSync } = await import('fflate')
    expect((await errorOf(parseImport(zipSync({ 'a.txt': text('hi') }), null))).code).toBe(
      'IMPORT_UNRECOGNISED',
    )
    for (const empty of ['', '  \n\r\n', '[]', '{}', '{"subscriptions":[]}']) {
      expect((await errorOf(parseImport(text(empty), null))).code).toBe('IMPORT_EMPTY')
    }
    expect((await errorOf(parseImport(text('https://youtu.be/dQw4w9WgXcQ'), null))).code).toBe(
      'IMPORT_EMPTY',
    )
    expect(
      (await errorOf(parseImport(text('Channel Id,Channel Url,Channel Title\r\n'), null))).code,
    ).toBe('IMPORT_EMPTY')
  })

  it('parses a 20,000-row Takeout CSV without a blow-up', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => {
      const id = `UC${index.toString(36).padStart(22, '0')}`
      return `${id},http://www.youtube.com/channel/${id},"Channel, number ${index}"`
    })
    const file = text(`\ufeffChannel Id,Channel Url,Channel Title\r\n${rows.join('\r\n')}\r\n`)
    const before = process.cpuUsage()
    const result = await parseImport(file, null)
    const used = process.cpuUsage(before)
    expect(result.channels).toHaveLength(20_000)
    // CPU time, not wall time; a few hundred ms is usual, so only a blow-up reaches the bound. The
    // speed target (parse + preview within 1 s) is bench/import.ts's.
    expect((used.user + used.system) / 1000).toBeLessThan(10_000)
  }, 60_000)
})
