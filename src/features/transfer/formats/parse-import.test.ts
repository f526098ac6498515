import { describe, expect, it } from 'vitest'
import { errorOf } from '../../../../tests/support/app-errors'
import { fixture, text } from './import-models.fixtures'
import { parseImport } from './parse-import'

/* What parseImport refuses, and how fast it reads the largest file it takes. */

async function failure(promise: Promise<unknown>): Promise<{ code: string; params: unknown }> {
  const error = await errorOf(promise)
  return { code: error.code, params: error.params }
}

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
    const takeout = `Channel Id,Channel Url,Channel Title\nUC${'0'.repeat(22)},http://www.youtube.com/channel/UC${'0'.repeat(22)},A`
    expect(await failure(broken(`${takeout}\n${takeout.split('\n')[1]},"never closed`))).toEqual({
      code: 'IMPORT_MALFORMED',
      params: { format: 'Google Takeout (CSV)' },
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
