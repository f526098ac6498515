import { readdirSync, readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FORMAT_NAMES } from '~/config/formats'
import { AppError } from '~/lib/app-error'
import { importModelViolations } from './model-invariants'
import { parseImport } from './parse-import'

/*
 * Whatever arrives, parseImport resolves to a well-formed model or rejects
 * with an IMPORT_* AppError (a damaged file naming a real format), quickly.
 */

const FIXTURES = new URL('./fixtures/', import.meta.url)
const fixtures = readdirSync(FIXTURES).map((name) => ({
  name,
  bytes: new Uint8Array(readFileSync(new URL(name, FIXTURES))),
}))
const FORMAT_LABELS = new Set(Object.values(FORMAT_NAMES))
/** CPU time a single case may use (not wall time, which a busy machine stretches): a cold JIT fits. */
const CASE_BUDGET_MS = 2000

async function outcome(bytes: Uint8Array, fileName: string | null): Promise<string> {
  const before = process.cpuUsage()
  let result: string
  try {
    const model = await parseImport(bytes, fileName)
    const violations = importModelViolations(model)
    result = violations.length === 0 ? 'ok' : `ill-formed model: ${violations.join('; ')}`
  } catch (error) {
    if (!(error instanceof AppError)) result = `threw ${String(error)}`
    else if (!error.code.startsWith('IMPORT_')) result = `wrong code ${error.code}`
    else if (error.code === 'IMPORT_MALFORMED' && !FORMAT_LABELS.has(String(error.params.format))) {
      result = `malformed without a format name: ${JSON.stringify(error.params)}`
    } else result = 'ok'
  }
  const used = process.cpuUsage(before)
  const cpuMs = (used.user + used.system) / 1000
  return cpuMs > CASE_BUDGET_MS ? `slow: ${Math.round(cpuMs)} ms of CPU` : result
}

type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'set'; at: number; byte: number }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip'), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('truncate'), at: fc.nat() }),
  fc.record({
    kind: fc.constant('insert'),
    at: fc.nat(),
    bytes: fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 16 }),
      fc
        .constantFrom(
          '"',
          ',',
          '\n',
          '\r\n',
          '{',
          '}',
          '[',
          ']',
          '<',
          '>',
          ' / ',
          '\\',
          '\u0000',
          'é',
        )
        .map((value) => new TextEncoder().encode(value)),
    ),
  }),
  fc.record({ kind: fc.constant('delete'), at: fc.nat(), length: fc.integer({ min: 1, max: 32 }) }),
  fc.record({ kind: fc.constant('set'), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
)

function mutate(source: Uint8Array, mutations: Mutation[]): Uint8Array {
  let bytes = source
  for (const change of mutations) {
    const at = bytes.length === 0 ? 0 : change.at % (bytes.length + 1)
    switch (change.kind) {
      case 'flip': {
        if (at >= bytes.length) break
        bytes = bytes.slice()
        bytes[at] = (bytes[at] ?? 0) ^ (1 << change.bit)
        break
      }
      case 'set': {
        if (at >= bytes.length) break
        bytes = bytes.slice()
        bytes[at] = change.byte
        break
      }
      case 'truncate':
        bytes = bytes.slice(0, at)
        break
      case 'insert': {
        const next = new Uint8Array(bytes.length + change.bytes.length)
        next.set(bytes.subarray(0, at))
        next.set(change.bytes, at)
        next.set(bytes.subarray(at), at + change.bytes.length)
        bytes = next
        break
      }
      case 'delete': {
        const end = Math.min(bytes.length, at + change.length)
        const next = new Uint8Array(bytes.length - (end - at))
        next.set(bytes.subarray(0, at))
        next.set(bytes.subarray(end), at)
        bytes = next
        break
      }
    }
  }
  return bytes
}

const fileName = fc.option(
  fc.constantFrom(
    'subscriptions.csv',
    'newpipe.zip',
    'profiles.db',
    'channel_groups.json',
    'subscriptions.opml',
    'tubefold-backup.json',
    'list.txt',
  ),
)

// Thousands of cases each: room for a loaded machine, so only a hang fails on time.
describe('parseImport fuzzing', { timeout: 120_000 }, () => {
  it('random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), fileName, async (bytes, name) => {
        expect(await outcome(bytes, name)).toBe('ok')
      }),
      { numRuns: 1500 },
    )
  })

  it('random bytes behind a real magic number (zip, SQLite) or BOM', async () => {
    const prefixes = [
      [0x50, 0x4b, 0x03, 0x04],
      [0x50, 0x4b, 0x05, 0x06],
      [...new TextEncoder().encode('SQLite format 3\u0000')],
      [0xef, 0xbb, 0xbf],
      [0xff, 0xfe],
    ]
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prefixes),
        fc.uint8Array({ maxLength: 2048 }),
        async (prefix, rest) => {
          expect(await outcome(new Uint8Array([...prefix, ...rest]), null)).toBe('ok')
        },
      ),
      { numRuns: 800 },
    )
  })

  it('valid fixtures mutated by flips, truncation, insertion and deletion', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fixtures),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        fileName,
        async (source, mutations, name) => {
          expect(await outcome(mutate(source.bytes, mutations), name ?? source.name)).toBe('ok')
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('arbitrary JSON documents, bare and under known keys', async () => {
    const known = fc.record(
      {
        format: fc.constantFrom('Piped', 'tubefold-backup', 'other'),
        version: fc.constantFrom(1, 2),
        groups: fc.jsonValue(),
        subscriptions: fc.jsonValue(),
        app_version: fc.string(),
        ysc_collection: fc.jsonValue(),
        _id: fc.string(),
        urls: fc.jsonValue(),
        channels: fc.jsonValue(),
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), known, fc.array(known)), async (value) => {
        const bytes = new TextEncoder().encode(JSON.stringify(value) ?? 'null')
        expect(await outcome(bytes, null)).toBe('ok')
      }),
      { numRuns: 1500 },
    )
  })

  it('text made of the formats’ own pieces', async () => {
    const piece = fc.constantFrom(
      'UCsXVk37bltHxD1rDPwtNM8Q',
      'http://www.youtube.com/channel/UCHnyfMqiRRG1u-2MsSQLbXA',
      '@veritasium',
      'https://www.crunchyroll.com/series/GRDV0019R/jujutsu-kaisen',
      ',',
      '"',
      '""',
      '\n',
      '\r\n',
      ' / ',
      '<opml>',
      '<body>',
      '<outline text="a" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=UCsXVk37bltHxD1rDPwtNM8Q"/>',
      '<outline text="',
      '</outline>',
      '</body></opml>',
      '{"_id":"x","name":"A / B","subscriptions":[{"id":"UCsXVk37bltHxD1rDPwtNM8Q"}]}',
      '&amp;',
      '&#0;',
      'Channel Id,Channel Url,Channel Title',
    )
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), async (pieces) => {
        expect(await outcome(new TextEncoder().encode(pieces.join('')), null)).toBe('ok')
      }),
      { numRuns: 1500 },
    )
  })
  it('real structures holding arbitrary names, channels and depths', async () => {
    const name = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc.string({ unit: 'grapheme', maxLength: 70 }),
      fc.constantFrom(
        '',
        ' ',
        ' / ',
        'a / b / ',
        '  x  ',
        'Cafe\u0301',
        'café',
        'CAFÉ',
        '🎵'.repeat(61),
      ),
    )
    const channelish = fc.oneof(
      fc.constantFrom(
        'UCsXVk37bltHxD1rDPwtNM8Q',
        'UCHnyfMqiRRG1u-2MsSQLbXA',
        'https://www.youtube.com/channel/UCYO_jab_esuFRV4b17AJtAw',
        'https://www.youtube.com/@Veritasium',
        '@veritasium',
        'https://odysee.com/@x:1',
      ),
      fc.string({ maxLength: 30 }),
    )
    type Tree = { name: string; channels: string[]; children: Tree[] }
    const treeOf = (depth: number): fc.Arbitrary<Tree> =>
      fc.record({
        name,
        channels: fc.array(channelish, { maxLength: 4 }),
        children: depth === 0 ? fc.constant([]) : fc.array(treeOf(depth - 1), { maxLength: 2 }),
      })
    const tree = treeOf(3)
    const deep = fc
      .tuple(fc.integer({ min: 1, max: 14 }), name, channelish)
      .map(([levels, leaf, channel]) => {
        let node: Tree = { name: leaf, channels: [channel], children: [] }
        for (let level = 0; level < levels; level++)
          node = { name: `L${level}`, channels: [], children: [node] }
        return node
      })
    const forest = fc.array(fc.oneof(tree, deep), { maxLength: 4 })
    const flat = (trees: Tree[]): Tree[] => trees.flatMap((node) => [node, ...flat(node.children)])
    const xml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
    const channelId = /^UC[A-Za-z0-9_-]{22}$/
    const render: Record<string, (trees: Tree[]) => string> = {
      piped: (trees) =>
        JSON.stringify({
          format: 'Piped',
          version: 1,
          groups: flat(trees).map((node) => ({ groupName: node.name, channels: node.channels })),
        }),
      pockettube: (trees) =>
        JSON.stringify({
          ysc_collection: {},
          ...Object.fromEntries(flat(trees).map((node) => [node.name, node.channels])),
        }),
      grayjay: (trees) =>
        JSON.stringify(
          flat(trees).map((node) =>
            JSON.stringify({ id: 'x', name: node.name, urls: node.channels }),
          ),
        ),
      freetube: (trees) =>
        `${flat(trees)
          .map((node, index) =>
            JSON.stringify({
              _id: index === 0 ? 'allChannels' : `p${index}`,
              name: node.name,
              bgColor: '#000',
              textColor: '#fff',
              subscriptions: node.channels.map((id) => ({ id, name: id, thumbnail: '' })),
            }),
          )
          .join('\n')}\n`,
      opml: (trees) => {
        const outline = (node: Tree): string =>
          `<outline text="${xml(node.name)}">${node.channels
            .map(
              (id) =>
                `<outline type="rss" text="c" xmlUrl="${xml(`https://www.youtube.com/feeds/videos.xml?channel_id=${id}`)}"/>`,
            )
            .join('')}${node.children.map(outline).join('')}</outline>`
        return `<?xml version="1.0"?><opml version="2.0"><body>${trees.map(outline).join('')}</body></opml>`
      },
      tubefold: (trees) => {
        const ids = new Set(
          flat(trees).flatMap((node) => node.channels.filter((id) => channelId.test(id))),
        )
        const group = (node: Tree): unknown => ({
          name: node.name === '' ? 'x' : node.name,
          items: node.channels
            .filter((id) => channelId.test(id))
            .map((id) => ({ kind: 'channel', id })),
          groups: node.children.map(group),
        })
        return JSON.stringify({
          format: 'tubefold-backup',
          version: 1,
          exportedAt: '2024-05-04T00:00:00Z',
          scope: 'account',
          groups: trees.map(group),
          channels: [...ids].map((id) => ({ id, title: id })),
        })
      },
    }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(render)), forest, async (format, trees) => {
        const file = render[format]?.(trees) ?? ''
        expect(await outcome(new TextEncoder().encode(file), null)).toBe('ok')
      }),
      { numRuns: 1500 },
    )
  })
})
