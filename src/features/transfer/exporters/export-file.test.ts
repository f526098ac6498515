import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { EXPORT_FORMATS } from '~/config/formats'
import type { ExportModel } from '../transfer.schemas'
import {
  exportBody,
  exportBytes,
  exportChunks,
  exportContentType,
  exportFileExtension,
  exportFileName,
  exportStream,
  isTextExportFormat,
  slugify,
  type TextExportFormat,
} from './export-file'
import { CHUNK_SIZE, channelIdsOf, walkGroups } from './export-helpers'
import { BIG_CHANNELS, BIG_GROUPS, bigModel, smallModel } from './export-models.fixtures'
import { toBackup } from './tubefold-backup'

const date = new Date('2026-11-21T23:59:59.999Z')

describe('exportFileName', () => {
  it('names whole-account exports by format and UTC date', () => {
    const names = EXPORT_FORMATS.map((format) => exportFileName(format, { scopeName: null, date }))
    expect(names).toEqual([
      'tubefold-backup-2026-11-21.json',
      'tubefold-subscriptions-2026-11-21.opml',
      'tubefold-subscriptions-2026-11-21.csv',
      'tubefold-newpipe-2026-11-21.json',
      'tubefold-newpipe-2026-11-21.zip',
      'tubefold-freetube-2026-11-21.db',
      'tubefold-piped-2026-11-21.json',
    ])
  })

  it('names a subtree export by its group, slugified', () => {
    const scope = { scopeName: 'Tech Reviews', date }
    expect(exportFileName('opml', scope)).toBe('tubefold-tech-reviews-2026-11-21.opml')
    expect(exportFileName('tubefold', scope)).toBe('tubefold-backup-tech-reviews-2026-11-21.json')
    expect(exportFileName('freetube', scope)).toBe('tubefold-freetube-tech-reviews-2026-11-21.db')
  })

  it('uses the UTC day, not the local one', () => {
    const lateUtc = new Date('2026-11-21T23:30:00-05:00')
    expect(exportFileName('csv', { scopeName: null, date: lateUtc })).toBe(
      'tubefold-subscriptions-2026-11-22.csv',
    )
  })

  it('falls back to "group" when nothing of the name survives', () => {
    expect(exportFileName('piped', { scopeName: '📱🎸', date })).toBe(
      'tubefold-piped-group-2026-11-21.json',
    )
  })
})

describe('slugify', () => {
  it('keeps ASCII letters and digits, folds accents, joins the rest with dashes', () => {
    expect(slugify('Tech Reviews')).toBe('tech-reviews')
    expect(slugify('  Ärzte & Söhne / Café №5 ')).toBe('arzte-sohne-cafe-no5')
    expect(slugify('Straße, Ærø, Łódź')).toBe('strasse-aero-lodz')
    expect(slugify('東京 news')).toBe('news')
    expect(slugify('../../etc/passwd\r\n"x"')).toBe('etc-passwd-x')
    expect(slugify('')).toBe('')
  })

  it('cuts long names at a word boundary', () => {
    const slug = slugify('word '.repeat(40))
    expect(slug.length).toBeLessThanOrEqual(50)
    expect(slug).toMatch(/^word(-word)*$/)
    expect(slugify('x'.repeat(80))).toBe('x'.repeat(50))
  })

  it('only ever gives file-name-safe ASCII', () => {
    for (const name of ['a\u0000b', '\ud800', 'ǅ', 'ﬁ ligature', '-- -- --', 'Ⅻ']) {
      expect(slugify(name)).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/)
    }
  })
})

describe('exportContentType and extensions', () => {
  it('gives each format its type and extension', () => {
    const table = EXPORT_FORMATS.map((format) => [
      format,
      exportContentType(format),
      exportFileExtension(format),
    ])
    expect(table).toEqual([
      ['tubefold', 'application/json; charset=utf-8', 'json'],
      ['opml', 'text/x-opml; charset=utf-8', 'opml'],
      ['csv', 'text/csv; charset=utf-8; header=present', 'csv'],
      ['newpipe', 'application/json; charset=utf-8', 'json'],
      ['newpipe-zip', 'application/zip', 'zip'],
      ['freetube', 'application/x-ndjson; charset=utf-8', 'db'],
      ['piped', 'application/json; charset=utf-8', 'json'],
    ])
  })
})

const TEXT_FORMATS = EXPORT_FORMATS.filter(isTextExportFormat)

describe('exportChunks', () => {
  it('dispatches to each format', async () => {
    const starts: Record<TextExportFormat, string> = {
      tubefold: '{\n  "format": "tubefold-backup"',
      opml: '<?xml version="1.0" encoding="UTF-8"?>\n<opml version="1.1">',
      csv: 'Channel Id,Channel Url,Channel Title,Group Path\r\n',
      newpipe: '{"app_version":"0.27.6"',
      freetube: '{"_id":"allChannels"',
      piped: '{"format":"Piped"',
    }
    expect(EXPORT_FORMATS.filter((format) => !isTextExportFormat(format))).toEqual(['newpipe-zip'])
    for (const format of TEXT_FORMATS) {
      expect([...exportChunks(format, smallModel())].join('').startsWith(starts[format])).toBe(true)
    }
    // A zip whose one entry is NewPipe's database.
    const zip = unzipSync(await exportBytes('newpipe-zip', smallModel()))
    expect(Object.keys(zip)).toEqual(['newpipe.db'])
    expect(new TextDecoder().decode(zip['newpipe.db']?.subarray(0, 15))).toBe('SQLite format 3')
  })
})

describe('exportStream and exportBody', () => {
  it('streams each text format as the UTF-8 of its chunks', async () => {
    const model = smallModel()
    for (const format of TEXT_FORMATS) {
      const bytes = new Uint8Array(await new Response(exportStream(format, model)).arrayBuffer())
      expect(new TextDecoder().decode(bytes)).toBe([...exportChunks(format, model)].join(''))
    }
  })

  it("gives every format's file as the body, a built one whole", async () => {
    const model = smallModel()
    for (const format of EXPORT_FORMATS) {
      const body = await exportBody(format, model)
      expect(body instanceof ReadableStream).toBe(isTextExportFormat(format))
      const bytes = new Uint8Array(await new Response(body).arrayBuffer())
      expect(bytes).toEqual(await exportBytes(format, model))
    }
  })

  it('yields bounded chunks and can be cancelled midway', async () => {
    const model = bigModel()
    const reader = exportStream('csv', model).getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    expect(first.value?.byteLength).toBeLessThan(CHUNK_SIZE * 1.5)
    await reader.cancel()
    expect((await reader.read()).done).toBe(true)
  })
})

/*
 * 20,000 channels in 1,000 groups through every exporter. Each test takes a
 * few hundred milliseconds at most; the timeout only catches a collapse.
 */
describe('a big library', () => {
  const model: ExportModel = bigModel()
  const placements = [...walkGroups(model.groups)].reduce(
    (sum, { group }) => sum + channelIdsOf(group).length,
    0,
  )
  const ungrouped = model.ungrouped.length
  const run = (format: TextExportFormat) => {
    const chunks = [...exportChunks(format, model)]
    expect(chunks.length).toBeGreaterThan(5)
    for (const chunk of chunks) expect(chunk.length).toBeLessThan(CHUNK_SIZE * 1.5)
    return chunks.join('')
  }

  it('has the advertised size', () => {
    expect(model.channels).toHaveLength(BIG_CHANNELS)
    expect([...walkGroups(model.groups)]).toHaveLength(BIG_GROUPS)
    expect(placements).toBeGreaterThan(BIG_CHANNELS)
  })

  it('tubefold', { timeout: 5000 }, () => {
    const written = run('tubefold')
    // The non-streamed file; the schema side is the property test's job.
    expect(written).toBe(`${JSON.stringify(toBackup(model), null, 2)}\n`)
  })

  it('opml', { timeout: 5000 }, () => {
    const written = run('opml')
    expect(written.match(/ type="rss" /g)).toHaveLength(placements + ungrouped)
    expect(written.match(/<outline (?:(?!type=)[^>])*>/g)).toHaveLength(BIG_GROUPS)
    expect(written.endsWith('</opml>\n')).toBe(true)
  })

  it('csv', { timeout: 5000 }, () => {
    const rows = run('csv').split('\r\n')
    expect(rows).toHaveLength(1 + placements + ungrouped + 1)
    expect(rows.at(-1)).toBe('')
  })

  it('newpipe', { timeout: 5000 }, () => {
    const parsed: { subscriptions: unknown[] } = JSON.parse(run('newpipe'))
    expect(parsed.subscriptions).toHaveLength(BIG_CHANNELS)
  })

  it('freetube', { timeout: 5000 }, () => {
    const lines = run('freetube').split('\n')
    // A profile for each group holding channels: never an empty one.
    const holding = [...walkGroups(model.groups)].filter(
      ({ group }) => channelIdsOf(group).length > 0,
    )
    expect(holding.length).toBeLessThan(BIG_GROUPS)
    expect(lines).toHaveLength(1 + holding.length + 1)
    const all: { subscriptions: unknown[] } = JSON.parse(lines[0] ?? '')
    expect(all.subscriptions).toHaveLength(BIG_CHANNELS)
    const total = lines
      .slice(1, -1)
      .reduce((sum, line) => sum + (JSON.parse(line).subscriptions as unknown[]).length, 0)
    expect(total).toBe(placements)
  })

  it('piped', { timeout: 5000 }, () => {
    const parsed: { groups: { channels: string[] }[] } = JSON.parse(run('piped'))
    // Every group holds channels (top-level ones from the leaves list, too).
    expect(parsed.groups).toHaveLength(BIG_GROUPS)
    expect(parsed.groups.reduce((sum, group) => sum + group.channels.length, 0)).toBe(placements)
  })
})
